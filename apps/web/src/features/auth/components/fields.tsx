import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/i18n';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** An error key (translated here), or nothing. */
  error: string | null | undefined;
  /** The field a modal focuses when it opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
}

/** The email box of the account forms: typed left to right, with the phone's address keyboard. */
export function EmailField({ value, onChange, error, autoFocus = false }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.fields.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      dir="ltr"
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error && t(messageKey(error))}
      data-autofocus={autoFocus || undefined}
    />
  );
}

const PASSWORDS = {
  /** Signing in. */
  current: { label: 'auth.fields.password', autoComplete: 'current-password', hint: false },
  /** Choosing one, with the rules under the box. */
  new: { label: 'auth.fields.newPassword', autoComplete: 'new-password', hint: true },
  /** The new one again. */
  confirm: { label: 'auth.fields.confirmPassword', autoComplete: 'new-password', hint: false },
} as const;

/** A password box of the account forms, its show/hide button named. */
export function PasswordField({ kind, value, onChange, error }: FieldProps & { kind: keyof typeof PASSWORDS }) {
  const { t } = useTranslation();
  const { label, autoComplete, hint } = PASSWORDS[kind];
  return (
    <PasswordInput
      label={t(label)}
      description={hint ? t('auth.fields.passwordHint') : undefined}
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error && t(messageKey(error))}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
    />
  );
}

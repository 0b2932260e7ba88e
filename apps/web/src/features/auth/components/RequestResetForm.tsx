import { useRef, useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { focusFirstInvalid, splitApiError } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { checkEmail, normaliseEmail } from '../lib/validate';
import { EmailField } from './fields';

/** One email field and "send reset link" (002 §2.7), used by the modal and by /request-password-reset. */
export function RequestResetForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    setSent(false);
    const problem = checkEmail(email);
    setError(problem);
    if (problem) {
      focusFirstInvalid(formRef.current);
      return;
    }
    request.mutate(
      { email: normaliseEmail(email) },
      {
        onSuccess: () => {
          setEmail('');
          setSent(true);
        },
        onError: (err) => {
          const split = splitApiError(err, ['email'] as const, {
            codeFields: {
              password_reset_failed_user_is_not_registered: 'email',
              invalid_email_format: 'email',
              invalid_email_spaces: 'email',
            },
          });
          setError(split.fields.email ?? null);
          setGeneral(split.general);
          focusFirstInvalid(formRef.current);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert code={general} />
        <FormAlert code={sent ? 'password_reset_email_sent' : null} tone="success" />
        <EmailField value={email} onChange={setEmail} error={error} autoFocus={autoFocus} />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('auth.resetRequest.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { showToast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { FormPage } from '../../../components/FormPage';
import { focusFirstInvalid, hasErrors, splitApiError, type FieldErrors } from '../../../lib/form-errors';
import { openAppModal } from '../../../lib/modal-controller';
import { PATHS } from '../../../lib/paths';
import { useResetPassword } from '../api/reset-password';
import { checkNewPassword } from '../lib/validate';

type Field = 'newPassword' | 'confirm';

/** Without a token: the invalid-token message, then home (002 §4). */
function MissingToken() {
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    showToast({ id: 'invalid_reset_token', color: 'red', message: t('invalid_reset_token') });
  }, [t]);
  return <Navigate to={PATHS.home} replace />;
}

/** /reset-password?token= (002 §2.7): new password twice, "update password" with a spinner while it runs. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reset = useResetPassword();

  if (!token) return <MissingToken />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found: FieldErrors<Field> = {};
    if (newPassword.length === 0) found.newPassword = 'password_required';
    else {
      const problem = checkNewPassword(newPassword);
      if (problem) found.newPassword = problem;
    }
    if (confirm.length === 0) found.confirm = 'password_required';
    else if (!found.newPassword && confirm !== newPassword) found.confirm = 'passwords_dont_match';
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          setNewPassword('');
          setConfirm('');
          setDone(true);
        },
        onError: (err) => {
          const split = splitApiError(err, ['newPassword', 'confirm'] as const, {
            aliases: { password: 'newPassword' },
            codeFields: { password_too_short: 'newPassword', password_too_long: 'newPassword' },
          });
          setErrors(split.fields);
          setGeneral(split.general);
          focusFirstInvalid(formRef.current);
        },
      },
    );
  };

  if (done) {
    return (
      <FormPage title={t('auth.resetPage.title')}>
        <FormAlert code="password_reset_success" tone="success" />
        <Button onClick={() => openAppModal('login')} fullWidth>
          {t('auth.resetPage.signIn')}
        </Button>
      </FormPage>
    );
  }

  return (
    <FormPage title={t('auth.resetPage.title')} intro={t('auth.resetPage.intro')}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert code={general}>
            {general === 'invalid_reset_token' && (
              <>
                {' '}
                <Anchor component={Link} to={PATHS.requestPasswordReset} inherit fw={700}>
                  {t('auth.resetPage.requestNew')}
                </Anchor>
              </>
            )}
          </FormAlert>
          <PasswordInput
            label={t('auth.fields.newPassword')}
            description={t('auth.fields.passwordHint')}
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
            error={errors.newPassword && t(errors.newPassword)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
          />
          <PasswordInput
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm && t(errors.confirm)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('auth.resetPage.submit')}
          </Button>
        </Stack>
      </form>
    </FormPage>
  );
}

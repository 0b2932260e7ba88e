import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { showToast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { FormPage } from '../../../components/FormPage';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { errorCode } from '../../../lib/api';
import { splitApiError, type FieldErrors } from '../../../lib/form-errors';
import { openAppModal } from '../../../lib/modal-controller';
import { PATHS } from '../../../lib/paths';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useWrite } from '../../../lib/use-write';
import { resetPassword, resetTokenQuery } from '../api/reset-password';
import { PasswordField } from '../components/fields';
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

/**
 * /reset-password?token= (002 §2.7): new password twice, "update password" with a spinner while it runs. The link's
 * state is read first (check_reset_token, decision 0045): a used or expired link says so, with a way to ask for a new
 * one, before anything is typed.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<Field>({
    newPassword,
    confirm,
  });
  const [done, setDone] = useState(false);
  const { run, busy } = useWrite();
  const usable = useQuery({ ...resetTokenQuery(token), enabled: token !== '' && !done });

  if (!token) return <MissingToken />;

  const submit = async (e: FormEvent) => {
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
    if (!check(found)) return;
    const reset = await run(() => resetPassword({ token, newPassword }).then(() => true), {
      // Every refusal is shown in the form, beside its field or above the form.
      onError: (err) => {
        refuse(
          splitApiError(err, ['newPassword', 'confirm'] as const, {
            aliases: { password: 'newPassword' },
            codeFields: { password_too_short: 'newPassword', password_too_long: 'newPassword' },
          }),
        );
        return true;
      },
    });
    if (!reset) return;
    setNewPassword('');
    setConfirm('');
    setDone(true);
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

  if (usable.isPending)
    return (
      <FormPage title={t('auth.resetPage.title')}>
        <LoadingIndicator p="md" />
      </FormPage>
    );
  if (usable.isError) {
    // Unusable (used, expired, unknown): said first. Another failure (offline) leaves the form: the reset tells.
    const code = errorCode(usable.error);
    if (code === 'invalid_reset_token')
      return (
        <FormPage title={t('auth.resetPage.title')}>
          <FormAlert code={code}>
            {' '}
            <Anchor component={Link} to={PATHS.requestPasswordReset} inherit fw={700}>
              {t('auth.resetPage.requestNew')}
            </Anchor>
          </FormAlert>
        </FormPage>
      );
  }

  return (
    <FormPage title={t('auth.resetPage.title')} intro={t('auth.resetPage.intro')}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
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
          <PasswordField
            kind="new"
            value={newPassword}
            onChange={setNewPassword}
            error={errors.newPassword}
          />
          <PasswordField kind="confirm" value={confirm} onChange={setConfirm} error={errors.confirm} />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.resetPage.submit')}
          </Button>
        </Stack>
      </form>
    </FormPage>
  );
}

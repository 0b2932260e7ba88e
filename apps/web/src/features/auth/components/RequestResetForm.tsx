import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { requestPasswordReset } from '../api/request-password-reset';
import { useMailMeForm } from '../lib/use-mail-me-form';
import { EmailField } from './fields';

/** One email field and "send reset link" (002 §2.7), used by the modal and by /request-password-reset. */
export function RequestResetForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { formRef, email, setEmail, error, general, sent, pending, submit } = useMailMeForm(
    requestPasswordReset,
    {
      emailCodes: [
        'password_reset_failed_user_is_not_registered',
        'invalid_email_format',
        'invalid_email_spaces',
      ],
      clearWhenSent: true,
    },
  );

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <FormAlert code={general} />
        <FormAlert code={sent ? 'password_reset_email_sent' : null} tone="success" />
        <EmailField value={email} onChange={setEmail} error={error} autoFocus={autoFocus} />
        <Button type="submit" loading={pending} fullWidth>
          {t('auth.resetRequest.submit')}
        </Button>
      </Stack>
    </form>
  );
}

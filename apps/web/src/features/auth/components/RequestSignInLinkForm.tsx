import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconClockPause, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ApiError } from '../../../lib/api';
import { requestSignInLink } from '../api/sign-in-link';
import { useMailMeForm } from '../lib/use-mail-me-form';
import { EmailField } from './fields';

interface Props {
  /** The address typed in the sign-in form, if any: the link goes there unless changed. */
  initialEmail?: string;
  autoFocus?: boolean;
  /** A filled button (the sign-in answered the lockout code: this is the way in now); a light one otherwise. */
  prominent?: boolean;
}

/**
 * "Email me a sign-in link" (decision 0052): one email field and the button. The answer is the same whether or not
 * the address has an account; asked too often, it says the newest link already sent is the one to use.
 */
export function RequestSignInLinkForm({ initialEmail = '', autoFocus = false, prominent = false }: Props) {
  const { t } = useTranslation();
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const {
    formRef,
    email,
    setEmail,
    error,
    general,
    sent,
    pending,
    submit: send,
  } = useMailMeForm(requestSignInLink, {
    initialEmail,
    emailCodes: ['invalid_email_format', 'invalid_email_spaces'],
    // Asked too often: the newest link already sent is the one to use; how long until another may be asked.
    onRefusal: (err) => {
      if (!(err instanceof ApiError && err.code === 'too_many_requests')) return false;
      setWaitMinutes(Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60)));
      return true;
    },
  });
  const submit = (e: FormEvent) => {
    setWaitMinutes(null);
    void send(e);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('auth.signInLink.title')}>
      <Stack gap="sm">
        <FormAlert code={general} />
        {waitMinutes !== null && (
          <Alert role="alert" color="orange" variant="light" icon={<IconClockPause aria-hidden size={20} />}>
            {t('auth.signInLink.tooMany', { minutes: waitMinutes })}
          </Alert>
        )}
        <FormAlert code={sent ? 'sign_in_link_sent' : null} tone="success" />
        <EmailField value={email} onChange={setEmail} error={error} autoFocus={autoFocus} />
        <Button
          type="submit"
          variant={prominent ? 'filled' : 'light'}
          leftSection={<IconMail aria-hidden size={18} />}
          loading={pending}
          fullWidth
        >
          {t('auth.signInLink.submit')}
        </Button>
      </Stack>
    </form>
  );
}

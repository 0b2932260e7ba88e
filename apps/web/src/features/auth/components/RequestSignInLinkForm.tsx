import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconClockPause, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { ApiError } from '../../../lib/api';
import { focusFirstInvalid, splitApiError } from '../../../lib/form-errors';
import { useRequestSignInLink } from '../api/sign-in-link';
import { checkEmail, normaliseEmail } from '../lib/validate';
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
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [waitMinutes, setWaitMinutes] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const request = useRequestSignInLink();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    setWaitMinutes(null);
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
        onSuccess: () => setSent(true),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'too_many_requests') {
            setWaitMinutes(Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60)));
            return;
          }
          const split = splitApiError(err, ['email'] as const, {
            codeFields: { invalid_email_format: 'email', invalid_email_spaces: 'email' },
          });
          setError(split.fields.email ?? null);
          setGeneral(split.general);
          focusFirstInvalid(formRef.current);
        },
      },
    );
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
          loading={request.isPending}
          fullWidth
        >
          {t('auth.signInLink.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { ApiError } from '../../../lib/api';
import { deviceInfo } from '../../../lib/device-info';
import { splitApiError, type FieldErrors } from '../../../lib/form-errors';
import { openAppModal, type AppModalProps } from '../../../lib/modal-controller';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useWrite } from '../../../lib/use-write';
import { login } from '../api/login';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { checkEmail, checkLoginPassword, normaliseEmail } from '../lib/validate';
import { EmailField, PasswordField } from './fields';
import { RequestSignInLinkForm } from './RequestSignInLinkForm';
import { SocialSignIn } from './SocialSignIn';

type Field = 'email' | 'password';
const FIELDS = ['email', 'password'] as const;

/** A pause of the password sign-in this short is the account's slow-down (decision 0052), not the address' lock. */
const SLOWED_SECONDS = 120;

/**
 * Main sign-in modal (001 §2): email and password, Google/Facebook when configured, links to register and reset, and
 * "email me a sign-in link" (decision 0052): offered always, and first thing when the sign-in answers the lockout
 * code (too_many_requests), with the address typed above.
 */
export default function LoginModal({ opened, onClose }: AppModalProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<Field>({ email, password });
  const { run, busy } = useWrite();
  const completeSignIn = useCompleteSignIn();
  /** The sign-in answered too_many_requests: how long it said to wait (seconds), or null. */
  const [paused, setPaused] = useState<number | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    setPaused(null);
    const found: FieldErrors<Field> = {};
    const emailError = checkEmail(email);
    if (emailError) found.email = emailError;
    const passwordError = checkLoginPassword(password);
    if (passwordError) found.password = passwordError;
    if (!check(found)) return;
    const res = await run(() => login({ email: normaliseEmail(email), password, ...deviceInfo() }), {
      // Every refusal is shown in the form: beside its field, above the form, or as the lockout's pause.
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'too_many_requests') {
          setPaused(err.retryAfterSeconds ?? 15 * 60);
          setLinkOpen(true);
          return true;
        }
        refuse(
          splitApiError(err, FIELDS, {
            codeFields: {
              wrong_password: 'password',
              user_not_registered: 'email',
              invalid_email_format: 'email',
              invalid_email_spaces: 'email',
            },
          }),
        );
        return true;
      },
    });
    if (res) {
      if (completeSignIn(res)) onClose();
      else setGeneral('api_call_failed');
    }
  };

  const slowed = paused !== null && paused <= SLOWED_SECONDS;
  const signInLink = <RequestSignInLinkForm initialEmail={email} prominent={paused !== null} />;

  return (
    <AppModal opened={opened} onClose={onClose} title={t('auth.login.title')} centered size="md">
      <Stack gap="md">
        {paused !== null && (
          <Alert
            role="alert"
            color="orange"
            variant="light"
            icon={<IconLock aria-hidden size={20} />}
            styles={{ message: { color: 'var(--mantine-color-text)' } }}
          >
            {slowed ? t('auth.login.slowDown', { seconds: paused }) : t('auth.login.lockedOut')}
          </Alert>
        )}
        {paused !== null && !slowed && (
          <>
            {signInLink}
            <Divider label={t('auth.login.or')} labelPosition="center" />
          </>
        )}
        <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <FormAlert code={general} />
            <EmailField value={email} onChange={setEmail} error={errors.email} autoFocus />
            <PasswordField kind="current" value={password} onChange={setPassword} error={errors.password} />
            <Group justify="flex-end">
              <Anchor component="button" type="button" size="sm" onClick={() => openAppModal('resetRequest')}>
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
            <Button type="submit" loading={busy} fullWidth>
              {t('auth.login.submit')}
            </Button>
            <SocialSignIn onError={setGeneral} />
            <Text size="sm" ta="center">
              {t('auth.login.noAccount')}{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={700}
                onClick={() => openAppModal('register')}
              >
                {t('auth.login.register')}
              </Anchor>
            </Text>
          </Stack>
        </form>
        {!(paused !== null && !slowed) && (
          <>
            <Divider />
            {linkOpen ? (
              signInLink
            ) : (
              <Text size="sm" ta="center">
                {t('auth.login.noPassword')}{' '}
                <Anchor component="button" type="button" size="sm" fw={700} onClick={() => setLinkOpen(true)}>
                  {t('auth.login.sendLink')}
                </Anchor>
              </Text>
            )}
          </>
        )}
      </Stack>
    </AppModal>
  );
}

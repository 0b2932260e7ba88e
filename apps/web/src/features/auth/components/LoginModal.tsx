import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { deviceInfo } from '../../../lib/device-info';
import { splitApiError, type FieldErrors } from '../../../lib/form-errors';
import { openAppModal, type AppModalProps } from '../../../lib/modal-controller';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { checkEmail, checkLoginPassword, normaliseEmail } from '../lib/validate';
import { EmailField, PasswordField } from './fields';
import { SocialSignIn } from './SocialSignIn';

type Field = 'email' | 'password';
const FIELDS = ['email', 'password'] as const;

/** Main sign-in modal (001 §2): email and password, Google/Facebook when configured, links to register and reset. */
export default function LoginModal({ opened, onClose }: AppModalProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<Field>({ email, password });
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found: FieldErrors<Field> = {};
    const emailError = checkEmail(email);
    if (emailError) found.email = emailError;
    const passwordError = checkLoginPassword(password);
    if (passwordError) found.password = passwordError;
    if (!check(found)) return;
    login.mutate(
      { email: normaliseEmail(email), password, ...deviceInfo() },
      {
        onSuccess: (res) => (completeSignIn(res) ? onClose() : setGeneral('api_call_failed')),
        onError: (err) => {
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
        },
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={t('auth.login.title')} centered size="md">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert code={general} />
          <EmailField value={email} onChange={setEmail} error={errors.email} autoFocus />
          <PasswordField kind="current" value={password} onChange={setPassword} error={errors.password} />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={() => openAppModal('resetRequest')}>
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
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
    </AppModal>
  );
}

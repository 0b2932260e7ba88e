import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/i18n';
import { AppModal } from '../../../components/AppModal';
import { FormAlert } from '../../../components/FormAlert';
import { deviceInfo } from '../../../lib/device-info';
import { splitApiError, type FieldErrors } from '../../../lib/form-errors';
import { openAppModal, type AppModalProps } from '../../../lib/modal-controller';
import { PATHS } from '../../../lib/paths';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useWrite } from '../../../lib/use-write';
import { register } from '../api/register';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { checkEmail, checkNewPassword, checkUserName, normaliseEmail } from '../lib/validate';
import { EmailField, PasswordField } from './fields';
import { SocialSignIn } from './SocialSignIn';

type Field = 'userName' | 'email' | 'password' | 'confirm' | 'terms';
const FIELDS = ['userName', 'email', 'password', 'confirm', 'terms'] as const;

/** Quick registration (001 §2): name, email, password twice, terms of use. */
export default function RegisterModal({ opened, onClose }: AppModalProps) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const { formRef, errors, general, setGeneral, check, refuse } = useFormErrors<Field>({
    userName,
    email,
    password,
    confirm,
    terms,
  });
  const { run, busy } = useWrite();
  const completeSignIn = useCompleteSignIn();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const found: FieldErrors<Field> = {};
    const nameError = checkUserName(userName);
    if (nameError) found.userName = nameError;
    const emailError = checkEmail(email);
    if (emailError) found.email = emailError;
    const passwordError = checkNewPassword(password);
    let cleared: { password: string; confirm: string } | undefined;
    if (passwordError) found.password = passwordError;
    else if (confirm !== password) {
      // 001 §5: when the two differ, both are cleared (and the message stays on the cleared fields).
      found.confirm = 'passwords_dont_match';
      cleared = { password: '', confirm: '' };
      setPassword('');
      setConfirm('');
    }
    if (!terms) found.terms = 'terms_required';
    if (!check(found, cleared)) return;
    const body = {
      userName: userName.trim(),
      email: normaliseEmail(email),
      password,
      terms: true,
      ...deviceInfo(),
    };
    const res = await run(() => register(body), {
      // Every refusal is shown in the form, beside its field or above the form.
      onError: (err) => {
        refuse(
          splitApiError(err, FIELDS, {
            aliases: { rePassword: 'confirm' },
            codeFields: {
              user_already_registered: 'email',
              invalid_email_format: 'email',
              invalid_email_spaces: 'email',
              password_too_short: 'password',
              password_too_long: 'password',
              user_name_required: 'userName',
              user_name_too_long: 'userName',
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

  const termsLink = (
    <Anchor href={PATHS.terms} target="_blank" rel="noopener" fz="inherit" underline="always" fw={600} />
  );

  return (
    <AppModal opened={opened} onClose={onClose} title={t('auth.register.title')} centered size="md">
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <FormAlert code={general} />
          <TextInput
            label={t('auth.fields.userName')}
            autoComplete="name"
            required
            value={userName}
            onChange={(e) => setUserName(e.currentTarget.value)}
            error={errors.userName && t(messageKey(errors.userName))}
            data-autofocus
          />
          <EmailField value={email} onChange={setEmail} error={errors.email} />
          <PasswordField kind="new" value={password} onChange={setPassword} error={errors.password} />
          <PasswordField kind="confirm" value={confirm} onChange={setConfirm} error={errors.confirm} />
          <Checkbox
            checked={terms}
            onChange={(e) => setTerms(e.currentTarget.checked)}
            label={<Trans i18nKey="auth.register.terms" components={{ terms: termsLink }} />}
            error={errors.terms && t(messageKey(errors.terms))}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.register.submit')}
          </Button>
          <SocialSignIn onError={setGeneral} />
          <Text size="sm" ta="center">
            {t('auth.register.haveAccount')}{' '}
            <Anchor component="button" type="button" size="sm" fw={700} onClick={() => openAppModal('login')}>
              {t('auth.register.login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AppModal>
  );
}

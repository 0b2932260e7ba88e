import { useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { FormPage } from '../../../components/FormPage';
import { deviceInfo } from '../../../lib/device-info';
import { errorCode } from '../../../lib/api';
import { openAppModal } from '../../../lib/modal-controller';
import { PATHS } from '../../../lib/paths';
import { useWrite } from '../../../lib/use-write';
import { login } from '../api/login';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { finishOAuth, readCallback, storedOAuth } from '../lib/oauth';

/** /oauth2/callback: "Please wait...", then app_login with the provider's token and back to where the user was. */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [result] = useState(() => readCallback(window.location.hash, storedOAuth()));
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const { run } = useWrite();
  const completeSignIn = useCompleteSignIn();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const returnTo = finishOAuth();
    if (!result.ok) return;
    const credential = result.credential;
    void (async () => {
      const res = await run(() => login({ ...credential, ...deviceInfo() }), {
        onError: (err) => {
          setFailure(errorCode(err));
          return true;
        },
      });
      if (!res) return;
      if (completeSignIn(res)) void navigate(returnTo, { replace: true });
      else setFailure('api_call_failed');
    })();
  }, [result, run, completeSignIn, navigate]);

  const code = result.ok ? failure : result.code;
  if (code) {
    return (
      <FormPage title={t('auth.callback.failedTitle')}>
        <FormAlert code={code} />
        <Group grow>
          <Button onClick={() => openAppModal('login')}>{t('auth.callback.retry')}</Button>
          <Button component={Link} to={PATHS.home} variant="default">
            {t('auth.callback.home')}
          </Button>
        </Group>
      </FormPage>
    );
  }
  return (
    <FormPage title={t('auth.callback.title')}>
      <Center py="lg" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text>{t('auth.callback.pleaseWait')}</Text>
        </Stack>
      </Center>
    </FormPage>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { FormPage } from '../../../components/FormPage';
import { errorCode } from '../../../lib/api';
import { deviceInfo } from '../../../lib/device-info';
import { PATHS } from '../../../lib/paths';
import { useWrite } from '../../../lib/use-write';
import { signInWithLink } from '../api/sign-in-link';
import { RequestSignInLinkForm } from '../components/RequestSignInLinkForm';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';

/** Without a token: the page that asks for a link (also where a refused link sends the reader). */
function AskForLink({ title, problem }: { title: string; problem?: string }) {
  const { t } = useTranslation();
  return (
    <FormPage title={title} intro={problem ? undefined : t('auth.signInLink.intro')}>
      {problem && <FormAlert code={problem} />}
      <RequestSignInLinkForm prominent autoFocus={!problem} />
      <Button component={Link} to={PATHS.home} variant="subtle">
        {t('auth.signInLink.home')}
      </Button>
    </FormPage>
  );
}

/**
 * /sign-in-link?token= (decision 0052): the mailed link's landing. Uses the link once (sign_in_with_link), takes the
 * token out of the address, and goes home signed in. A link unknown, used or expired says so, in the page's language,
 * with the form to ask for a new one. Without a token: that form alone.
 */
export default function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token')?.trim() ?? '');
  const started = useRef(false);
  const completeSignIn = useCompleteSignIn();
  const { run } = useWrite();
  /** The link's refusal (or an answer without a token), shown with the form to ask for a new one. */
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    // Once: the link works once, and a second call (React's double effect in development) would use it up.
    if (!token || started.current) return;
    started.current = true;
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      const res = await run(() => signInWithLink({ token, ...deviceInfo() }), {
        onError: (err) => {
          setProblem(errorCode(err));
          return true;
        },
      });
      if (!res) return;
      if (!res.token) setProblem('api_call_failed');
      else if (completeSignIn(res)) void navigate(PATHS.home, { replace: true });
    })();
  }, [token, run, completeSignIn, navigate]);

  if (!token) return <AskForLink title={t('auth.signInLink.title')} />;
  if (problem) return <AskForLink title={t('auth.signInLink.failedTitle')} problem={problem} />;
  return (
    <FormPage title={t('auth.signInLink.title')}>
      <Center py="lg" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text>{t('auth.signInLink.signingIn')}</Text>
        </Stack>
      </Center>
    </FormPage>
  );
}

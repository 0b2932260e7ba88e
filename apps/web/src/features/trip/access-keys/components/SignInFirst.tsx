import { lazy, Suspense, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../../components/StatusPage';
import { openAppModal } from '../../../../lib/modal-controller';

const SignInDialog = lazy(() => import('./SignInDialog'));

/**
 * A planner's page (the access page, the one-time link) with nobody signed in: the page says why, with a sign-in
 * button, and the existing "please log in in order to edit ride" dialog opens over it once (closing it leaves the page).
 */
export function SignInFirst({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState(true);
  return (
    <StatusPage icon={IconLink} title={title}>
      <Text>{text}</Text>
      <Button onClick={() => openAppModal('login')}>{t('accessKeys.signIn')}</Button>
      {dialog && (
        <Suspense fallback={null}>
          <SignInDialog
            onClose={() => setDialog(false)}
            onSignIn={(modal) => {
              setDialog(false);
              openAppModal(modal);
            }}
          />
        </Suspense>
      )}
    </StatusPage>
  );
}

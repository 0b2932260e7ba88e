import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';

/**
 * 001 §2 "please log in in order to edit ride": the planner's pages of a trip need a signed-in planner. Sign in or
 * register opens the app's modal over the page, which then loads as the signed-in planner. Its own chunk (Mantine's
 * Modal loads with it, only for a visitor).
 */
export default function SignInDialog({
  onClose,
  onSignIn,
}: {
  onClose: () => void;
  onSignIn: (modal: 'login' | 'register') => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={onClose} title={t('accessKeys.signInDialog.title')}>
      <Stack gap="md">
        <Text>{t('accessKeys.signInDialog.text')}</Text>
        <Button onClick={() => onSignIn('login')} data-autofocus>
          {t('accessKeys.signIn')}
        </Button>
        <Button variant="light" onClick={() => onSignIn('register')}>
          {t('accessKeys.register')}
        </Button>
      </Stack>
    </AppModal>
  );
}

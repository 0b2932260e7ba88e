import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';

interface CopyDialogsProps {
  dialog: 'login' | 'add';
  busy: boolean;
  onClose: () => void;
  onSignIn: (modal: 'login' | 'register') => void;
  onConfirmAdd: () => void;
}

/**
 * The dialogs of "copy and edit" (000 §2: "please log in to edit ride", "please add ride to your list"). Their own
 * chunk: Mantine's Modal (focus trap, scroll lock, ~25 KB gzip) loads when one opens, not with every trip page.
 */
export default function CopyDialogs({ dialog, busy, onClose, onSignIn, onConfirmAdd }: CopyDialogsProps) {
  const { t } = useTranslation();
  if (dialog === 'login')
    return (
      <AppModal opened onClose={onClose} title={t('trip.copy.loginTitle')}>
        <Stack gap="md">
          <Text>{t('trip.copy.loginText')}</Text>
          <Button onClick={() => onSignIn('login')} data-autofocus>
            {t('trip.copy.signIn')}
          </Button>
          <Button variant="light" onClick={() => onSignIn('register')}>
            {t('trip.copy.register')}
          </Button>
        </Stack>
      </AppModal>
    );
  return (
    <AppModal opened onClose={onClose} title={t('trip.copy.addTitle')}>
      <Stack gap="md">
        <Text>{t('trip.copy.addText')}</Text>
        <Button loading={busy} onClick={onConfirmAdd} data-autofocus>
          {t('trip.copy.addConfirm')}
        </Button>
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('tripEditing.cancel')}
        </Button>
      </Stack>
    </AppModal>
  );
}

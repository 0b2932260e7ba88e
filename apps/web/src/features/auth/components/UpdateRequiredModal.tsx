import { Button, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { openAppModal, type AppModalProps } from '../../../lib/modal-controller';
import { endSession } from '../../../lib/session-store';

/**
 * A signed-in token without user_id (an old token): 'Security Update' with 'Login Again',
 * which signs out and opens the sign-in modal (000 §4). It cannot be dismissed otherwise.
 */
export default function UpdateRequiredModal({ opened }: AppModalProps) {
  const { t } = useTranslation();
  const again = () => {
    endSession('update-required');
    openAppModal('login');
  };
  return (
    <AppModal
      opened={opened}
      onClose={again}
      title={t('auth.updateRequired.title')}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="md" align="center" ta="center">
        <IconShieldLock aria-hidden size={48} color="var(--mantine-color-brand-7)" />
        <Text>{t('auth.updateRequired.text')}</Text>
        <Button onClick={again} fullWidth data-autofocus>
          {t('auth.updateRequired.button')}
        </Button>
      </Stack>
    </AppModal>
  );
}

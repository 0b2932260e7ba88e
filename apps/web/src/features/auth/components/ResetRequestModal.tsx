import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { openAppModal, type AppModalProps } from '../../../lib/modal-controller';
import { RequestResetForm } from './RequestResetForm';

/** "Forgot password" from the sign-in modal. */
export default function ResetRequestModal({ opened, onClose }: AppModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('auth.resetRequest.title')} centered size="md">
      <Stack gap="md">
        <Text size="sm">{t('auth.resetRequest.intro')}</Text>
        <RequestResetForm autoFocus />
        <Anchor component="button" type="button" size="sm" onClick={() => openAppModal('login')} ta="center">
          {t('auth.resetRequest.back')}
        </Anchor>
      </Stack>
    </AppModal>
  );
}

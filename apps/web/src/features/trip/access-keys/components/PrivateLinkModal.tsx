import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { paths } from '../../../../lib/paths';
import { CopyLinkField } from './CopyLinkField';

interface PrivateLinkModalProps {
  rideId: number;
  onClose: () => void;
  /** The dialog's title, text and closing button; the trip page's wording when absent. */
  title?: string;
  text?: string;
  closeLabel?: string;
  closeIcon?: React.ReactNode;
}

/**
 * 000 §2 "copy private link": a private trip's own address to keep. It opens only for those let in (the author, a
 * client who joined), so it is not a way in for anyone else: the server checks every read (decision 0028).
 * Shown on the private trip's page (its sub-navigation's action) and after joining (JoinedModal).
 */
export default function PrivateLinkModal({
  rideId,
  onClose,
  title,
  text,
  closeLabel,
  closeIcon,
}: PrivateLinkModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={onClose} title={title ?? t('accessKeys.privateLink.title')}>
      <Stack gap="md">
        <Text>{text ?? t('accessKeys.privateLink.text')}</Text>
        <CopyLinkField
          label={t('accessKeys.joinedModal.link')}
          value={window.location.origin + paths.trip(rideId)}
        />
        <Button onClick={onClose} leftSection={closeIcon} data-autofocus>
          {closeLabel ?? t('accessKeys.privateLink.close')}
        </Button>
      </Stack>
    </AppModal>
  );
}

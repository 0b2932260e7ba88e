import { Button, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { paths } from '../../../lib/paths';
import { CopyLinkField } from './CopyLinkField';

/**
 * 001 §4: once a client has joined, the copy-private-link dialog (the trip's own address, to keep), then the trip.
 * A copy key says the trip is now theirs (uesr_copyed_new_ride). Closing it goes to the trip too.
 */
export default function JoinedModal({
  rideId,
  copied,
  onDone,
}: {
  rideId: number;
  copied: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={onDone} title={t('accessKeys.joinedModal.title')}>
      <Stack gap="md">
        <Text>{copied ? t('uesr_copyed_new_ride') : t('accessKeys.joinedModal.text')}</Text>
        <CopyLinkField
          label={t('accessKeys.joinedModal.link')}
          value={window.location.origin + paths.trip(rideId)}
        />
        <Button onClick={onDone} leftSection={<IconRoute size={18} aria-hidden />} data-autofocus>
          {t('accessKeys.join.goToTrip')}
        </Button>
      </Stack>
    </AppModal>
  );
}

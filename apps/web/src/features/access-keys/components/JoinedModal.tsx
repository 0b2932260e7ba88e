import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import PrivateLinkModal from './PrivateLinkModal';

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
    <PrivateLinkModal
      rideId={rideId}
      onClose={onDone}
      title={t('accessKeys.joinedModal.title')}
      text={copied ? t('uesr_copyed_new_ride') : t('accessKeys.joinedModal.text')}
      closeLabel={t('accessKeys.join.goToTrip')}
      closeIcon={<IconRoute size={18} aria-hidden />}
    />
  );
}

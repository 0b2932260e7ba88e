import { Button, Group, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageKey } from '../../../../lib/i18n';
import { paths } from '../../../../lib/paths';
import { useWrite } from '../../../../lib/use-write';
import { useSession } from '../../../../lib/session-store';
import { copyPrivateTrip, copyPrivateTripStatusQuery } from '../api/access-keys';

/**
 * "Make my own copy" in a private trip's header (issue 18 point 4; 001 §7 copy_private_ride_api): for a client whose
 * access allows copying. The trip page loads it only for a signed-in viewer of a private trip who is not its author;
 * the server says whether this viewer may copy (copy_private_ride_status_api), and the button shows only then. On
 * success the client's copy opens (uesr_copyed_new_ride); a refusal shows its translated code.
 */
export default function ClientCopyAction({ rideId }: { rideId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useSession()?.token ?? '';
  const status = useQuery({ ...copyPrivateTripStatusQuery(rideId, viewer), enabled: viewer !== '' });
  const { run, busy } = useWrite();
  if (!status.data?.mayCopy) return null;

  const copy = async () => {
    const res = await run(() => copyPrivateTrip(rideId), {
      success: (copied) => ({
        id: `client-copy-${rideId}`,
        message: t(messageKey(copied.ServerMassageCode)),
      }),
      failure: { id: `client-copy-error-${rideId}`, autoClose: undefined },
    });
    if (res) void navigate(paths.trip(res.newRideId));
  };

  return (
    <Group gap="xs" mt={6} wrap="wrap" align="center">
      <Button
        variant="light"
        size="compact-md"
        leftSection={<IconCopy size={16} aria-hidden />}
        loading={busy}
        onClick={() => void copy()}
        style={{ flex: 'none' }}
      >
        {t('accessKeys.clientCopy.button')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('accessKeys.clientCopy.hint')}
      </Text>
    </Group>
  );
}

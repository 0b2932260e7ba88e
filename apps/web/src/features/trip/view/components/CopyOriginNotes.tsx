import { Alert, Button, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { TripWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';

/** The line over a text a copy still has word for word from its original: whose words they are. */
export function InheritedNote({ original }: { original: Pick<TripWire, 'id' | 'title'> }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" data-inherited>
      {t('trip.copyOrigin.inherited')}{' '}
      <Link to={paths.trip(original.id)} style={{ color: 'inherit' }}>
        <bdi>{original.title}</bdi>
      </Link>
    </Text>
  );
}

/**
 * For the author of a copy that still has the original's title: rename it (the trip information form, where the
 * title, the dates and the text are edited; the copy's message asks to update the dates there too).
 */
export function RenameCopyPrompt({ rideId, className }: { rideId: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert className={className} color="brand" variant="light" title={t('trip.copyOrigin.renameTitle')}>
      <Text size="sm" mb="xs">
        {t('trip.copyOrigin.renameText')}
      </Text>
      <Button
        component={Link}
        to={paths.rideInformation(rideId)}
        size="compact-md"
        leftSection={<IconPencil size={16} aria-hidden />}
      >
        {t('trip.copyOrigin.renameButton')}
      </Button>
    </Alert>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import type { Candidate } from '../lib/candidates';
import { UserText } from '../../../../components/UserText';

/**
 * 000 §2 "add point to ride", §5: a map click on a point with a place id asks whether to add that place to the day.
 * A place already in the trip (or just added) says so and offers nothing to confirm.
 */
export default function AddPointModal({
  candidate,
  dayLabel,
  canAdd,
  onAdd,
  onClose,
}: {
  candidate: Candidate;
  /** "day 2 (14/05/2027)": the day the place would go to. */
  dayLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened onClose={onClose} title={t('addActivity.addPoint.title')}>
      <Stack gap="md">
        <Text fw={700}>
          <UserText>{candidate.title}</UserText>
        </Text>
        {candidate.address && (
          <Text size="sm" c="dimmed">
            <UserText>{candidate.address}</UserText>
          </Text>
        )}
        <Text>
          {canAdd ? t('addActivity.addPoint.question', { day: dayLabel }) : t('addActivity.addPoint.inTrip')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus={canAdd ? undefined : true}>
            {canAdd ? t('addActivity.addPoint.cancel') : t('addActivity.addPoint.close')}
          </Button>
          {canAdd && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} data-autofocus>
              {t('addActivity.addPoint.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

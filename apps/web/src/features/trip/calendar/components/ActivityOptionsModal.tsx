import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import type { ActivityEvent } from '../lib/calendar-events';

interface ActivityOptionsModalProps {
  activity: ActivityEvent;
  /** The removal is being saved. */
  removing: boolean;
  onTime: () => void;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * "Attraction manager options" in the calendar (000 §2: update date, remove; a manager who is author): the day and
 * time (the same dialog as the clock), or off the trip after a confirmation (then undoable for 10 seconds). "Edit"
 * belongs to the attraction editor (001 §2), which is not built yet.
 */
export default function ActivityOptionsModal({ activity, removing, onTime, onRemove, onClose }: ActivityOptionsModalProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <AppModal opened onClose={onClose} title={t('tripCalendar.optionsTitle', { title: activity.title })}>
      {confirming ? (
        <Stack gap="md">
          <Text>{t('tripEditing.remove.text', { name: activity.title })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={removing}>
              {t('tripCalendar.cancel')}
            </Button>
            <Button color="red" onClick={onRemove} loading={removing} data-autofocus>
              {t('tripEditing.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Button variant="light" leftSection={<IconClock size={16} aria-hidden />} onClick={onTime} data-autofocus>
            {t('tripCalendar.optionsTime')}
          </Button>
          <Button variant="default" color="red" c="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            {t('tripEditing.remove.button')}
          </Button>
          <Button variant="subtle" onClick={onClose}>
            {t('tripCalendar.cancel')}
          </Button>
        </Stack>
      )}
    </AppModal>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { clockToAmPm } from '../../../lib/ride-editing/wire';
import type { ActivityEvent, TripRange } from '../lib/calendar-events';

interface TimeModalProps {
  activity: ActivityEvent;
  /** The picker's range: the trip's first through last day (000 §5 "plus one day" is the end of the last day; decision 0017). */
  range: TripRange;
  saving: boolean;
  /** A translation key of the last failure, shown in the dialog (which stays open). */
  error: string | null;
  onSave: (date: string, time: string) => void;
  onClose: () => void;
}

/**
 * "Update attraction time" (000 §2, §5): a day and a time are both needed; days outside the picker's range cannot be
 * picked. Native date and time inputs: the phone's own pickers, and keyboard and screen readers work as they know.
 */
export default function TimeModal({ activity, range, saving, error, onSave, onClose }: TimeModalProps) {
  const { t } = useTranslation();
  const [date, setDate] = useState(activity.date);
  const [time, setTime] = useState(activity.clock ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!date || date < range.start || date > range.end) return setInvalid('day_not_in_trip_range');
    const wire = clockToAmPm(time);
    if (!wire) return setInvalid('tripCalendar.timeRequired');
    setInvalid(null);
    onSave(date, wire);
  };

  const message = invalid ?? error;
  return (
    <AppModal opened onClose={onClose} title={t('tripCalendar.timeTitle', { title: activity.title })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="date"
            label={t('tripCalendar.dateLabel')}
            value={date}
            min={range.start}
            max={range.end}
            required
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            label={t('tripCalendar.timeLabel')}
            value={time}
            required
            onChange={(e) => setTime(e.currentTarget.value)}
          />
          {message && (
            <Alert color="red" role="alert">
              {t(message)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('tripCalendar.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('tripCalendar.saveTime')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../../lib/i18n';
import { AppModal } from '../../../components/AppModal';
import { DaySelect } from './DaySelect';
import { clockToAmPm } from '../data/wire';

interface ActivityTimeModalProps {
  /** The activity's name, in the title. */
  name: string;
  /** YYYY-MM-DD of each day of the trip: the only days offered. */
  dates: string[];
  /** The day the activity is on now (its index in `dates`). */
  dayIndex: number;
  /** Its time now as HH:mm, or '' when it has none. */
  clock: string;
  /** Which field the dialog starts on ("change day" or "set time"). */
  focus?: 'date' | 'time';
  saving: boolean;
  /** A translation key of the last failure of the call, shown in the dialog (which stays open with what was typed). */
  error?: TextKey | null;
  /** The chosen day (YYYY-MM-DD) and time (hh:mm:ss A, the wire's; null: "no time"), both checked. */
  onSave: (date: string, time: string | null) => void;
  onClose: () => void;
}

/**
 * "Update activity time" (000 §2, §5), the one dialog of the trip page and the calendar: a day of the trip and a time
 * of day; a day outside the trip is refused here (day_not_in_trip_range) as the server would. The time starts as the
 * activity's and may be left empty for "no time" (decision 0043: changing the day never asks for, nor invents, a
 * time). A new day puts the activity last on that day (decision 0015). Texts: `tripEditing.time.*`.
 */
export default function ActivityTimeModal({ name, dates, dayIndex, clock, focus = 'time', saving, error, onSave, onClose }: ActivityTimeModalProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState(dayIndex);
  const [time, setTime] = useState(clock);
  const [invalid, setInvalid] = useState<TextKey | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const date = dates[day];
    if (!date) return setInvalid('day_not_in_trip_range');
    const empty = time.trim() === '';
    const wire = empty ? null : clockToAmPm(time);
    if (!empty && wire === null) return setInvalid('tripEditing.time.required');
    setInvalid(null);
    onSave(date, wire);
  };

  const message = invalid ?? error;
  return (
    <AppModal opened onClose={onClose} title={t('tripEditing.time.title', { name })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DaySelect label={t('tripEditing.time.day')} dates={dates} value={day} onChange={setDay} autoFocus={focus === 'date'} />
          <TextInput
            type="time"
            label={t('tripEditing.time.time')}
            description={t('tripEditing.time.timeHint')}
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            data-autofocus={focus === 'time' || undefined}
          />
          {message && (
            <Alert color="red" role="alert">
              {t(message)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('tripEditing.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('tripEditing.time.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

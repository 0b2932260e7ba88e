import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { RideAttractionWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { updateAttractionTime } from '../../../lib/ride-editing/attraction-calls';
import { amPmToClock, clockToAmPm } from '../../../lib/ride-editing/wire';
import { DaySelect } from '../components/DaySelect';
import { useTripEdit } from '../hooks/useTripEdit';

interface AttractionTimeModalProps {
  rideId: number;
  attraction: RideAttractionWire;
  dayIndex: number;
  dates: string[];
  /** Which field the dialog starts on: "change day" or "set time". */
  focus: 'date' | 'time';
  onClose: () => void;
}

/**
 * "Update attraction time" (000 §2): a day of the trip and a time of day, both required (000 §5), sent as the Data
 * header of update_attraction_ride_time_api (M/D/YYYY, hh:mm:ss A). Also "change date": a new day puts the activity
 * last on that day (decision 0015). The dialog stays open with what was typed when the call fails.
 */
export default function AttractionTimeModal({ rideId, attraction, dayIndex, dates, focus, onClose }: AttractionTimeModalProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState(dayIndex);
  const [time, setTime] = useState(() => amPmToClock(attraction.dateTime) ?? '');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useTripEdit(rideId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wireTime = clockToAmPm(time);
    const date = dates[day];
    if (!wireTime || !date) {
      setError(t('tripEditing.time.required'));
      return;
    }
    setError(null);
    const done = await run(() => updateAttractionTime(rideId, attraction.id, date, wireTime), {
      success: t('tripEditing.time.saved', { name: attraction.title }),
    });
    if (done) onClose();
  };

  return (
    <AppModal opened onClose={onClose} title={t('tripEditing.time.title', { name: attraction.title })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <DaySelect label={t('tripEditing.time.day')} dates={dates} value={day} onChange={setDay} autoFocus={focus === 'date'} />
          <TextInput
            type="time"
            label={t('tripEditing.time.time')}
            description={t('tripEditing.time.timeHint')}
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            error={error}
            required
            data-autofocus={focus === 'time' || undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('tripEditing.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('tripEditing.time.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

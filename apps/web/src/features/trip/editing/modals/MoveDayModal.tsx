import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { errorCode } from '../../../../lib/api';
import { messageKey } from '../../../../lib/i18n';
import { showToast } from '../../../../lib/toast';
import { moveDayActivities } from '../api/day-calls';
import { DaySelect } from '../../shared/DaySelect';
import { useTripEdit } from '../hooks/useTripEdit';

interface MoveDayModalProps {
  rideId: number;
  dayIndex: number;
  dates: string[];
  activityCount: number;
  onClose: () => void;
}

/**
 * "Move all activities of a day" (000 §2, manager author): a target day of the trip (000 §5: chosen, inside the
 * trip), then move_day_attractions_by_date_api. Success: day_activities_moved_successfully; failure: the toast
 * "Failed to move attractions" with the server's reason.
 */
export default function MoveDayModal({ rideId, dayIndex, dates, activityCount, onClose }: MoveDayModalProps) {
  const { t } = useTranslation();
  const { run, busy } = useTripEdit(rideId);
  const [target, setTarget] = useState(dayIndex === 0 ? 1 : dayIndex - 1);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const date = dates[target];
    // 000 §5: the dialog needs valid trip data and a day index.
    if (!date || target === dayIndex || !dates[dayIndex]) {
      showToast({ id: `move-day-${rideId}`, color: 'red', message: t('tripEditing.moveDay.invalid') });
      return;
    }
    const done = await run(() => moveDayActivities(rideId, dayIndex, date), {
      success: t('day_activities_moved_successfully'),
      onError: (error) => {
        showToast({
          id: `move-day-${rideId}`,
          color: 'red',
          title: t('tripEditing.moveDay.failed'),
          message: t(messageKey(errorCode(error))),
        });
        return true;
      },
    });
    if (done) onClose();
  };

  return (
    <AppModal opened onClose={onClose} title={t('tripEditing.moveDay.title', { number: dayIndex + 1 })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('tripEditing.moveDay.text', { n: activityCount })}</Text>
          <DaySelect label={t('tripEditing.moveDay.target')} dates={dates} value={target} onChange={setTarget} exclude={dayIndex} autoFocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('tripEditing.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={activityCount === 0}>
              {t('tripEditing.moveDay.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

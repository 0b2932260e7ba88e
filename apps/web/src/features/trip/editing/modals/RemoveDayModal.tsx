import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/AppModal';
import { removeDay } from '../api/day-calls';
import { needsForce, useTripEdit } from '../hooks/useTripEdit';
import { announceDayChange } from '../lib/day-change-messages';
import { dayUndoCalls, restoreRemovedDay, type RemovedDay } from '../lib/undo-day';
import classes from '../components/EditActions.module.css';

const wrap = { root: classes.wrapRoot, label: classes.wrapLabel };

interface RemoveDayModalProps {
  rideId: number;
  dayIndex: number;
  activityCount: number;
  /** The day has notes (extra information): removing it loses them for good (000 §4). */
  hasNotes: boolean;
  /** The last day's activities go to the day before (there is no next day). */
  isLastDay: boolean;
  /** The day as it is now, for the undo (activities, notes; the next day's for the first day). */
  snapshot: Omit<RemovedDay, 'keepActivities' | 'force'>;
  onClose: () => void;
}

/**
 * "Confirm remove day" (000 §2, §4): the user chooses to delete the day with its activities, or the day only with
 * its activities moved on; a day with notes gets the warning that this loss is permanent. First without force;
 * a trip with booked accommodation (409) asks once more and then repeats the choice forced. Once removed, the day
 * comes back with one click for 10 seconds (lib/undo-day.ts).
 */
export default function RemoveDayModal({ rideId, dayIndex, activityCount, hasNotes, isLastDay, snapshot, onClose }: RemoveDayModalProps) {
  const { t } = useTranslation();
  const { run, busy } = useTripEdit(rideId);
  const [forceFor, setForceFor] = useState<boolean | null>(null);
  const [choice, setChoice] = useState<boolean | null>(null);
  const number = dayIndex + 1;

  const remove = async (keepActivities: boolean, force: boolean) => {
    setChoice(keepActivities);
    let wantsForce = false;
    const result = await run(() => removeDay(rideId, dayIndex, keepActivities, force), {
      onError: (error) => (wantsForce = !force && needsForce(error)),
    });
    if (wantsForce) {
      setForceFor(keepActivities);
      return;
    }
    if (!result) return;
    const removed: RemovedDay = { ...snapshot, keepActivities, force };
    const undo = () =>
      run(() => restoreRemovedDay(removed, dayUndoCalls(rideId)), { success: t('tripEditing.removeDay.restored', { number }) });
    announceDayChange(t, rideId, result, keepActivities ? 'tripEditing.removeDay.doneMoved' : 'tripEditing.removeDay.doneDeleted', undo);
    onClose();
  };

  if (forceFor !== null)
    return (
      <AppModal opened onClose={onClose} title={t('tripEditing.removeDay.forceTitle', { number })}>
        <Stack gap="md">
          <Text>{t('rideHaveOrderedAccommodation')}</Text>
          <Button classNames={wrap} color="red" loading={busy} onClick={() => void remove(forceFor, true)} data-autofocus>
            {t('tripEditing.removeDay.forceConfirm')}
          </Button>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('tripEditing.cancel')}
          </Button>
        </Stack>
      </AppModal>
    );

  return (
    <AppModal opened onClose={onClose} title={t('tripEditing.removeDay.title', { number })}>
      <Stack gap="md">
        {hasNotes ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="note">
            {t('tripEditing.removeDay.withNotes')}
          </Alert>
        ) : (
          <Text>{t('tripEditing.removeDay.text', { n: activityCount })}</Text>
        )}
        {activityCount > 0 && (
          <Button
            classNames={wrap}
            variant="light"
            loading={busy && choice === true}
            disabled={busy && choice !== true}
            onClick={() => void remove(true, false)}
            data-autofocus
          >
            {isLastDay ? t('tripEditing.removeDay.keepToPrevious') : t('tripEditing.removeDay.keep')}
          </Button>
        )}
        <Button
          classNames={wrap}
          color="red"
          loading={busy && choice === false}
          disabled={busy && choice !== false}
          onClick={() => void remove(false, false)}
        >
          {activityCount > 0 ? t('tripEditing.removeDay.withActivities') : t('tripEditing.removeDay.empty')}
        </Button>
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('tripEditing.cancel')}
        </Button>
      </Stack>
    </AppModal>
  );
}

import { lazy, Suspense, useState } from 'react';
// Mantine's sheets are loaded per component (app/mantine-styles.ts); the menu is an author's, so it comes here.
import '@mantine/core/styles/Menu.css';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowsMove, IconCalendarPlus, IconDots, IconHomePlus, IconNote, IconPlus, IconRoute, IconTrash } from '@tabler/icons-react';
import { MAX_TRIP_DAYS, type TripDay, type TripWire } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accommodationPath, addActivityPath } from '../../../../lib/screen-paths';
import { showToast } from '../../../../lib/toast';
import { addDayAfter } from '../api/day-calls';
import { needsForce, useTripEdit } from '../hooks/useTripEdit';
import { announceDayChange } from '../lib/day-change-messages';
import { toDisplayDate } from '../../../../lib/format';
import { ConfirmModal } from './ConfirmModal';
import classes from './EditActions.module.css';
import { paths } from '../../../../lib/paths';
import { withTexts } from '../../../../lib/i18n';

const RemoveDayModal = lazy(() => import('../modals/RemoveDayModal'));
const MoveDayModal = lazy(() => import('../modals/MoveDayModal'));
/** "Suggest an order" (issue 36 point 4, decision 0074): its own chunk, with the legs' texts and the codes it may answer. */
const DayOrderModal = lazy(withTexts(() => import('../../day-order/DayOrderModal'), ['legs', 'planningCodes']));

/** A day needs this many activities for another order to be worth suggesting (two can only be swapped). */
const ORDER_MIN_ACTIVITIES = 3;

interface DayEditMenuProps {
  rideId: number;
  dayIndex: number;
  /** YYYY-MM-DD of each day of the trip. */
  dates: string[];
  /** The trip's days and day notes: what a removed day's undo puts back. */
  days: readonly TripDay[];
  notes: TripWire['rideExtraInformationByDay'];
  /** A manager who authors the trip also moves all of a day's activities (000 §2). */
  isManager: boolean;
}

/**
 * The author's day options (000 §2 "day manager options"): add activities, add accommodation (a night with no booked
 * stay; the last day has no night in the trip), add a day after, remove the day, move all its activities (manager
 * author), write the day's note. Adding a day is tried without force first; booked
 * accommodation (409) asks before the forced call (000 §4). 60 days at most (000 §9).
 */
export default function DayEditMenu({ rideId, dayIndex, dates, days, notes, isManager }: DayEditMenuProps) {
  const { t } = useTranslation();
  const activities = days[dayIndex]?.daily_attractions ?? [];
  const activityCount = activities.length;
  const dayNotes = notes.filter((n) => n.dayIndex === dayIndex);
  const hasNotes = dayNotes.length > 0;
  const { run, busy } = useTripEdit(rideId);
  const [dialog, setDialog] = useState<null | 'remove' | 'move' | 'forceAdd' | 'order'>(null);
  const number = dayIndex + 1;
  const date = dates[dayIndex];
  const nightUnbooked = dayIndex < dates.length - 1 && !days[dayIndex]?.accommodation;

  const addDay = async (force: boolean) => {
    if (dates.length >= MAX_TRIP_DAYS) {
      showToast({ id: `day-limit-${rideId}`, color: 'red', message: t('limiting_the_trip_duration') });
      return;
    }
    let wantsForce = false;
    const result = await run(() => addDayAfter(rideId, dayIndex, force), {
      onError: (error) => (wantsForce = !force && needsForce(error)),
    });
    if (wantsForce) return setDialog('forceAdd');
    setDialog(null);
    if (result) announceDayChange(t, rideId, result, 'scroll_down_to_see_the_added_day');
  };

  // 000 §2: the day options exist only for a day of the trip, and show its date as DD/MM/YYYY.
  if (date === undefined) return null;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            className={classes.dayMenu}
            aria-label={t('tripEditing.dayMenu', { number })}
            loading={busy && dialog === null}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {t('trip.dayN', { number })} – <bdi>{toDisplayDate(date)}</bdi>
          </Menu.Label>
          <Menu.Item component={Link} to={addActivityPath(rideId, number)} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('tripEditing.addActivity')}
          </Menu.Item>
          {nightUnbooked && (
            <Menu.Item component={Link} to={accommodationPath(rideId, { day: number })} leftSection={<IconHomePlus size={16} aria-hidden />}>
              {t('tripEditing.accommodation.add')}
            </Menu.Item>
          )}
          {activityCount >= ORDER_MIN_ACTIVITIES && (
            <Menu.Item onClick={() => setDialog('order')} leftSection={<IconRoute size={16} aria-hidden />}>
              {t('tripEditing.suggestOrder')}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => void addDay(false)} leftSection={<IconCalendarPlus size={16} aria-hidden />}>
            {t('tripEditing.addDayAfter')}
          </Menu.Item>
          {isManager && (
            <Menu.Item
              onClick={() => setDialog('move')}
              disabled={activityCount === 0}
              leftSection={<IconArrowsMove size={16} aria-hidden />}
            >
              {t('tripEditing.moveDay.button')}
            </Menu.Item>
          )}
          <Menu.Item
            component={Link}
            to={`${paths.extraInformation(rideId)}#day-${number}`}
            leftSection={<IconNote size={16} aria-hidden />}
          >
            {hasNotes ? t('tripEditing.editDayNote') : t('tripEditing.addDayNote')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => setDialog('remove')} leftSection={<IconTrash size={16} aria-hidden />}>
            {t('tripEditing.removeDay.button')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'forceAdd' && (
        <ConfirmModal
          title={t('tripEditing.addDay.forceTitle')}
          confirmLabel={t('tripEditing.addDay.forceConfirm')}
          onConfirm={() => void addDay(true)}
          onClose={() => setDialog(null)}
          busy={busy}
        >
          {t('rideHaveOrderedAccommodation')}
        </ConfirmModal>
      )}
      <Suspense fallback={null}>
        {dialog === 'remove' && (
          <RemoveDayModal
            rideId={rideId}
            dayIndex={dayIndex}
            activityCount={activityCount}
            hasNotes={hasNotes}
            isLastDay={dayIndex === dates.length - 1}
            snapshot={{
              dayIndex,
              dates,
              activities: activities.map((a) => ({ id: a.id, dateTime: a.dateTime })),
              notes: dayNotes.map((n) => ({ text: n.text })),
              next:
                dayIndex === 0
                  ? {
                      hasActivities: (days[1]?.daily_attractions.length ?? 0) > 0,
                      notes: notes.filter((n) => n.dayIndex === 1).map((n) => ({ id: n.id, text: n.text })),
                    }
                  : undefined,
            }}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'order' && <DayOrderModal rideId={rideId} dayIndex={dayIndex} onClose={() => setDialog(null)} />}
        {dialog === 'move' && (
          <MoveDayModal rideId={rideId} dayIndex={dayIndex} dates={dates} activityCount={activityCount} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}

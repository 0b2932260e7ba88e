import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Group, List, Loader, Text, Title } from '@mantine/core';
import { daysBetween, editsTripContent } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '../../../../components/DocumentTitle';
import { errorCode } from '../../../../lib/api';
import { messageKey, withTexts, type MessageKey } from '../../../../lib/i18n';
import { removeAttraction } from '../../data/attraction-calls';
import { invalidateTrip } from '../../../../lib/invalidate-trip';
import { accommodationPath, addActivityPath } from '../../../../lib/screen-paths';
import { restoreRemovedAttraction, UNDO_MS } from '../../shared/undo-removal';
import { UndoMessage } from '../../shared/UndoMessage';
import { useSession } from '../../../../lib/session-store';
import { clockToAmPm } from '../../data/wire';
import { TripViewToggle } from '../../shared/TripViewToggle';
import { showToast } from '../../../../lib/toast';
import { useWrite } from '../../../../lib/use-write';
// The trip's reads, with the trip page's query keys: a change here is seen there at once.
import { useTripAttractions } from '../../data/trip-attractions';
import { useTripHeader } from '../../data/trip-header';
import { parseId } from '../../../../lib/format';
import { useHydrated } from '../hooks/useHydrated';
import { useSetActivityTime } from '../hooks/useSetActivityTime';
import {
  activityEvents,
  inTrip,
  noStayEvents,
  pickerDates,
  stayEvents,
  tripRange,
  type ActivityEvent,
} from '../lib/calendar-events';
import { paths } from '../../../../lib/paths';

// FullCalendar (~70 KB gzip) is this page's own chunk, fetched after the page has rendered.
const TripCalendar = lazy(() => import('../components/TripCalendar'));
// The trip page's time dialog; its day list reads the 'trip' texts, which this route does not load.
const ActivityTimeModal = lazy(withTexts(() => import('../../shared/ActivityTimeModal'), ['trip']));
const ActivityOptionsModal = lazy(() => import('../components/ActivityOptionsModal'));

/**
 * /ride_calendar/{rideId}: the author's calendar view of a trip (000 §2 "Calendar view", §4 view mode, §5). The trip
 * page stays a list; its author switches here with the list/calendar toggle. Drops and times are saved with
 * update_attraction_ride_time_api; a drop outside the trip, or one the server refuses, reverts with the message.
 */
export default function TripCalendarPage() {
  const { t } = useTranslation();
  const rideId = parseId(useParams().rideId);
  const trip = useTripAttractions(rideId);
  const header = useTripHeader(rideId);
  if (rideId === null)
    return (
      <Shell title={t('tripCalendar.title')}>
        <Alert color="yellow" role="alert">
          {t('not_found')}
        </Alert>
      </Shell>
    );
  if (trip.isPending || header.isPending)
    return (
      <Shell title={t('tripCalendar.title')}>
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('tripCalendar.loading')}</Text>
        </Group>
      </Shell>
    );
  const failed = trip.error ?? header.error;
  if (failed)
    return (
      <Shell title={t('tripCalendar.title')}>
        <Alert color="red" role="alert">
          {t(messageKey(errorCode(failed)))}
        </Alert>
      </Shell>
    );
  // 000 §2, §6: the calendar is for changing the trip (toggling it, dragging events): its author's, and an editor's.
  if (!header.data || !editsTripContent(header.data) || !trip.data)
    return (
      <Shell title={t('tripCalendar.title')}>
        <Alert color="yellow" role="alert">
          <Text size="sm">{t('tripCalendar.authorOnly')}</Text>
          <Button component={Link} to={paths.trip(rideId)} size="compact-sm" mt="xs" variant="default">
            {t('tripCalendar.backToTrip')}
          </Button>
        </Alert>
      </Shell>
    );
  return <CalendarView rideId={rideId} data={trip.data} />;
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div style={{ maxInlineSize: 1200, marginInline: 'auto', padding: '24px 16px 56px' }}>
      <DocumentTitle title={title} />
      <Title order={1} fz="h2" mb="md">
        {title}
      </Title>
      {children}
    </div>
  );
}

type Data = NonNullable<ReturnType<typeof useTripAttractions>['data']>;

function CalendarView({ rideId, data }: { rideId: number; data: Data }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const range = useMemo(() => tripRange(data), [data]);
  const days = useMemo(() => (range ? pickerDates(data, range) : []), [data, range]);
  const activities = useMemo(() => (range ? activityEvents(data, range) : []), [data, range]);
  const stays = useMemo(() => stayEvents(data), [data]);
  const noStay = useMemo(() => (range ? noStayEvents(data, range) : []), [data, range]);
  // A locked trip refuses every change: its nights without a stay are shown, not offered.
  const onNoStay = data.ride.is_locked
    ? undefined
    : (night: number) => void navigate(accommodationPath(rideId, { day: night + 1 }));
  const { setTime, saving } = useSetActivityTime(rideId);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const [clock, setClock] = useState<ActivityEvent | null>(null);
  const [clockError, setClockError] = useState<MessageKey | null>(null);
  // The calendar needs the browser (it measures its grid): drawn after the page is on screen and hydrated.
  const mounted = useHydrated();
  // 000 §2: a manager who is author gets the attraction manager options on a click of an activity.
  const isManager = useSession()?.role === 'manager';
  const [options, setOptions] = useState<ActivityEvent | null>(null);
  // The removal and its undo: the page says a refusal itself; the trip is read again whatever the outcome.
  const { run: runRemoval, busy: removing } = useWrite();
  const { run: runUndo } = useWrite();

  const title = t('tripCalendar.titleOf', { title: data.ride.title });
  if (!range)
    return (
      <Shell title={title}>
        <Alert color="yellow" role="alert">
          {t('ride_data_not_loaded')}
        </Alert>
      </Shell>
    );

  const onMove = (a: ActivityEvent, date: string): boolean => {
    if (!inTrip(range, date)) {
      setMessage('day_not_in_trip_range');
      return false;
    }
    setMessage(null);
    // A drop keeps the activity's time, or its "no time": no time is sent, the server keeps it (decision 0043).
    void setTime({ attractionId: a.attractionId, date }, (err) =>
      setMessage(messageKey(errorCode(err))),
    ).then((moved) => {
      if (moved) showToast({ message: t('tripCalendar.moved', { title: a.title }), color: 'green' });
    });
    return true;
  };
  const sayRefusal = (err: unknown) => {
    setMessage(messageKey(errorCode(err)));
    return true;
  };
  const remove = async (a: ActivityEvent) => {
    const removed = await runRemoval(() => removeAttraction(rideId, a.attractionId).then(() => true), {
      settled: (queryClient) => invalidateTrip(queryClient, rideId),
      onError: sayRefusal,
    });
    setOptions(null);
    if (!removed) return;
    setMessage(null);
    const restore = { id: a.attractionId, dateTime: a.clock ? clockToAmPm(a.clock) : null };
    const id = `undo-remove-${rideId}-${a.attractionId}`;
    const undo = () =>
      runUndo(() => restoreRemovedAttraction(rideId, restore, a.date), {
        settled: (queryClient) => invalidateTrip(queryClient, rideId),
        success: () => ({ color: 'green', message: t('tripEditing.remove.restored', { name: a.title }) }),
        onError: sayRefusal,
      });
    showToast({
      id,
      color: 'brand',
      autoClose: UNDO_MS,
      message: (
        <UndoMessage toastId={id} text={t('tripEditing.remove.done', { name: a.title })} onUndo={undo} />
      ),
    });
  };

  const onDay = (date: string) => {
    // 000 §5: only a day of the trip, and only a day index within the number of days.
    const index = daysBetween(range.start, date);
    if (!inTrip(range, date) || index < 0 || index >= data.attractionsByDay.length) {
      setMessage('day_not_in_trip_range');
      return;
    }
    navigate(addActivityPath(rideId, index + 1));
  };

  return (
    <Shell title={title}>
      <Group justify="space-between" mb="md" gap="sm">
        <TripViewToggle rideId={rideId} view="calendar" />
      </Group>
      <section aria-labelledby="calendar-help">
        <Title order={2} fz="lg" id="calendar-help">
          {t('tripCalendar.instructionsTitle')}
        </Title>
        <List size="sm" mt={4} mb="md">
          <List.Item>{t('tripCalendar.instructionDrag')}</List.Item>
          <List.Item>{t('tripCalendar.instructionDay')}</List.Item>
          <List.Item>{t('tripCalendar.instructionClock')}</List.Item>
          {isManager && <List.Item>{t('tripCalendar.instructionOptions')}</List.Item>}
          <List.Item>{t('tripCalendar.instructionStays')}</List.Item>
          {noStay.length > 0 && <List.Item>{t('tripCalendar.instructionNoStay')}</List.Item>}
        </List>
      </section>
      <div aria-live="assertive">
        {message && (
          <Alert
            color="red"
            mb="md"
            role="alert"
            withCloseButton
            onClose={() => setMessage(null)}
            closeButtonLabel={t('common.close')}
          >
            {t(message)}
          </Alert>
        )}
      </div>
      {mounted ? (
        <Suspense fallback={<Text role="status">{t('tripCalendar.loading')}</Text>}>
          <TripCalendar
            range={range}
            activities={activities}
            stays={stays}
            noStay={noStay}
            onNoStay={onNoStay}
            onMove={onMove}
            onClock={(a) => {
              setClockError(null);
              setClock(a);
            }}
            onOptions={isManager ? setOptions : undefined}
            onDay={onDay}
          />
        </Suspense>
      ) : (
        <Text role="status">{t('tripCalendar.loading')}</Text>
      )}
      {options && (
        <Suspense fallback={null}>
          <ActivityOptionsModal
            activity={options}
            removing={removing}
            onTime={() => {
              setOptions(null);
              setClockError(null);
              setClock(options);
            }}
            onRemove={() => void remove(options)}
            onClose={() => setOptions(null)}
          />
        </Suspense>
      )}
      {clock && (
        <Suspense fallback={null}>
          <ActivityTimeModal
            name={clock.title}
            dates={days}
            dayIndex={Math.max(0, days.indexOf(clock.date))}
            clock={clock.clock ?? ''}
            saving={saving}
            error={clockError}
            onClose={() => setClock(null)}
            onSave={(date, time) =>
              void setTime({ attractionId: clock.attractionId, date, time }, (err) =>
                setClockError(messageKey(errorCode(err))),
              ).then((saved) => {
                if (!saved) return;
                setClock(null);
                showToast({ message: t('tripEditing.time.saved', { name: clock.title }), color: 'green' });
              })
            }
          />
        </Suspense>
      )}
    </Shell>
  );
}

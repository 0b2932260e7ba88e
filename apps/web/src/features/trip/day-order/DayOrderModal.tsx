import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClock, IconHome, IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isolateUserText, isRearrangementOf, type LegMode } from '@rides/contract';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { TripMap } from '../../../components/map';
import { errorCode } from '../../../lib/api';
import { messageKey } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useTripAttractions } from '../data/trip-attractions';
import { useTripEdit } from '../editing/hooks/useTripEdit';
import { storedLegMode } from '../legs/api';
import { UNDO_MS } from '../shared/undo-removal';
import { UndoMessage } from '../shared/UndoMessage';
import { setDayOrder, suggestOrderQuery } from './api';
import { dayEnds, dayIds, orderedStops, orderPoints, orderSummary, type OrderedStop } from './order-view';
import classes from './DayOrder.module.css';

interface DayOrderModalProps {
  rideId: number;
  /** 0-based, as attractionsByDay and the calls count days. */
  dayIndex: number;
  onClose: () => void;
}

/**
 * "Suggest an order" for a day (issue 36 point 4, decision 0074), opened from the day's edit menu: asks the server for
 * a better order in the trip's chosen way of moving (the legs' mode, kept on the device), shows the day before and after
 * (each order's stops as a list and on the trip map, with its route) and the minutes it saves, and applies it as one
 * edit of the trip; the toast that says so carries "undo", which puts the order back with the same call. The day
 * shown is the trip's read as it is now: a change of the trip while the dialog is open (another editor's, live) asks
 * for the suggestion again, and an apply refused because the day changed meanwhile (409 day_changed_meanwhile) says so
 * and shows the day as it now is.
 */
export default function DayOrderModal({ rideId, dayIndex, onClose }: DayOrderModalProps) {
  const { t, i18n } = useTranslation();
  const days = useTripAttractions(rideId).data?.attractionsByDay;
  const day = days?.[dayIndex];
  const current = useMemo(() => dayIds(day), [day]);
  const [mode] = useState<LegMode>(() => storedLegMode(rideId));
  const [applying, setApplying] = useState(false);
  const { run, busy } = useTripEdit(rideId);
  // Not asked again while the order is being applied (the apply reads the trip again, and the dialog then closes).
  const suggestion = useQuery({
    ...suggestOrderQuery(rideId, dayIndex, mode),
    enabled: day !== undefined && !applying,
  });
  const number = dayIndex + 1;
  const answer = suggestion.data;
  // An answer for the day as the page shows it now (not one asked before the trip changed).
  const fresh = answer !== undefined && isRearrangementOf(answer.order, current);
  const better = fresh && answer.savedS > 0;

  const apply = async () => {
    if (!answer || !better) return;
    const before = current;
    const after = answer.order;
    setApplying(true);
    // A refusal says its code's text (409 day_changed_meanwhile: the day changed meanwhile) and reads the trip again,
    // which asks for a suggestion for the day as it now is.
    const done = await run(() => setDayOrder(rideId, dayIndex, after, before));
    setApplying(false);
    if (!done) return;
    onClose();
    const id = `day-order-${rideId}-${dayIndex}-${Date.now()}`;
    const undo = () =>
      run(() => setDayOrder(rideId, dayIndex, before, after), {
        success: t('legs.order.undone', { number }),
      });
    showToast({
      id,
      color: 'brand',
      autoClose: UNDO_MS,
      message: <UndoMessage toastId={id} text={t('legs.order.applied', { number })} onUndo={undo} />,
    });
  };

  let body;
  if (suggestion.isError && !suggestion.isFetching) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t(messageKey(errorCode(suggestion.error)))}
      </Alert>
    );
  } else if (!days || !day || !fresh) {
    body = (
      <Group gap="sm" role="status" py="md">
        <Loader size="sm" />
        <Text size="sm">{t('legs.order.working')}</Text>
      </Group>
    );
  } else {
    const ends = dayEnds(days, dayIndex);
    const skipped = answer.skipped.length;
    const summary = orderSummary(answer, mode, t, i18n.language);
    body = (
      <Stack gap="md">
        <div className={classes.summary} data-testid="day-order-summary" aria-live="polite">
          <Text fw={700} fz="lg" data-testid="day-order-saved">
            {summary.headline}
          </Text>
          <Text size="sm" c="dimmed">
            {summary.detail}{' '}
            <span className={classes.estimate} title={t('legs.estimateHint')}>
              {t('legs.estimate')}
            </span>
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: better ? 2 : 1 }} spacing="md">
          <OrderPanel
            testId="day-order-before"
            heading={better ? t('legs.order.now') : t('legs.order.theDay')}
            mapLabel={t('legs.order.mapNow', { number })}
            stops={orderedStops(day, current)}
            points={orderPoints(days, dayIndex, current, 'now')}
            ends={ends}
          />
          {better && (
            <OrderPanel
              testId="day-order-after"
              heading={t('legs.order.suggested')}
              mapLabel={t('legs.order.mapSuggested', { number })}
              stops={orderedStops(day, answer.order, current)}
              points={orderPoints(days, dayIndex, answer.order, 'after')}
              ends={ends}
            />
          )}
        </SimpleGrid>
        {(skipped > 0 || day.daily_attractions.some((a) => a.dateTime !== null)) && (
          <Text size="sm" c="dimmed">
            {[
              day.daily_attractions.some((a) => a.dateTime !== null) ? t('legs.order.timedStay') : '',
              skipped > 0 ? t('legs.order.skipped', { count: skipped }) : '',
            ]
              .filter(Boolean)
              .join(' ')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <AppModal opened onClose={onClose} size="xl" title={t('legs.order.title', { number })}>
      <Stack gap="md">
        {body}
        <Group justify="flex-end" gap="sm" className={classes.actions}>
          {better ? (
            <>
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('legs.order.cancel')}
              </Button>
              <Button onClick={() => void apply()} loading={busy} data-autofocus>
                {t('legs.order.apply')}
              </Button>
            </>
          ) : (
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Each order's map: room for a day's pins, small enough that a phone shows a map and its list together. */
const MAP_HEIGHT = 180;

/** One order of the day: its heading, its map (the stops numbered in this order, joined by the route) and its list. */
function OrderPanel({
  testId,
  heading,
  mapLabel,
  stops,
  points,
  ends,
}: {
  testId: string;
  heading: string;
  mapLabel: string;
  stops: OrderedStop[];
  points: ReturnType<typeof orderPoints>;
  ends: { start: string | null; end: string | null };
}) {
  const { t } = useTranslation();
  const headingId = `${testId}-heading`;
  return (
    <section className={classes.panel} aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className={classes.heading}>
        {heading}
      </h3>
      <TripMap points={points} showRoute height={MAP_HEIGHT} ariaLabel={mapLabel} className={classes.map} />
      {ends.start && (
        <p className={classes.end}>
          <IconHome size={14} aria-hidden /> {t('legs.order.start', { place: isolateUserText(ends.start) })}
        </p>
      )}
      <ol className={classes.stops}>
        {stops.map((s) => (
          <li
            key={s.id}
            className={classes.stop}
            data-moved={s.moved || undefined}
            data-testid="day-order-stop"
          >
            <bdi className={classes.title}>{s.title}</bdi>
            {s.time && (
              <span className={classes.note}>
                <IconClock size={14} aria-hidden /> <bdi>{s.time}</bdi>
              </span>
            )}
            {s.unplaced && (
              <span className={classes.note} title={t('legs.order.unplaced')}>
                <IconMapPinOff size={14} aria-label={t('legs.order.unplaced')} />
              </span>
            )}
          </li>
        ))}
      </ol>
      {ends.end && (
        <p className={classes.end}>
          <IconHome size={14} aria-hidden /> {t('legs.order.end', { place: isolateUserText(ends.end) })}
        </p>
      )}
    </section>
  );
}

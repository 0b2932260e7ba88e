import { lazy, Suspense, useCallback, useMemo, type ReactNode } from 'react';
import type {
  AccommodationWire,
  RideAttractionWire,
  TripDay,
  TripWire,
  TripAbilities,
} from '@rides/contract';
import { withTexts } from '../../../lib/i18n';
import { useEditor } from './hooks/useEditor';
import { tripDayDates } from '../data/trip-days';

const DayEditMenu = lazy(withTexts(() => import('./components/DayEditMenu'), ['tripEditing']));
const AttractionEditActions = lazy(
  withTexts(() => import('./components/AttractionEditActions'), ['tripEditing']),
);
const LockToggle = lazy(withTexts(() => import('./components/LockToggle'), ['tripEditing']));
const AccommodationEditActions = lazy(
  withTexts(() => import('./components/AccommodationEditActions'), ['tripEditing']),
);
const TripInfoActions = lazy(withTexts(() => import('./components/TripInfoActions'), ['tripEditing']));
const ResetTripAction = lazy(withTexts(() => import('./components/ResetTripAction'), ['tripEditing']));

interface TripEditSlots {
  /** The day's options menu, for the day header. */
  dayActions?: (dayIndex: number) => ReactNode;
  /** The activity's author buttons, for the card. */
  attractionActions?: (attraction: RideAttractionWire, dayIndex: number) => ReactNode;
  /** The author's button on an accommodation card (edit, or enter the details of a booking made in its place). */
  accommodationActions?: (stay: AccommodationWire) => ReactNode;
  /** The lock switch, and "reset trip" where a reset can work, for the trip header. */
  lock?: ReactNode;
  /** The links to the extra information form, under the general information. */
  info?: ReactNode;
}

const NONE: TripEditSlots = {};

/**
 * What the trip page shows its author (and an editor member, issue 33) to edit the trip (000 §2 author buttons), as
 * slots the page places. Empty for everyone else (never rendered on the server: the server renders for visitors). A locked trip shows only the
 * lock: every other change is refused until it is unlocked (000 §4, §6). Each part is its own chunk, loaded only
 * when an author opens their trip.
 */
export function useTripEditSlots(
  ride: TripWire,
  days: TripDay[],
  can: Pick<TripAbilities, 'lock' | 'edit' | 'reset' | 'editInformation' | 'addPhotos'>,
): TripEditSlots {
  const { isManager } = useEditor();
  const { lock: isAuthor, edit: editable, reset: resettable, editInformation, addPhotos } = can;
  const dates = useMemo(() => tripDayDates({ ride, attractionsByDay: days }) ?? [], [ride, days]);
  const rideId = ride.id;

  const dayActions = useCallback(
    (dayIndex: number) => (
      <Suspense fallback={null}>
        <DayEditMenu
          rideId={rideId}
          dayIndex={dayIndex}
          dates={dates}
          days={days}
          notes={ride.rideExtraInformationByDay}
          isManager={isManager}
        />
      </Suspense>
    ),
    [rideId, dates, days, ride.rideExtraInformationByDay, isManager],
  );
  const attractionActions = useCallback(
    (attraction: RideAttractionWire, dayIndex: number) => (
      <Suspense fallback={null}>
        <AttractionEditActions rideId={rideId} attraction={attraction} dayIndex={dayIndex} dates={dates} />
      </Suspense>
    ),
    [rideId, dates],
  );
  const isCopy = ride.based_ride_id !== null;
  const accommodationActions = useCallback(
    (stay: AccommodationWire) => (
      <Suspense fallback={null}>
        <AccommodationEditActions rideId={rideId} stay={stay} isCopy={isCopy} isManager={isManager} />
      </Suspense>
    ),
    [rideId, isCopy, isManager],
  );

  return useMemo(() => {
    if (!isAuthor && !editable) return NONE;
    // The lock and the reset are the author's; an editor member gets the rest (tripAbilities: editsTripContent).
    const lock = isAuthor ? (
      <Suspense fallback={null}>
        <LockToggle rideId={rideId} locked={ride.is_locked} />
        {resettable && <ResetTripAction rideId={rideId} />}
      </Suspense>
    ) : undefined;
    if (!editable || dates.length === 0) return lock ? { lock } : NONE;
    return {
      lock,
      dayActions,
      attractionActions,
      accommodationActions,
      info: (
        <Suspense fallback={null}>
          <TripInfoActions rideId={rideId} canEditSections={editInformation} canAddPhotos={addPhotos} />
        </Suspense>
      ),
    };
  }, [
    isAuthor,
    editable,
    resettable,
    rideId,
    ride.is_locked,
    editInformation,
    addPhotos,
    dates.length,
    dayActions,
    attractionActions,
    accommodationActions,
  ]);
}

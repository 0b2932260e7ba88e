import {
  accommodationProblems,
  isServerCode,
  nightsWithoutStay,
  type AccommodationBody,
  type AccommodationDeletedResponse,
  type AccommodationSavedResponse,
  type AccommodationWire,
  type RideAccommodationsResponse,
} from '@rides/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeUserHtml } from '../../lib/sanitize-html.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import type { TripsService } from '../trips/trips.service.js';
import {
  deleteAccommodation,
  findAccommodation,
  insertAccommodation,
  overlappingStay,
  parallelSuggestion,
  tripIdOfAccommodation,
  updateAccommodation,
} from './accommodations.repository.js';

/**
 * The stays of a trip (issue 6; 000 §2, §3, §5; 001 §5; decision 0018).
 *
 * Reading: ride_accommodations_api answers the stays from the presented trip (rides service: its cache, its view rule
 * and its hidden dates), so the checklist always shows what the trip page shows.
 * Writing: every change is one editTrip transaction (trip-editing/edit-transaction.ts): the trip's row locked, the edit
 * policy asked ('edit': the author, on an unlocked trip), the rules checked on the locked trip's dates, then the caches
 * dropped, so the trip page shows the change at once.
 *
 * Rules (contract accommodationProblems, then here): all field problems at once; then no two stays of the same kind
 * (booked, or the original trip's suggestions) share a night: you_Are_having_double_booking (409). A stay the
 * traveller adds is `booked`; in a copy it is ordered_by_user (day changes then ask for /force) and stands in for the
 * suggestion it shares most nights with (paralel_ride_accommodation). A failure that is not a refusal answers
 * fail_to_update_accommodation (500) and changes nothing.
 */
export interface AccommodationsDeps {
  db: Database;
  editRide: TripEditor;
  rides: TripsService;
  log: FastifyBaseLogger;
}

/** Each stay once, as it is shown on its first night inside the trip, in check-in order. */
function staysOf(view: Awaited<ReturnType<TripsService['getTripView']>>) {
  const booked = new Map<number, AccommodationWire>();
  const suggested = new Map<number, AccommodationWire>();
  view.attractionsByDay.forEach((day) => {
    if (day.accommodation && !booked.has(day.accommodation.id))
      booked.set(day.accommodation.id, { ...day.accommodation, firestDayAtThisAccommodation: true });
    const base = day.base_trip_accommodation;
    if (base && !suggested.has(base.id))
      suggested.set(base.id, { ...base, firestDayAtThisAccommodation: true });
  });
  return {
    ride: [...booked.values()],
    baseRide: [...suggested.values()],
    nightsWithoutStay: nightsWithoutStay(view.attractionsByDay),
  };
}

/** All the field problems at once; the first one's code is the answer's (400). */
function refuse(problems: { field: string; code: string }[]): never {
  const first = problems[0]?.code;
  throw new AppError(isServerCode(first) ? first : 'bad_request', problems);
}

export function createAccommodationsService(deps: AccommodationsDeps) {
  const { db, editRide: editTrip, rides, log } = deps;

  /** The stay as the trip now shows it (after the commit: the trip's cache was dropped). */
  async function shown(rideId: number, id: number, user: SessionUser): Promise<AccommodationWire> {
    const stays = staysOf(await rides.getTripView(rideId, user));
    const stay = [...stays.ride, ...stays.baseRide].find((a) => a.id === id);
    if (!stay) throw new AppError('fail_to_update_accommodation');
    return stay;
  }

  /** Runs a change; anything that is not a refusal is logged and answered fail_to_update_accommodation. */
  async function change<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.error({ err }, `accommodation ${what} failed`);
      throw new AppError('fail_to_update_accommodation');
    }
  }

  return {
    /** ride_accommodations_api/{rideId}: the checklist's groups, under the trip's view rule. */
    async list(rideId: number, viewer: TripViewer): Promise<RideAccommodationsResponse> {
      const view = await rides.getTripView(rideId, viewer);
      const r = view.ride;
      return {
        ServerMassageCode: 'success',
        rideId,
        isAuthor: view.isAuthor,
        role: view.role,
        trip: {
          title: r.title,
          start_date: r.start_date,
          end_date: r.end_date,
          duration: r.duration,
          dates_hidden: r.dates_hidden,
          is_based_ride: r.is_based_ride,
          based_ride_id: r.based_ride_id,
          is_locked: r.is_locked,
          type: r.type,
        },
        // A booking's confirmation number reaches the trip's author only: the trip view withholds it from others.
        ...staysOf(view),
      };
    },

    /** create_accommodation_and_add_to_ride_api/{rideId}. */
    async create(
      rideId: number,
      body: AccommodationBody,
      user: SessionUser | null,
    ): Promise<AccommodationSavedResponse> {
      const id = await change('create', () =>
        editTrip(rideId, user, 'edit', async (tx, ride, note) => {
          const { problems, values } = accommodationProblems(body, ride);
          if (!values) refuse(problems);
          if (await overlappingStay(tx, rideId, 'booked', values.checkInDate, values.checkOutDate, null)) {
            throw new AppError('you_Are_having_double_booking', [
              { field: 'check_in_date', code: 'you_Are_having_double_booking' },
            ]);
          }
          const isCopy = ride.basedRideId !== null;
          const made = await insertAccommodation(
            tx,
            rideId,
            { ...values, text: sanitizeUserHtml(values.text) },
            {
              status: 'booked',
              orderedByUser: isCopy,
              parallelRideAccommodationId: isCopy
                ? await parallelSuggestion(tx, rideId, values.checkInDate, values.checkOutDate)
                : null,
            },
          );
          note({ type: 'stays', target: { stays: [made] } });
          return made;
        }),
      );
      return {
        ServerMassageCode: 'success',
        rideId,
        accommodation: await shown(rideId, id, user as SessionUser),
      };
    },

    /** update_accommodation_api/{id}: the same fields and rules; the stay keeps its kind. */
    async update(
      id: number,
      body: AccommodationBody,
      user: SessionUser | null,
    ): Promise<AccommodationSavedResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const rideId = await tripIdOfAccommodation(db, id);
      if (rideId === undefined) throw new AppError('not_found');
      await change('update', () =>
        editTrip(rideId, user, 'edit', async (tx, ride, note) => {
          const stay = await findAccommodation(tx, rideId, id);
          if (!stay) throw new AppError('not_found');
          note({ type: 'stays', target: { stays: [id] } });
          const { problems, values } = accommodationProblems(body, ride);
          if (!values) refuse(problems);
          if (await overlappingStay(tx, rideId, stay.status, values.checkInDate, values.checkOutDate, id)) {
            throw new AppError('you_Are_having_double_booking', [
              { field: 'check_in_date', code: 'you_Are_having_double_booking' },
            ]);
          }
          const parallel =
            stay.status === 'booked' && ride.basedRideId !== null
              ? await parallelSuggestion(tx, rideId, values.checkInDate, values.checkOutDate)
              : undefined;
          await updateAccommodation(tx, id, { ...values, text: sanitizeUserHtml(values.text) }, parallel);
        }),
      );
      return { ServerMassageCode: 'success', rideId, accommodation: await shown(rideId, id, user) };
    },

    /** delete_accommodation_api/{id}. A booking that stood in for a suggestion leaves the suggestion as it was. */
    async remove(id: number, user: SessionUser | null): Promise<AccommodationDeletedResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const rideId = await tripIdOfAccommodation(db, id);
      if (rideId === undefined) throw new AppError('not_found');
      await change('delete', () =>
        editTrip(rideId, user, 'edit', async (tx, _ride, note) => {
          if (!(await findAccommodation(tx, rideId, id))) throw new AppError('not_found');
          note({ type: 'stays', target: { stays: [id] } });
          await deleteAccommodation(tx, id);
        }),
      );
      return { ServerMassageCode: 'success', rideId, id };
    },
  };
}

export type AccommodationsService = ReturnType<typeof createAccommodationsService>;

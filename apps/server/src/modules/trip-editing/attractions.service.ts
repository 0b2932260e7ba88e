import type {
  CheckPlaceIdResponse,
  PlaceDetails,
  PlacementResponse,
  RemoveAttractionResponse,
} from '@rides/contract';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { PlacesUnavailableError, type Places } from '../../providers/places/index.js';
import type { TripsService } from '../trips/trips.service.js';
import { clockTime, pickerDate } from '../trips/trips.presenter.js';
import {
  attractionExists,
  copyAttraction,
  deletePlacement,
  findOwnByPlaceId,
  findPlacement,
  insertAttraction,
  insertPlacement,
  mayUseAttraction,
  tripHasPlaceId,
  updatePlacement,
  type Placement,
} from './attractions.repository.js';
import { assertInTrip, dayIndexOf, type TripDates } from './day-math.js';
import { nextPosition } from './days.repository.js';
import { decideEditFor, type TripEditor } from './edit-transaction.js';
import { decideEdit } from '../access/edit.policy.js';
import { timeAfterMove } from './activity-time.policy.js';
import { attractionFromPlace } from './place-attraction.js';
import { readTrip } from './trip-lock.repository.js';

/**
 * The activity calls (000 §4, §5, §6): add an attraction to a day (from our results, or a maps-service place), set its
 * date and time, remove it. An attraction is on a trip at most once (the calls address it by trip and attraction); a
 * new or moved activity goes last on its day. Dates must be days of the trip (day_not_in_trip_range).
 */
const present = (
  rideId: number,
  attractionId: number,
  ride: TripDates,
  p: Placement,
  alreadyInRide: boolean,
): PlacementResponse => ({
  ServerMassageCode: 'success',
  rideId,
  attractionId,
  dayIndex: dayIndexOf(ride, p.plannedDate),
  plannedDate: pickerDate(p.plannedDate),
  dateTime: p.timeOfDay === null ? null : clockTime(p.timeOfDay),
  alreadyInRide,
});

/** Places the attraction last on the day, unless the trip has it already (then nothing changes). */
async function place(
  tx: Transaction,
  rideId: number,
  attractionId: number,
  ride: TripDates,
  date: string,
): Promise<PlacementResponse> {
  const existing = await findPlacement(tx, rideId, attractionId);
  if (existing) return present(rideId, attractionId, ride, existing, true);
  const p: Placement = { plannedDate: date, timeOfDay: null, position: await nextPosition(tx, rideId, date) };
  await insertPlacement(tx, rideId, attractionId, p);
  return present(rideId, attractionId, ride, p, false);
}

export function createAttractionsService(deps: {
  db: Database;
  editRide: TripEditor;
  places: Places;
  rides: TripsService;
}) {
  const { db, editRide: editTrip, places, rides } = deps;

  const addAttraction = (
    rideId: number,
    attractionId: number,
    input: { date: string; shouldCopyTheAttraction: boolean },
    user: SessionUser | null,
  ): Promise<PlacementResponse> =>
    editTrip(rideId, user, 'addAttraction', async (tx, ride, note) => {
      if (input.shouldCopyTheAttraction) {
        const may = decideEdit(ride, user, 'copyAttraction');
        if (!may.allowed) throw new AppError(may.code);
      }
      assertInTrip(ride, input.date);
      if (!(await attractionExists(tx, attractionId))) throw new AppError('not_found');
      const me = user as SessionUser; // editTrip refused anonymous users already
      if (!(await mayUseAttraction(tx, attractionId, me.id)))
        throw new AppError('error_no_access_to_attraction');
      const placed = input.shouldCopyTheAttraction
        ? await copyAttraction(tx, attractionId, me.id)
        : attractionId;
      note({ type: 'activities', target: { days: [input.date], placements: [placed] } });
      return place(tx, rideId, placed, ride, input.date);
    });

  return {
    /** add_attraction_to_ride_api/{rideId}/{attractionId}: one of our attractions (or, for a manager's private trip, a copy). */
    addAttraction,

    /**
     * add_google_attraction_to_ride_api/{rideId}/{placeId}: a maps-service place, through the places provider (details
     * by id). The user's own attraction with that place id is reused; else one is made from the place's details. The
     * provider is asked before the trip is locked (a slow outside call must not hold the lock), after a first permission
     * check so a refused user never costs a call; the change then decides again under the lock.
     */
    async addPlace(
      rideId: number,
      placeId: string,
      input: {
        date: string;
        source?: 'google' | 'osm' | 'local' | undefined;
        language?: 'hebrew' | 'english' | undefined;
      },
      user: SessionUser | null,
    ): Promise<PlacementResponse> {
      const facts = await readTrip(db, rideId);
      if (!facts) throw new AppError('not_found');
      const first = await decideEditFor(db, facts, user, 'addAttraction');
      if (!first.allowed) throw new AppError(first.code);
      assertInTrip(facts, input.date);
      // Our own attraction, as the local source names it ("at:12"): place it as it is.
      const own = /^at:([1-9]\d{0,9})$/.exec(placeId);
      if (own && Number(own[1]) <= 2_147_483_647)
        return addAttraction(
          rideId,
          Number(own[1]),
          { date: input.date, shouldCopyTheAttraction: false },
          user,
        );
      const me = user as SessionUser;
      const source = input.source ?? 'google';
      const existing = source === 'google' ? await findOwnByPlaceId(db, me.id, placeId) : undefined;
      let details: PlaceDetails | undefined;
      if (existing === undefined) {
        try {
          // As this user may see it: our own attraction behind a Google id only when the view policy lets them (0023).
          details = (await places.details(source, placeId, input.language ?? facts.language, me.id)).value;
        } catch (err) {
          if (err instanceof PlacesUnavailableError) throw new AppError('api_call_failed');
          throw err;
        }
        if (!details) throw new AppError('not_found');
      }
      return editTrip(rideId, user, 'addAttraction', async (tx, ride, note) => {
        assertInTrip(ride, input.date);
        // Looked up again under the lock: a concurrent add of the same place by this user made it meanwhile.
        const key = details?.googlePlaceId ?? (source === 'google' ? placeId : null);
        const reuse = existing ?? (key !== null ? await findOwnByPlaceId(tx, me.id, key) : undefined);
        const attractionId =
          reuse ?? (await insertAttraction(tx, attractionFromPlace(details as PlaceDetails, me.id)));
        note({ type: 'activities', target: { days: [input.date], placements: [attractionId] } });
        return place(tx, rideId, attractionId, ride, input.date);
      });
    },

    /**
     * update_attraction_ride_time_api/{rideId}/{attractionId}: a new day and time; a new day puts it last there. The
     * time is timeAfterMove's (kept when left out, never "no time" turned into midnight by a move).
     */
    updateTime(
      rideId: number,
      attractionId: number,
      input: { date: string; time?: string | null | undefined },
      user: SessionUser | null,
    ): Promise<PlacementResponse> {
      return editTrip(rideId, user, 'edit', async (tx, ride, note) => {
        assertInTrip(ride, input.date);
        const current = await findPlacement(tx, rideId, attractionId);
        if (!current) throw new AppError('not_found');
        // The call sets the day and the time together: the day it was on and the day it goes to.
        const days = [...new Set([current.plannedDate, input.date])];
        note({ type: 'activities', target: { days, placements: [attractionId] } });
        const position =
          current.plannedDate === input.date ? current.position : await nextPosition(tx, rideId, input.date);
        const p: Placement = { plannedDate: input.date, timeOfDay: timeAfterMove(current, input), position };
        await updatePlacement(tx, rideId, attractionId, p);
        return present(rideId, attractionId, ride, p, false);
      });
    },

    /** remove_attraction_from_ride_api/{rideId}/{attractionId}: off the trip (the attraction stays in the catalogue). */
    remove(
      rideId: number,
      attractionId: number,
      user: SessionUser | null,
    ): Promise<RemoveAttractionResponse> {
      return editTrip(rideId, user, 'edit', async (tx, _ride, note) => {
        note({ type: 'activities', target: { placements: [attractionId] } });
        if (!(await deletePlacement(tx, rideId, attractionId))) throw new AppError('not_found');
        return { ServerMassageCode: 'success', rideId, attractionId };
      });
    },

    /**
     * check_if_user_has_place_id_in_attractions_api/{rideId}: whether the signed-in user has an attraction with this
     * place id (the "existing-attraction options"), and whether the trip has it. Reading only: the trip's view rule
     * applies (a private trip answers 403 to strangers, as its page does).
     */
    async checkPlaceId(
      rideId: number,
      googlePlaceId: string,
      user: SessionUser | null,
    ): Promise<CheckPlaceIdResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      await rides.getTripView(rideId, user);
      const [attractionId, inRide] = await Promise.all([
        findOwnByPlaceId(db, user.id, googlePlaceId),
        tripHasPlaceId(db, rideId, googlePlaceId),
      ]);
      return {
        ServerMassageCode: 'success',
        hasPlaceId: attractionId !== undefined,
        attractionId: attractionId ?? null,
        inRide,
      };
    },
  };
}

export type AttractionsService = ReturnType<typeof createAttractionsService>;

import {
  addDays,
  dateRangeProblem,
  daysBetween,
  isoToTripDate,
  linkToShow,
  MAX_TRIP_DAYS,
  NEW_TRIP_PARTY,
  type AddRideResponse,
  type NewTripInformationResponse,
  type TripInformationPermissions,
  type RideInformationResponse,
  type UpdateRideInformationResponse,
} from '@rides/contract';
import type { z } from 'zod';
import type { addRideBody, updateRideInformationBody } from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeUserHtml } from '../../lib/sanitize-html.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isPrivateRide } from '../access/trip-access.policy.js';
import {
  decideFlags,
  decideInformationForm,
  informationPermissions,
} from '../access/trip-information.policy.js';
import { insertTrip } from '../trip-editing/copy.repository.js';
import { dayCount, presentDates } from '../trip-editing/day-math.js';
import {
  hasOrderedAccommodation,
  lastContentDate,
  shiftDatesAfter,
} from '../trip-editing/days.repository.js';
import { decideEdit } from '../access/edit.policy.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import { readTrip, setTripDates, type LockedTrip } from '../trip-editing/trip-lock.repository.js';
import { resizeDays } from '../lineage/day-ids.js';
import { editDayIds } from '../lineage/lineage.repository.js';
import {
  managedSubdomains,
  updateRideInformation,
  type TripInformationColumns,
} from './trip-information.repository.js';

type AddTripInput = z.output<typeof addRideBody>;
type UpdateTripInput = z.output<typeof updateRideInformationBody>;

/**
 * The trip information form (001 §2, §5, §6; decision 0019).
 *
 *  - add_ride_api: any signed-in user creates a trip of 1..60 days, authored by them, as a base trip (an original,
 *    not a copy). Private (is_publick false) only for managers; a sub-domain trip only for a user who manages a
 *    sub-domain's theme; the trip then belongs to that sub-domain (the request's when the user manages it).
 *  - ride_information_api/{rideId}: the form's fields, for the trip's author only.
 *  - update_ride_information_api/{rideId}: the author, in one transaction under the trip's row lock
 *    (edit-transaction.ts). A trip that stays locked refuses it (edit.policy.ts); unlocking with the form is the
 *    author's as lock_ride_api is. A new start date moves the whole trip as update_ride_duration_api does (the same
 *    repository functions); the trip cannot end before its last dated content (date_are_not_in_range). Changing
 *    the private or the sub-domain flag follows the rules of add_ride_api; leaving them as they are is always allowed.
 */
/**
 * The trip-wide fields a save of the form changes, compared with the trip as it is now (decision 0065): title, text,
 * album, party (the travellers), locked, privacy, subdomain, dates. A field the form leaves as it is, is not noted.
 */
function changedFields(
  ride: LockedTrip & object,
  values: Partial<TripInformationColumns>,
  datesChanged: boolean,
): string[] {
  const differs = (key: keyof TripInformationColumns, now: unknown) =>
    values[key] !== undefined && values[key] !== now;
  const fields: string[] = [];
  if (differs('title', ride.title)) fields.push('title');
  if (differs('text', ride.text)) fields.push('text');
  if (differs('photosAlbumLink', ride.photosAlbumLink)) fields.push('album');
  if (
    differs('numberOfAdult', ride.numberOfAdult) ||
    differs('numberOfTeen', ride.numberOfTeen) ||
    differs('numberOfChild', ride.numberOfChild) ||
    differs('physicalDisabilities', ride.physicalDisabilities)
  )
    fields.push('party');
  if (differs('isLocked', ride.isLocked)) fields.push('locked');
  if (values.type !== undefined) fields.push('privacy');
  if (values.subdomain !== undefined) fields.push('subdomain');
  if (datesChanged) fields.push('dates');
  return fields;
}

export function createTripInformationService(deps: {
  db: Database;
  editRide: TripEditor;
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
}) {
  const { db, editRide: editTrip } = deps;

  async function permissionsOf(
    user: SessionUser,
    requestSubdomain: string | null,
  ): Promise<TripInformationPermissions> {
    return informationPermissions(user, await managedSubdomains(db, user.id), requestSubdomain);
  }

  /** The form's policy (trip-information.policy.ts) on the flags set or changed; throws its refusal. */
  function checkFlags(
    permissions: TripInformationPermissions,
    sets: { privacy: boolean; subdomain: boolean },
  ): void {
    const may = decideFlags(permissions, sets);
    if (!may.allowed) throw new AppError(may.code);
  }

  /** checkIn..checkOut as a trip's dates: in order, 1..60 days (the contract's one range rule). */
  function checkDates(startDate: string, endDate: string): void {
    const problem = dateRangeProblem(startDate, endDate, { sameDay: true, maxDays: MAX_TRIP_DAYS });
    if (problem) throw new AppError(problem);
  }

  const sanitizedText = (text: string | undefined) =>
    text === undefined ? undefined : sanitizeUserHtml(text);
  const albumLink = (link: string | null | undefined) => (link === undefined ? undefined : link || null);

  return {
    /** GET ride_information_api: what the form offers a new trip and its defaults. */
    async newForm(user: SessionUser, requestSubdomain: string | null): Promise<NewTripInformationResponse> {
      const permissions = await permissionsOf(user, requestSubdomain);
      return {
        ServerMassageCode: 'success',
        permissions,
        defaults: { ...NEW_TRIP_PARTY, is_subdomain: permissions.managedSubdomain !== null },
      };
    },

    /** POST add_ride_api: answers the new trip's id. */
    async add(
      user: SessionUser,
      input: AddTripInput,
      requestSubdomain: string | null,
    ): Promise<AddRideResponse> {
      checkDates(input.checkIn, input.checkOut);
      const permissions = await permissionsOf(user, requestSubdomain);
      const isPrivate = !input.is_publick;
      checkFlags(permissions, { privacy: isPrivate, subdomain: input.is_subdomain });
      const rideId = await db.transaction(async (tx) => {
        const id = await insertTrip(tx, {
          authorId: user.id,
          title: input.title,
          text: sanitizeUserHtml(input.text),
          photosAlbumLink: albumLink(input.photos_albom_link) ?? null,
          startDate: input.checkIn,
          endDate: input.checkOut,
          language: input.language,
          type: isPrivate ? 'private' : 'public',
          rideManagerId: isPrivate ? user.id : null,
          isBasedRide: true,
          subdomain: input.is_subdomain ? permissions.managedSubdomain : null,
          numberOfAdult: input.number_of_adult,
          numberOfTeen: input.number_of_teen,
          numberOfChild: input.number_of_child,
          physicalDisabilities: input.physical_disabilities,
        });
        await deps.changes.publish(tx, { kind: 'ride', rideId: id });
        return id;
      });
      await deps.changes.afterCommit({ kind: 'ride', rideId });
      return { ServerMassageCode: 'success', rideId };
    },

    /** GET ride_information_api/{rideId}: the author's form. */
    async read(
      rideId: number,
      user: SessionUser,
      requestSubdomain: string | null,
    ): Promise<RideInformationResponse> {
      const ride = await readTrip(db, rideId);
      if (!ride) throw new AppError('not_found');
      const may = decideInformationForm(ride, user);
      if (!may.allowed) throw new AppError(may.code);
      return {
        ServerMassageCode: 'success',
        rideId,
        title: ride.title,
        // Through the link rule: a link stored before it is none, so the form (which sends it back) is not refused.
        photos_albom_link: linkToShow(ride.photosAlbumLink),
        text: sanitizeUserHtml(ride.text),
        checkIn: isoToTripDate(ride.startDate),
        checkOut: isoToTripDate(ride.endDate),
        duration: dayCount(ride),
        number_of_adult: ride.numberOfAdult,
        number_of_teen: ride.numberOfTeen,
        number_of_child: ride.numberOfChild,
        physical_disabilities: ride.physicalDisabilities,
        is_publick: !isPrivateRide(ride),
        is_subdomain: ride.subdomain !== null,
        subdomain: ride.subdomain,
        is_locked: ride.isLocked,
        language: ride.language,
        permissions: await permissionsOf(user, requestSubdomain),
      };
    },

    /** POST update_ride_information_api/{rideId}. */
    async update(
      rideId: number,
      user: SessionUser,
      input: UpdateTripInput,
      requestSubdomain: string | null,
    ): Promise<UpdateRideInformationResponse> {
      // Read before the transaction: on PGlite nothing outside it may run until it ends (edit-transaction.ts).
      const permissions = await permissionsOf(user, requestSubdomain);
      // 'lock': the author, also on a locked trip; whether a trip that stays locked may change is the edit policy's.
      return editTrip(rideId, user, 'lock', async (tx, ride, note) => {
        const staysLocked = ride.isLocked && (input.is_locked ?? true);
        const decision = decideEdit({ ...ride, isLocked: staysLocked }, user, 'edit');
        if (!decision.allowed) throw new AppError(decision.code);

        const values: Partial<TripInformationColumns> = {
          title: input.title,
          text: sanitizedText(input.text),
          photosAlbumLink: albumLink(input.photos_albom_link),
          numberOfAdult: input.number_of_adult,
          numberOfTeen: input.number_of_teen,
          numberOfChild: input.number_of_child,
          physicalDisabilities: input.physical_disabilities,
          isLocked: input.is_locked,
        };
        const wasPublic = !isPrivateRide(ride);
        const publicNow = input.is_publick ?? wasPublic;
        const hadSubdomain = ride.subdomain !== null;
        const subdomainNow = input.is_subdomain ?? hadSubdomain;
        checkFlags(permissions, {
          privacy: publicNow !== wasPublic,
          subdomain: subdomainNow !== hadSubdomain,
        });
        if (publicNow !== wasPublic) {
          values.type = publicNow ? 'public' : 'private';
          values.rideManagerId = publicNow ? null : user.id;
        }
        if (subdomainNow !== hadSubdomain)
          values.subdomain = subdomainNow ? permissions.managedSubdomain : null;

        // Dates: a new start moves the whole trip; without checkOut the trip keeps its length.
        const startDate = input.checkIn;
        const endDate = input.checkOut ?? addDays(startDate, dayCount(ride) - 1);
        checkDates(startDate, endDate);
        const delta = daysBetween(ride.startDate, startDate);
        let shifted = false;
        if (delta !== 0) {
          shifted = await hasOrderedAccommodation(tx, rideId);
          if (shifted && !input.force) throw new AppError('rideHaveOrderedAccommodation');
          await shiftDatesAfter(tx, rideId, null, delta);
        }
        const last = await lastContentDate(tx, rideId);
        // Throwing rolls the shift back with the rest of the transaction.
        if (last !== null && last > endDate) throw new AppError('date_are_not_in_range');
        const datesChanged = startDate !== ride.startDate || endDate !== ride.endDate;
        // What this save changes (decision 0065): a stale form saved again clashes only where it differs now.
        note({ type: 'trip', target: { fields: changedFields(ride, values, datesChanged) } });
        if (datesChanged) {
          await setTripDates(tx, rideId, startDate, endDate);
          // The days' stable ids (issue 37): a new start moves the dates, not the days; days come or go at the end.
          await editDayIds(tx, rideId, (ids) => resizeDays(ids, daysBetween(startDate, endDate) + 1));
        }
        await updateRideInformation(tx, rideId, values);
        return presentDates(rideId, { startDate, endDate }, shifted);
      });
    },
  };
}

export type RideInformationService = ReturnType<typeof createTripInformationService>;

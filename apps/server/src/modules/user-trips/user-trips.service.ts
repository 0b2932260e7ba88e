import { daysBetween, isoToTripDate, type UserRide, type UserRidesResponse } from '@rides/contract';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideTripView, isPrivateRide, todayIso } from '../access/trip-access.policy.js';
import { createSearchRepository } from '../search/search.repository.js';
import { userTrips, type UserTripRow } from './user-trips.repository.js';

/**
 * user_rides_api (001 §2 "My trips"; decision 0019): the signed-in user's trips, each with its category, title, days
 * and place. A trip the user may no longer view (a private trip they lost access to) is left out; the dates of a
 * private trip that has ended are withheld from those the view policy hides them from (trip-access.policy.ts).
 * The place is the home cards' (search.repository tripLocations: the first stay's "country, city").
 */
export function createUserTripsService(deps: { db: Database; now?: () => Date }) {
  const places = createSearchRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  function present(
    row: UserTripRow,
    user: SessionUser,
    today: string,
    location: string | null,
  ): UserRide | null {
    const facts = {
      ...row,
      authorizedUserIds: new Set(row.authorized ? [user.id] : []),
      memberRoles: new Map(row.memberRole ? [[user.id, row.memberRole]] : []),
    };
    const view = decideTripView(facts, user, today);
    if (!view.allowed) return null;
    return {
      id: row.id,
      title: row.title,
      duration: daysBetween(row.startDate, row.endDate) + 1,
      start_date: view.datesHidden ? null : isoToTripDate(row.startDate),
      end_date: view.datesHidden ? null : isoToTripDate(row.endDate),
      category_name: row.category,
      location,
      isAuthor: view.isAuthor,
      is_publick: !isPrivateRide(row),
      is_locked: row.isLocked,
      top_page_image_url: row.topPageImageUrl,
      role: view.role,
    };
  }

  return {
    async list(user: SessionUser): Promise<UserRidesResponse> {
      const rows = await userTrips(deps.db, user.id);
      const locations = await places.tripLocations(rows.map((r) => r.id));
      const today = todayIso(now());
      const list = rows.flatMap((r) => present(r, user, today, locations.get(r.id) ?? null) ?? []);
      return { ServerMassageCode: 'success', rides: list };
    },
  };
}

export type UserTripsService = ReturnType<typeof createUserTripsService>;

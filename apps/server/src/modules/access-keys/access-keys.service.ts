import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AccessKeyAction,
  AddUserToRidePrivacyResponse,
  JOIN_PLACE_REFUSALS,
  RideKeyFullInformationResponse,
  RideKeyInformationResponse,
  ServerMassageCode,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { RideAccessKey } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideJoin, decideKeyManagement, standingThroughKey } from '../access/access-keys.policy.js';
import { writeCopy } from '../trip-editing/copy.service.js';
import { lockRide, type LockedTrip } from '../trip-editing/trip-lock.repository.js';
import * as repo from './access-keys.repository.js';

type JoinPlaceRefusal = (typeof JOIN_PLACE_REFUSALS)[number];
import { openStats, recordAnonymousOpen } from './client-opens.repository.js';

/**
 * The access key of a private trip and joining it (issue 18 points 1 and 2, "Go beyond": expiry, revoke, removing a
 * client; decision 0028).
 *
 *  - Who may (the planner's calls: the trip's author or its planner; joining: on the trip's site, the group rule, not
 *    someone who has the trip already) is access-keys.policy.ts, asked under the trip's row lock. The key is made on
 *    the first read (32 random URL-safe characters, shown again, so stored as given: ride-access.ts).
 *  - Joining (add_user_to_ride_privacy_api): one transaction that locks the trip's row, then the key's row, decides
 *    under those locks and writes the place: a view key adds the user to ride_authorized_users, a copy key writes the
 *    user's own copy (the one copy of trip-editing/copy.service.ts, kind 'client'). The quota is counted under the
 *    key's lock, so two clients racing for the last place cannot both get it. Every use is recorded in
 *    ride_access_key_uses: a place taken (admitted), or a refusal with its code as the message.
 *  - A one-time key (made by the one-time links module) admits one person, ever: its places are every admitted use,
 *    removed or not, and `claimOneTimeKey` (that module's) is asked in the same transaction.
 *  - Order of the join's refusals: unknown key, revoked, expired, another sub-domain, a group trip not by its group's
 *    manager, already joined (or the trip's own author or planner), quota.
 */
export interface AccessKeysDeps {
  db: Database;
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
  log: FastifyBaseLogger;
  /** The one-time links module's claim of a one-time key (throws its refusal when someone else came in with it). */
  claimOneTimeKey?: (tx: Transaction, keyId: number, userId: number) => Promise<void>;
  /** Runs work after the answer has left (the anonymous open of a one-time link's join page is recorded there). */
  afterAnswer?: (work: () => Promise<void>) => void;
  /** The clock (tests pass their own to see a key expire without waiting). */
  now?: () => Date;
}

export interface KeyChanges {
  redirectPage?: string | null | undefined;
  consultingMeetingCalendarLink?: string | null | undefined;
  authorizedUsersCount?: number | undefined;
  action?: AccessKeyAction | undefined;
  /** ISO date-time, or null to clear. */
  expiresAt?: string | null | undefined;
  revoked?: boolean | undefined;
  /** A new key value: the old link stops working. */
  renewKey?: boolean | undefined;
  /** Mail the planner on a client's first open of the trip. */
  notifyOnFirstOpen?: boolean | undefined;
}

/** A planner's change of the key; changed: the trip's access changed (its cached view is dropped). */
type PlannerWork = (
  tx: Transaction,
  ride: LockedTrip & object,
  key: RideAccessKey,
) => Promise<{ changed: boolean }>;
const readOnly: PlannerWork = async () => ({ changed: false });

const newKeyValue = (): string => randomBytes(24).toString('base64url');

/** How many one-time links the access page lists (the newest). */
const ONE_TIME_LINKS_LISTED = 200;

/** "<user id> <details>" as stored (001 §5) -> the details as the planner typed them. */
const typedDetails = (stored: string | null): string => (stored ?? '').replace(/^\d+ ?/, '');

type PlaceRule = Pick<RideAccessKey, 'id' | 'isOneTime' | 'authorizedUsersCount'>;

/**
 * The places of a key that count against it: a one-time key's for good (everyone it ever admitted, removed or not),
 * a reusable key's those held now.
 */
const placesTaken = (db: Database | Transaction, key: PlaceRule): Promise<number> =>
  key.isOneTime ? repo.everAdmitted(db, key.id) : repo.takenPlaces(db, key.id);
const placeLimit = (key: PlaceRule): number => (key.isOneTime ? 1 : key.authorizedUsersCount);

/** The join's refusal when no place is left (0 = unlimited); the join and the join page's read both ask it. */
function noPlaceLeft(key: PlaceRule, taken: number): JoinPlaceRefusal | null {
  const limit = placeLimit(key);
  if (limit === 0 || taken < limit) return null;
  return key.isOneTime ? 'one_time_link_already_used' : 'ritch_to_ride_limitation';
}

export function createAccessKeysService(deps: AccessKeysDeps) {
  const { db, changes, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** The planner's gate (access-keys.policy.ts), with the trip's row locked. */
  async function checkPlanner(tx: Transaction, ride: LockedTrip & object, user: SessionUser): Promise<void> {
    const may = decideKeyManagement(ride, user, {
      isAuthorisedUser: await repo.isAuthorizedUser(tx, ride.id, user.id),
    });
    if (!may.allowed) throw new AppError(may.code);
  }

  /** What the key policy reads of a signed-in user: their place through the key, their authorised-user row. */
  async function userFacts(
    q: Database | Transaction,
    ride: { id: number },
    key: Pick<RideAccessKey, 'id' | 'action'>,
    user: SessionUser,
  ) {
    const place = await repo.placeOf(q, key.id, user.id);
    const isAuthorisedUser = await repo.isAuthorizedUser(q, ride.id, user.id);
    return { place, facts: { hasPlace: place !== undefined, isAuthorisedUser, action: key.action } };
  }

  /** The trip's reusable key, made now if it has none (under the trip's lock: two first reads make one key). */
  async function keyOf(
    tx: Transaction,
    ride: LockedTrip & object,
    user: SessionUser,
  ): Promise<RideAccessKey> {
    const key = await repo.lockReusableKey(tx, ride.id);
    if (key) return key;
    return repo.insertKey(tx, {
      rideId: ride.id,
      secretKey: newKeyValue(),
      subdomain: ride.subdomain,
      isWhiteLabel: ride.isWhiteLabel,
      createdBy: user.id,
    });
  }

  const isExpired = (key: Pick<RideAccessKey, 'expiresAt'>): boolean =>
    key.expiresAt !== null && key.expiresAt.getTime() <= now().getTime();

  async function present(
    tx: Transaction,
    ride: LockedTrip & object,
    key: RideAccessKey,
  ): Promise<RideKeyFullInformationResponse> {
    const joined = await repo.joinedUsers(tx, key.id);
    const opened = await openStats(tx, ride.id);
    const oneTime = await repo.oneTimeLinksOf(tx, ride.id, ONE_TIME_LINKS_LISTED);
    const limit = key.authorizedUsersCount;
    return {
      ServerMassageCode: 'success',
      rideKeyData: {
        ride_id: ride.id,
        title: ride.title,
        rideKeyValue: key.secretKey,
        redirectPage: key.redirectPage,
        consultingMeetingCalendarLink: key.consultingMeetingCalendarLink,
        authorizedUsersCount: limit,
        action: key.action,
        subdomain: key.subdomain,
        expiresAt: key.expiresAt?.toISOString() ?? null,
        expired: isExpired(key),
        revoked: key.revokedAt !== null,
        joinedUsersCount: joined.length,
        placesLeft: limit === 0 ? null : Math.max(0, limit - joined.length),
        joinedUsers: joined.map((j) => ({
          userId: j.userId,
          userName: j.userName,
          email: j.email ?? '',
          joinedAt: j.joinedAt.toISOString(),
          action: j.newRideId !== null && j.newRideId !== ride.id ? 'copy' : 'view',
          newRideId: j.newRideId,
          devices: opened.get(j.userId)?.devices ?? 0,
          opens: opened.get(j.userId)?.opens ?? 0,
          lastOpenedAt: opened.get(j.userId)?.lastOpenedAt.toISOString() ?? null,
        })),
        notifyOnFirstOpen: key.notifyOnFirstOpen,
        oneTimeLinks: oneTime.map((l) => ({
          key: l.key,
          recipientDetails: typedDetails(l.recipientDetails),
          createdAt: l.createdAt.toISOString(),
          // An account deleted since leaves its use without a user: used, by nobody to name.
          usedBy:
            l.usedAt === null
              ? null
              : {
                  userId: l.userId ?? 0,
                  userName: l.userName ?? '',
                  email: l.email ?? '',
                  usedAt: l.usedAt.toISOString(),
                  newRideId: l.newRideId,
                },
        })),
      },
    };
  }

  /** The planner's calls: the trip locked, the gate, the key (made if missing), then `work`, answering the key. */
  async function asPlanner(
    rideId: number,
    user: SessionUser | null,
    work: (
      tx: Transaction,
      ride: LockedTrip & object,
      key: RideAccessKey,
    ) => Promise<{ changed: boolean }> = async () => ({ changed: false }),
  ): Promise<RideKeyFullInformationResponse> {
    if (!user) throw new AppError('user_is_not_authorized');
    let changed = false;
    const answer = await db.transaction(async (tx) => {
      const ride = await lockRide(tx, rideId);
      if (!ride) throw new AppError('not_found');
      await checkPlanner(tx, ride, user);
      const key = await keyOf(tx, ride, user);
      ({ changed } = await work(tx, ride, key));
      if (changed) await changes.publish(tx, { kind: 'ride', rideId });
      const fresh = work === readOnly ? key : ((await repo.lockKey(tx, key.id)) ?? key);
      return present(tx, ride, fresh);
    });
    if (changed) await changes.afterCommit({ kind: 'ride', rideId });
    return answer;
  }

  /** Why a key admits no one now, or null. */
  function keyProblem(key: Pick<RideAccessKey, 'revokedAt' | 'expiresAt'>): ServerMassageCode | null {
    if (key.revokedAt !== null) return 'the_private_link_was_revoked';
    if (isExpired(key)) return 'the_private_link_has_expired';
    return null;
  }

  return {
    /** get_assigned_ride_key_full_information. */
    fullInformation(rideId: number, user: SessionUser | null): Promise<RideKeyFullInformationResponse> {
      return asPlanner(rideId, user);
    },

    /** update_assigned_ride_key_full_information: only the fields sent change. */
    update(
      rideId: number,
      user: SessionUser | null,
      body: KeyChanges,
    ): Promise<RideKeyFullInformationResponse> {
      return asPlanner(rideId, user, async (tx, _trip, key) => {
        const values: Parameters<typeof repo.updateKey>[2] = {};
        if (body.redirectPage !== undefined) values.redirectPage = body.redirectPage;
        if (body.consultingMeetingCalendarLink !== undefined)
          values.consultingMeetingCalendarLink = body.consultingMeetingCalendarLink;
        if (body.authorizedUsersCount !== undefined) values.authorizedUsersCount = body.authorizedUsersCount;
        if (body.action !== undefined) values.action = body.action;
        if (body.expiresAt !== undefined)
          values.expiresAt = body.expiresAt === null ? null : new Date(body.expiresAt);
        if (body.revoked !== undefined && body.revoked !== (key.revokedAt !== null))
          values.revokedAt = body.revoked ? now() : null;
        if (body.renewKey === true) values.secretKey = newKeyValue();
        if (body.notifyOnFirstOpen !== undefined) values.notifyOnFirstOpen = body.notifyOnFirstOpen;
        await repo.updateKey(tx, key.id, values);
        // The key is read by no cache: nothing to drop (the landing's redirect page is read from the table).
        return { changed: false };
      });
    },

    /** remove_user_from_ride_privacy_api: the client loses the trip (a view key) and their place is free again. */
    removeUser(
      rideId: number,
      user: SessionUser | null,
      clientId: number,
    ): Promise<RideKeyFullInformationResponse> {
      return asPlanner(rideId, user, async (tx, ride, key) => {
        const place = await repo.placeOf(tx, key.id, clientId);
        if (!place) throw new AppError('user_is_not_assigned_to_this_ride');
        await repo.removePlace(tx, place.useId, ride.id, clientId, key.id);
        return { changed: true };
      });
    },

    /**
     * get_assigned_ride_key_information: what the join page shows (no sign-in needed; a signed-in caller learns if they
     * are in). An anonymous open of a one-time link's page is recorded as a use (user id empty, message 'opened'), after
     * the answer, once per key, device and day (client-opens.repository.ts recordAnonymousOpen).
     */
    async keyInformation(
      secretKey: string,
      user: SessionUser | null,
      device?: string,
    ): Promise<RideKeyInformationResponse> {
      const found = await repo.findKeyByValue(db, secretKey);
      if (!found) throw new AppError('the_private_link_is_not_valide');
      if (found.key.isOneTime && !user && device !== undefined && deps.afterAnswer) {
        const keyId = found.key.id;
        const day = now().toISOString().slice(0, 10);
        deps.afterAnswer(() => recordAnonymousOpen(db, keyId, device, day));
      }
      const problem = keyProblem(found.key);
      if (problem) throw new AppError(problem);
      const { key, ride } = found;
      const taken = await placesTaken(db, key);
      const limit = placeLimit(key);
      let assignedRideId: number | null = null;
      if (user) {
        const { place, facts } = await userFacts(db, ride, key, user);
        const standing = standingThroughKey(ride, user, facts);
        if (standing === 'place') assignedRideId = place?.newRideId ?? ride.id;
        else if (standing !== null) assignedRideId = ride.id;
      }
      return {
        ServerMassageCode: 'success',
        rideData: {
          ride_id: ride.id,
          title: ride.title,
          consulting_meeting_calendar_link: key.consultingMeetingCalendarLink,
          action: key.action,
          subdomain: ride.subdomain,
          plannerName: await repo.userNameOf(db, ride.rideManagerId ?? ride.authorId),
          placesLeft: limit === 0 ? null : Math.max(0, limit - taken),
          alreadyAssigned: assignedRideId !== null,
          assignedRideId,
          // Told before anything is asked (decision 0045): a spent or full link, unless the caller has the trip.
          joinRefusal: assignedRideId === null ? noPlaceLeft(key, taken) : null,
        },
      };
    },

    /** add_user_to_ride_privacy_api: the signed-in user joins with the key (the host's sub-domain is the request's). */
    async join(
      secretKey: string,
      user: SessionUser | null,
      requestSubdomain: string | null,
    ): Promise<AddUserToRidePrivacyResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const found = await repo.findKeyByValue(db, secretKey);
      if (!found) throw new AppError('the_private_link_is_not_valide');
      const keyId = found.key.id;
      try {
        const answer = await db.transaction(async (tx) => {
          const ride = await lockRide(tx, found.key.rideId);
          const key = await repo.lockKey(tx, keyId);
          if (!ride || !key) throw new AppError('the_private_link_is_not_valide');
          const problem = keyProblem(key);
          if (problem) throw new AppError(problem);
          const may = decideJoin(ride, user, requestSubdomain, (await userFacts(tx, ride, key, user)).facts);
          if (!may.allowed) throw new AppError(may.code);
          const full = noPlaceLeft(key, await placesTaken(tx, key));
          if (full) throw new AppError(full);
          if (key.isOneTime) await deps.claimOneTimeKey?.(tx, key.id, user.id);
          let newRideId: number;
          if (key.action === 'copy') {
            newRideId = await writeCopy(tx, changes, ride, user.id, 'client');
          } else {
            await repo.addAuthorizedUser(tx, ride.id, user.id, key.id);
            newRideId = ride.id;
            await changes.publish(tx, { kind: 'ride', rideId: ride.id });
          }
          await repo.recordUse(tx, {
            keyId: key.id,
            userId: user.id,
            message: key.action === 'copy' ? 'copied' : 'joined',
            admitted: true,
            newRideId,
          });
          return { newRideId, ride_id: ride.id, action: key.action };
        });
        await changes.afterCommit({ kind: 'ride', rideId: answer.newRideId });
        return { ServerMassageCode: 'success', ...answer };
      } catch (err) {
        const refusal =
          err instanceof AppError
            ? err
            : isUniqueViolation(err, 'ride_access_key_uses_one_place') ||
                isUniqueViolation(err, 'ride_authorized_users_pk')
              ? new AppError('this_user_is_alrady_assign_to_this_ride')
              : (log.error({ err, keyId }, 'joining a private trip failed'),
                new AppError('fail_to_add_user_to_ride_privacy'));
        // The refusal is a use too (the admin's usage screen): written after the rollback, never failing the answer.
        await repo
          .recordUse(db, { keyId, userId: user.id, message: refusal.code, admitted: false })
          .catch((e: unknown) => log.warn({ err: e }, 'recording a refused key use failed'));
        throw refusal;
      }
    },
  };
}

export type AccessKeysService = ReturnType<typeof createAccessKeysService>;

import { randomBytes } from 'node:crypto';
import {
  ADDRESSES,
  pageLink,
  RECIPIENT_DETAILS_MAX,
  type CopyPrivateRideResponse,
  type CopyPrivateRideStatusResponse,
  type OneUserAccessKeyResponse,
  type RecordRideShareResponse,
  type TripShareChannel,
  type RideSubdomainSettings,
  type RideSubdomainSettingsResponse,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Decision } from '../access/actor.js';
import { decidePrivateCopy, mayCopyPrivate } from '../access/copy.policy.js';
import {
  decideOneTimeLink,
  decideShareRecord,
  decideSubdomainManager,
  decideSubdomainSettings,
} from '../access/one-time-links.policy.js';
import { chooseSubdomain } from '../access/trip-information.policy.js';
import { findCopy } from '../trip-editing/copy.repository.js';
import { writeCopy } from '../trip-editing/copy.service.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import { lockRide } from '../trip-editing/trip-lock.repository.js';
import {
  insertOneTimeKey,
  insertShare,
  isTripClient,
  managedSubdomainsOf,
  reusableKeyOf,
  tripFacts,
  saveWhiteLabelPermissions,
  setTripSubdomain,
  type TripFacts,
} from './one-time-links.repository.js';

/**
 * Issue 18 points 3, 4, 6 and 7 (decision 0030): one-time links, a client's own copy of a private trip, the sub-domain
 * manager's closed environment and white-label permissions, and the record of each share of a trip's link.
 *
 * Who may do what is one-time-links.policy.ts (one-time links, the sub-domain settings, recorded shares) and
 * copy.policy.ts (a private copy: a client who came in with a copy key), each asked first; the settings' change is
 * decided again under the trip's row lock (the edit transaction). The white-label permissions only on a white-label trip.
 */
export interface OneTimeLinksDeps {
  db: Database;
  editRide: TripEditor;
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
}

/** "<user id> <details>", cut to RECIPIENT_DETAILS_MAX characters (001 §5), never in the middle of a character. */
export function recipientDetailsOf(userId: number, details: string): string {
  const text = `${userId} ${details.trim()}`.trim();
  return Array.from(text).slice(0, RECIPIENT_DETAILS_MAX).join('');
}

/** <origin of the trip's sub-domain>/assign_to_ride/<key> (000 §9: a themed site's links carry its sub-domain). */
export function joinLink(publicUrl: string, subdomain: string | null, key: string): string {
  const url = new URL(publicUrl);
  if (subdomain) url.hostname = `${subdomain}.${url.hostname}`;
  url.pathname = pageLink(ADDRESSES.join, { rideKey: key });
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** Throws a policy's refusal. */
function check(decision: Decision): void {
  if (!decision.allowed) throw new AppError(decision.code);
}

export function createOneTimeLinksService(deps: OneTimeLinksDeps) {
  const { db } = deps;

  async function facts(rideId: number): Promise<TripFacts> {
    const ride = await tripFacts(db, rideId);
    if (!ride) throw new AppError('not_found');
    return ride;
  }

  async function settingsOf(tx: Database | Transaction, rideId: number): Promise<RideSubdomainSettings> {
    const ride = await tripFacts(tx, rideId);
    if (!ride) throw new AppError('not_found');
    return {
      ride_id: ride.id,
      is_subdomain: ride.subdomain !== null,
      subdomain: ride.subdomain,
      is_white_label: ride.isWhiteLabel,
      allowUsersToEdit: ride.isWhiteLabel && ride.usersMayEdit,
      allowOneTimeLinks: ride.isWhiteLabel && ride.usersMayCreateOneTimeLinks,
    };
  }

  /** The sub-domains the user manages; nobody else may touch these settings (the one-time links policy). */
  async function managedBy(user: SessionUser): Promise<string[]> {
    const managed = await managedSubdomainsOf(db, user.id);
    check(decideSubdomainManager(managed));
    return managed;
  }

  return {
    /**
     * get_one_user_access_key: a new one-time key of the trip and its link, on `publicAddress` (plugins/public-address.ts);
     * a trip of a sub-domain gets its link on that sub-domain.
     */
    async oneUserAccessKey(
      user: SessionUser,
      input: { ride_id: number; recipientDetails: string },
      publicAddress: string,
    ): Promise<OneUserAccessKeyResponse> {
      const ride = await facts(input.ride_id);
      check(decideOneTimeLink(ride, user, { isClient: await isTripClient(db, ride.id, user.id) }));
      const reusable = await reusableKeyOf(db, ride.id);
      const key = await insertOneTimeKey(db, {
        rideId: ride.id,
        secretKey: randomBytes(24).toString('base64url'),
        subdomain: ride.subdomain,
        redirectPage: reusable?.redirectPage ?? null,
        consultingMeetingCalendarLink: reusable?.consultingMeetingCalendarLink ?? null,
        action: reusable?.action ?? 'view',
        isWhiteLabel: ride.isWhiteLabel,
        recipientDetails: recipientDetailsOf(user.id, input.recipientDetails),
        createdBy: user.id,
      });
      return {
        ServerMassageCode: 'success',
        accessData: {
          status: 'unused',
          link: joinLink(publicAddress, ride.subdomain, key.secretKey),
          key: key.secretKey,
          ride_id: key.rideId,
          recipientDetails: key.recipientDetails ?? '',
          created_time: key.createdAt.toISOString(),
        },
      };
    },

    /**
     * copy_private_ride_api/{rideId}: the client's own copy (the one copy routine, ride-editing's writeCopy, as a copy
     * key's join makes it), under the original's row lock; asking again answers the copy they have.
     */
    async copyPrivateRide(
      rideId: number,
      user: SessionUser,
      requestSubdomain: string | null,
    ): Promise<CopyPrivateRideResponse> {
      const answer = await db.transaction(async (tx) => {
        const ride = await lockRide(tx, rideId);
        if (!ride) throw new AppError('not_found');
        const isCopyClient = await isTripClient(tx, rideId, user.id, true);
        check(decidePrivateCopy({ ...ride, isCopyClient }, user, requestSubdomain));
        const existing = await findCopy(tx, user.id, rideId);
        if (existing !== undefined) return { newRideId: existing, alreadyCopied: true };
        return {
          newRideId: await writeCopy(tx, deps.changes, ride, user.id, 'client'),
          alreadyCopied: false,
        };
      });
      if (!answer.alreadyCopied) await deps.changes.afterCommit({ kind: 'ride', rideId: answer.newRideId });
      return { ServerMassageCode: 'uesr_copyed_new_ride', basedRideId: rideId, ...answer };
    },

    /**
     * copy_private_ride_status_api/{rideId}: whether copyPrivateRide would give this user a copy (the same rule: a
     * client of a copy key, not a demo trip) and the copy they have. Nobody else learns anything: mayCopy false.
     */
    async copyPrivateRideStatus(rideId: number, user: SessionUser): Promise<CopyPrivateRideStatusResponse> {
      const copyRideId = await db.transaction(async (tx) => {
        const ride = await tripFacts(tx, rideId);
        if (
          !ride ||
          !mayCopyPrivate({ ...ride, isCopyClient: await isTripClient(tx, rideId, user.id, true) })
        )
          return undefined;
        return (await findCopy(tx, user.id, rideId)) ?? null;
      });
      return copyRideId === undefined
        ? { ServerMassageCode: 'success', mayCopy: false, copyRideId: null }
        : { ServerMassageCode: 'success', mayCopy: true, copyRideId };
    },

    /** ride_subdomain_settings_api/{rideId}. */
    async subdomainSettings(rideId: number, user: SessionUser): Promise<RideSubdomainSettingsResponse> {
      const managed = await managedBy(user);
      const ride = await facts(rideId);
      check(decideSubdomainSettings(ride, user, managed));
      return { ServerMassageCode: 'success', settings: await settingsOf(db, rideId) };
    },

    /** update_ride_subdomain_settings_api/{rideId}: through the trip's locked edit transaction. */
    async updateSubdomainSettings(
      rideId: number,
      user: SessionUser,
      input: {
        is_subdomain?: boolean;
        is_white_label?: boolean;
        allowUsersToEdit?: boolean;
        allowOneTimeLinks?: boolean;
      },
      requestSubdomain: string | null,
    ): Promise<RideSubdomainSettingsResponse> {
      const managed = await managedBy(user);
      const chosen = chooseSubdomain(managed, requestSubdomain) as string;
      const settings = await deps.editRide(rideId, user, 'subdomainSettings', async (tx, ride, note) => {
        check(decideSubdomainSettings(ride, user, managed));
        note({ type: 'trip', target: { fields: ['subdomain'] } });
        const subdomain =
          input.is_subdomain === undefined
            ? undefined
            : input.is_subdomain
              ? (ride.subdomain ?? chosen)
              : null;
        const isWhiteLabel = input.is_white_label ?? ride.isWhiteLabel;
        const before = await tripFacts(tx, rideId);
        const usersMayEdit = input.allowUsersToEdit ?? before?.usersMayEdit ?? false;
        const usersMayCreateOneTimeLinks =
          input.allowOneTimeLinks ?? before?.usersMayCreateOneTimeLinks ?? false;
        if (!isWhiteLabel && (input.allowUsersToEdit === true || input.allowOneTimeLinks === true)) {
          throw new AppError('ride_is_not_white_label');
        }
        await setTripSubdomain(tx, rideId, { subdomain, isWhiteLabel: input.is_white_label });
        // A trip that is no longer white-label keeps no permissions for its clients.
        await saveWhiteLabelPermissions(tx, rideId, {
          usersMayEdit: isWhiteLabel && usersMayEdit,
          usersMayCreateOneTimeLinks: isWhiteLabel && usersMayCreateOneTimeLinks,
          updatedBy: user.id,
        });
        return settingsOf(tx, rideId);
      });
      return { ServerMassageCode: 'success', settings };
    },

    /** record_ride_share_api: the author or planner shared the trip's link on `channel`. */
    async recordShare(
      user: SessionUser,
      input: { ride_id: number; channel: TripShareChannel },
    ): Promise<RecordRideShareResponse> {
      const ride = await facts(input.ride_id);
      check(decideShareRecord(ride, user));
      const share = await insertShare(db, { rideId: ride.id, userId: user.id, channel: input.channel });
      return {
        ServerMassageCode: 'success',
        share: {
          id: share.id,
          ride_id: share.rideId,
          channel: share.channel as TripShareChannel,
          created_time: share.createdAt.toISOString(),
        },
      };
    },
  };
}

export type OneTimeLinksService = ReturnType<typeof createOneTimeLinksService>;

import { createHash, randomBytes } from 'node:crypto';
import {
  ADDRESSES,
  INVITE_DAYS,
  pageLink,
  type AcceptInviteResponse,
  type InviteInformationResponse,
  type InviteMemberResponse,
  type MemberRole,
  type TripInvite,
  type TripMember,
  type TripMembersResponse,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import type { TextLanguage } from '../../lib/texts.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Mailer } from '../../providers/mail/index.js';
import type { Decision } from '../access/actor.js';
import {
  decideAccept,
  decideInvite,
  decideManageMembers,
  decideMembersRead,
  decideRemoval,
  decideRoleChange,
  inviteProblem,
  roleAfterAccept,
  seesEmailOf,
  seesInvites,
} from '../access/members.policy.js';
import { isPrivateRide, tripRole, type TripAccessFacts } from '../access/trip-access.policy.js';
import { appendTripEvent } from '../trip-events/trip-events.repository.js';
import { lockRide, readTrip, type LockedTrip } from '../trip-editing/trip-lock.repository.js';
import { tripInviteMail } from './mails.js';
import * as repo from './trip-members.repository.js';

/**
 * Members and roles (issue 33 point 1, decision 0063). The rules are members.policy.ts's, asked first; SQL is the
 * repository's. Every change of the trip's people (an invitation made or revoked, a role changed, a member removed or
 * joined) is one transaction that locks the ride row, writes its trip_events row ({ type: 'members', target:
 * { userIds } }) and publishes { kind: 'ride' }, so every process drops the trip's cached facts (their memberRoles):
 * a removed member is refused at their next request, on any process.
 *
 * An invitation's token is 32 random bytes (base64url, 43 characters), in the link only: the table keeps its SHA-256.
 * The link is single-use (the accept's UPDATE ... WHERE used_at IS NULL, under the ride row's lock), expires after
 * INVITE_DAYS and can be revoked. Any signed-in account holding the link may accept it (the link is the secret, as a
 * shared document's link is), an e-mail invitation included.
 */
export interface TripMembersDeps {
  db: Database;
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Runs work after the answer has left (the invitation mail). */
  afterAnswer: (work: () => Promise<void>) => void;
  /** Outside production the outbox's links are logged too (as the sign-in link's are). */
  isProduction?: boolean;
  /** The clock (tests move it to see an invitation expire). */
  now?: () => Date;
}

/** Where an invitation is made from: the site's address for its link, the inviter's language for its mail. */
export interface InviteContext {
  publicAddress: string;
  language: TextLanguage;
}

/** Invitations one user may make in an hour, over all their trips (a mail goes with each: a spam brake). */
export const INVITES_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** "d***@example.com": the invitation page tells whom it was sent to without telling the address. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
};

const check = (decision: Decision): void => {
  if (!decision.allowed) throw new AppError(decision.code);
};

export function createTripMembersService(deps: TripMembersDeps) {
  const { db, changes } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The facts the policy reads: the trip's row, its members, and whether the caller is an authorised client (the one
   * fact of ride_authorized_users the member policy needs: it makes them a viewer of a private trip).
   */
  async function factsOf(
    q: Database | Transaction,
    ride: NonNullable<LockedTrip>,
    actor: SessionUser | null,
  ): Promise<{ facts: TripAccessFacts; members: Awaited<ReturnType<typeof repo.membersOf>> }> {
    const members = await repo.membersOf(q, ride.id);
    const authorised =
      actor !== null && isPrivateRide(ride) && (await repo.isAuthorisedClient(q, ride.id, actor.id));
    return {
      members,
      facts: {
        authorId: ride.authorId,
        rideManagerId: ride.rideManagerId,
        type: ride.type,
        endDate: ride.endDate,
        authorizedUserIds: new Set(authorised && actor ? [actor.id] : []),
        memberRoles: new Map(members.map((m) => [m.userId, m.role])),
      },
    };
  }

  /**
   * A change of the trip's people: the ride row locked, the facts read under the lock, `work` (which asks the policy
   * and writes), then its trip_events row and the change published; dropped in this process after the commit.
   */
  async function change<T>(
    rideId: number,
    user: SessionUser | null,
    work: (
      tx: Transaction,
      ride: NonNullable<LockedTrip>,
      facts: TripAccessFacts,
    ) => Promise<{ answer: T; userIds: number[]; invites?: number[] }>,
  ): Promise<T> {
    if (!user) throw new AppError('user_is_not_authorized');
    const answer = await db.transaction(async (tx) => {
      const ride = await lockRide(tx, rideId);
      if (!ride) throw new AppError('not_found');
      const { facts } = await factsOf(tx, ride, user);
      const done = await work(tx, ride, facts);
      await appendTripEvent(tx, rideId, user.id, {
        type: 'members',
        target: { userIds: done.userIds, ...(done.invites ? { invites: done.invites } : {}) },
      });
      await changes.publish(tx, { kind: 'ride', rideId });
      return done.answer;
    });
    await changes.afterCommit({ kind: 'ride', rideId });
    return answer;
  }

  const presentInvite = (row: repo.InviteRow): TripInvite => ({
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  });

  /** The trip's people as `viewer` sees them: the author, the planner of a private trip, the members. */
  async function people(
    ride: NonNullable<LockedTrip>,
    members: Awaited<ReturnType<typeof repo.membersOf>>,
    viewer: SessionUser,
    viewerRole: NonNullable<ReturnType<typeof tripRole>>,
  ): Promise<TripMember[]> {
    const ownerIds = [ride.authorId];
    if (isPrivateRide(ride) && ride.rideManagerId !== null && ride.rideManagerId !== ride.authorId)
      ownerIds.push(ride.rideManagerId);
    const createdAt = await repo.tripCreatedAt(db, ride.id);
    const owners = await Promise.all(ownerIds.map((id) => repo.userBrief(db, id)));
    const list: TripMember[] = owners.flatMap((o) =>
      o
        ? [
            {
              userId: o.id,
              name: o.name,
              email: o.email,
              role: 'owner' as const,
              joinedAt: createdAt.toISOString(),
            },
          ]
        : [],
    );
    for (const m of members)
      list.push({
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      });
    return list.map((p) => ({
      ...p,
      email: seesEmailOf(viewerRole, viewer.id, p.userId) ? (p.email ?? null) : null,
    }));
  }

  /** The invitation of a token (a malformed or unknown token: invite_not_found). */
  async function inviteOf(q: Database | Transaction, token: string): Promise<repo.InviteRow> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('invite_not_found');
    const invite = await repo.findInviteByHash(q, hashOf(token));
    if (!invite) throw new AppError('invite_not_found');
    return invite;
  }

  return {
    /** GET /api/trips/{rideId}/members. */
    async list(rideId: number, user: SessionUser | null): Promise<TripMembersResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const ride = await readTrip(db, rideId);
      if (!ride) throw new AppError('not_found');
      const { facts, members } = await factsOf(db, ride, user);
      check(decideMembersRead(facts, user));
      const myRole = tripRole(facts, user);
      if (myRole === null) throw new AppError('role_does_not_allow');
      const invites = seesInvites(myRole) ? await repo.openInvites(db, rideId, now()) : [];
      return {
        ServerMassageCode: 'success',
        members: await people(ride, members, user, myRole),
        invites: invites.map(presentInvite),
        myRole,
        myUserId: user.id,
      };
    },

    /** POST /api/trips/{rideId}/members: an invitation, mailed when it names an address. */
    async invite(
      rideId: number,
      user: SessionUser | null,
      body: { email?: string | undefined; role: MemberRole },
      ctx: InviteContext,
    ): Promise<InviteMemberResponse> {
      const email = body.email?.toLowerCase() ?? null;
      const token = randomBytes(32).toString('base64url');
      const made = await change(rideId, user, async (tx, _ride, facts) => {
        const inviteeId = email === null ? null : await repo.userIdByEmail(tx, email);
        check(decideInvite(facts, user, inviteeId === null ? null : { userId: inviteeId }));
        const inviter = user as SessionUser; // change() refused a visitor already
        const madeLastHour = await repo.invitesMadeSince(tx, inviter.id, new Date(now().getTime() - HOUR_MS));
        if (madeLastHour >= INVITES_PER_HOUR) throw tooManyRequests(HOUR_MS / 4);
        const row = await repo.insertInvite(tx, {
          rideId,
          tokenHash: hashOf(token),
          email,
          role: body.role,
          invitedBy: inviter.id,
          expiresAt: new Date(now().getTime() + INVITE_DAYS * 24 * HOUR_MS),
        });
        return { answer: row, userIds: [], invites: [row.id] };
      });
      const inviteUrl = `${ctx.publicAddress}${pageLink(ADDRESSES.invite, { token })}`;
      if (email !== null) {
        const inviterId = (user as SessionUser).id;
        deps.afterAnswer(async () => {
          const inviter = await repo.userBrief(db, inviterId);
          try {
            await deps.mailer.send({
              to: email,
              ...tripInviteMail(ctx.language, inviter?.name ?? '', made.role, made.expiresAt, inviteUrl),
            });
          } catch (err) {
            deps.log.warn({ err: (err as Error).message, rideId }, 'invitation mail failed');
            return;
          }
          if (deps.mailer.kind === 'outbox' && !deps.isProduction)
            deps.log.info({ to: email, link: inviteUrl }, 'invitation link (outbox)');
        });
      }
      return { ServerMassageCode: 'success', invite: presentInvite(made), inviteUrl };
    },

    /** DELETE /api/trips/{rideId}/invites/{inviteId}: the owner revokes an open invitation (again: no change). */
    async revoke(
      rideId: number,
      user: SessionUser | null,
      inviteId: number,
    ): Promise<{ ServerMassageCode: 'success' }> {
      await change(rideId, user, async (tx, _ride, facts) => {
        check(decideManageMembers(facts, user));
        const invite = await repo.findInvite(tx, rideId, inviteId);
        if (!invite) throw new AppError('invite_not_found');
        if (invite.usedAt !== null) throw new AppError('invite_used');
        await repo.revokeInvite(tx, inviteId, now());
        return { answer: null, userIds: [], invites: [inviteId] };
      });
      return { ServerMassageCode: 'success' };
    },

    /** PATCH /api/trips/{rideId}/members/{userId}: the owner changes a member's role. */
    async changeRole(
      rideId: number,
      user: SessionUser | null,
      memberId: number,
      role: MemberRole,
    ): Promise<{ ServerMassageCode: 'success' }> {
      await change(rideId, user, async (tx, _ride, facts) => {
        check(decideRoleChange(facts, user, memberId));
        if (!(await repo.setMemberRole(tx, rideId, memberId, role))) throw new AppError('not_a_member');
        return { answer: null, userIds: [memberId] };
      });
      return { ServerMassageCode: 'success' };
    },

    /** DELETE /api/trips/{rideId}/members/{userId}: the owner removes a member, or a member leaves. */
    async remove(
      rideId: number,
      user: SessionUser | null,
      memberId: number,
    ): Promise<{ ServerMassageCode: 'success' }> {
      await change(rideId, user, async (tx, _ride, facts) => {
        check(decideRemoval(facts, user, memberId));
        if (!(await repo.deleteMember(tx, rideId, memberId))) throw new AppError('not_a_member');
        return { answer: null, userIds: [memberId] };
      });
      return { ServerMassageCode: 'success' };
    },

    /** GET /api/invites/{token}: who invites, with which role, until when; anyone may ask (no trip content). */
    async information(token: string): Promise<InviteInformationResponse> {
      const invite = await inviteOf(db, token);
      check(inviteProblem(invite, now()));
      const inviter = invite.invitedBy === null ? undefined : await repo.userBrief(db, invite.invitedBy);
      return {
        ServerMassageCode: 'success',
        inviterName: inviter?.name ?? '',
        role: invite.role,
        expiresAt: invite.expiresAt.toISOString(),
        maskedEmail: invite.email === null ? null : maskEmail(invite.email),
      };
    },

    /** POST /api/invites/{token}/accept: the signed-in user joins with the invitation's role, once. */
    async accept(token: string, user: SessionUser | null): Promise<AcceptInviteResponse> {
      if (!user) throw new AppError('user_is_not_authorized');
      const found = await inviteOf(db, token);
      let role: MemberRole = found.role;
      const rideId = found.rideId;
      await change(rideId, user, async (tx, _ride, facts) => {
        // Under the ride row's lock: the invitation as it is now (another accept may have used it meanwhile).
        const invite = (await repo.findInvite(tx, rideId, found.id)) ?? found;
        check(inviteProblem(invite, now()));
        check(decideAccept(facts, user));
        role = roleAfterAccept(facts.memberRoles.get(user.id) ?? null, invite.role);
        // Single use: only the call whose UPDATE finds it open goes on (the lock orders them; this is the proof).
        if (!(await repo.useInvite(tx, invite.id, user.id, now()))) throw new AppError('invite_used');
        await repo.putMember(tx, rideId, user.id, role, invite.invitedBy);
        return { answer: null, userIds: [user.id] };
      });
      return { ServerMassageCode: 'success', rideId, role };
    },
  };
}

export type TripMembersService = ReturnType<typeof createTripMembersService>;

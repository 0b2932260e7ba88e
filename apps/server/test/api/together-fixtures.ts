import type { MemberRole, Role } from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { rides, tripMembers, users } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { makeTrip, type Trip } from './trip-editing-fixtures.js';
import { bearer } from './trips-fixtures.js';

/**
 * The people and trips of the comments', lists' and calendar tests (issue 33, decision 0066): a public and a private
 * trip of one owner (the private one planned by a planner), each with a viewer, a commenter and an editor as members
 * (rows of trip_members put in directly: the members' calls are another part's), a plain user and another planner who
 * are none of their people, and a visitor (no header). Each trip has two activities, a stay and three days.
 */
export type Who =
  'visitor' | 'user' | 'viewer' | 'commenter' | 'editor' | 'owner' | 'planner' | 'another planner';
export const EVERYONE: Who[] = [
  'visitor',
  'user',
  'viewer',
  'commenter',
  'editor',
  'owner',
  'planner',
  'another planner',
];

export interface Person {
  id: number;
  name: string;
  email: string;
  headers: Record<string, string>;
}

export interface TogetherWorld {
  people: Record<Exclude<Who, 'visitor'>, Person>;
  trips: { public: Trip; private: Trip };
  headersOf(who: Who): Record<string, string>;
}

let seq = 0;
export async function person(t: TestApp, name: string, role: Role = 'user'): Promise<Person> {
  seq += 1;
  const email = `together.${process.pid}.${seq}.${Date.now()}@example.com`;
  const [row] = await t.db.db
    .insert(users)
    .values({ email, userName: name, role })
    .returning({ id: users.id });
  const id = (row as { id: number }).id;
  return { id, name, email, headers: await bearer(t, id, role) };
}

export async function addMember(t: TestApp, rideId: number, userId: number, role: MemberRole): Promise<void> {
  await t.db.db.insert(tripMembers).values({ rideId, userId, role });
  // The members' calls publish their change; a row put in directly drops the cached trip itself.
  t.app.rides.invalidateTrip(rideId);
}

export async function removeMember(t: TestApp, rideId: number, userId: number): Promise<void> {
  await t.db.db
    .delete(tripMembers)
    .where(and(eq(tripMembers.rideId, rideId), eq(tripMembers.userId, userId)));
  t.app.rides.invalidateTrip(rideId);
}

export async function makeWorld(
  t: TestApp,
  language: 'hebrew' | 'english' = 'english',
): Promise<TogetherWorld> {
  const n = ++seq;
  const people = {
    user: await person(t, `Uri User ${n}`),
    viewer: await person(t, `Vera Viewer ${n}`),
    commenter: await person(t, `Cody Commenter ${n}`),
    editor: await person(t, `Edna Editor ${n}`),
    owner: await person(t, `Olive Owner ${n}`),
    planner: await person(t, `Pat Planner ${n}`, 'manager'),
    'another planner': await person(t, `Abe Planner ${n}`, 'manager'),
  };
  const spec = {
    authorId: people.owner.id,
    days: 3,
    perDay: [[`Museum ${n}`], [`Beach ${n}`]],
    stays: [{ firstDay: 0, nights: 2, ordered: true }],
  };
  const pub = await makeTrip(t, { ...spec, type: 'public' });
  const priv = await makeTrip(t, { ...spec, type: 'private', rideManagerId: people.planner.id });
  for (const trip of [pub, priv]) {
    await addMember(t, trip.rideId, people.viewer.id, 'viewer');
    await addMember(t, trip.rideId, people.commenter.id, 'commenter');
    await addMember(t, trip.rideId, people.editor.id, 'editor');
  }
  for (const trip of [pub, priv])
    await t.db.db.update(rides).set({ language }).where(eq(rides.id, trip.rideId));
  return {
    people,
    trips: { public: pub, private: priv },
    headersOf: (who) => (who === 'visitor' ? {} : people[who].headers),
  };
}

export function send(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** "✓" for a 200, else the answer's status and code, as the matrices below write them. */
export function outcome(res: LightMyRequestResponse): string {
  if (res.statusCode === 200) return '✓';
  const code = (res.json() as { ServerMassageCode?: string }).ServerMassageCode;
  return `${res.statusCode} ${code}`;
}

/** The matrix rows of a call on the public and the private trip, for everyone. */
export const READ_MATRIX: Record<Who, [string, string]> = {
  visitor: ['401 user_is_not_authorized', '403 user_does_not_have_permission_to_this_private_ride'],
  user: ['403 role_does_not_allow', '403 user_does_not_have_permission_to_this_private_ride'],
  viewer: ['✓', '✓'],
  commenter: ['✓', '✓'],
  editor: ['✓', '✓'],
  owner: ['✓', '✓'],
  planner: ['403 role_does_not_allow', '✓'],
  'another planner': ['403 role_does_not_allow', '403 user_does_not_have_permission_to_this_private_ride'],
};

export const WRITE_MATRIX: Record<Who, [string, string]> = {
  ...READ_MATRIX,
  visitor: ['401 user_is_not_authorized', '401 user_is_not_authorized'],
  viewer: ['403 role_does_not_allow', '403 role_does_not_allow'],
};

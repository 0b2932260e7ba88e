import type { MemberRole } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/modules/access/actor.js';
import { decideBookings } from '../../src/modules/access/bookings.policy.js';
import { decideMoney, decideQuote, mayReadQuote } from '../../src/modules/access/money.policy.js';
import type { TripAccessFacts } from '../../src/modules/access/trip-access.policy.js';

/**
 * The bookings' policy (decision 0068) and the money's (decision 0069), every row: who × trip -> decision. ✓ allowed,
 * × role_does_not_allow, 401 user_is_not_authorized, 403 user_does_not_have_permission_to_this_private_ride, F forbidden.
 * The API tests (bookings.test.ts, money.test.ts) prove the services ask them (and, for an import, the edit policy too).
 */
const OWNER = 1;
const PLANNER = 2;

const people: Record<string, Actor> = {
  visitor: null,
  user: { id: 10, role: 'user', isAdmin: false },
  viewer: { id: 11, role: 'user', isAdmin: false },
  commenter: { id: 3, role: 'user', isAdmin: false },
  editor: { id: 12, role: 'user', isAdmin: false },
  owner: { id: OWNER, role: 'user', isAdmin: false },
  planner: { id: PLANNER, role: 'manager', isAdmin: false },
  'another planner': { id: 13, role: 'manager', isAdmin: false },
};

const members = new Map<number, MemberRole>([
  [11, 'viewer'],
  [3, 'commenter'],
  [12, 'editor'],
]);

const trip = (type: 'public' | 'private'): TripAccessFacts => ({
  authorId: OWNER,
  rideManagerId: type === 'private' ? PLANNER : null,
  type,
  endDate: '2031-01-01',
  authorizedUserIds: new Set(),
  memberRoles: members,
});
const trips = [trip('public'), trip('private')];

//                      public private
const READ = `
    visitor             401    403
    user                ×      403
    viewer              ✓      ✓
    commenter           ✓      ✓
    editor              ✓      ✓
    owner               ✓      ✓
    planner             ×      ✓
    another planner     ×      403`;
const WRITE = `
    visitor             401    403
    user                ×      403
    viewer              ×      ×
    commenter           ×      ×
    editor              ✓      ✓
    owner               ✓      ✓
    planner             ×      ✓
    another planner     ×      403`;
// The planner's quote: a planner's (private) trip only, its planner only.
const QUOTE = `
    visitor             F      F
    user                F      F
    viewer              F      F
    commenter           F      F
    editor              F      F
    owner               F      F
    planner             F      ✓
    another planner     F      F`;

const SYMBOL: Record<string, string> = {
  user_is_not_authorized: '401',
  user_does_not_have_permission_to_this_private_ride: '403',
  role_does_not_allow: '×',
  forbidden: 'F',
};

const rows = (matrix: string) =>
  matrix
    .trim()
    .split('\n')
    .map((line) => {
      const cells = line.trim().split(/\s{2,}/);
      return { who: cells[0] as string, expected: cells.slice(1) };
    });

const decide = {
  'bookings: read': (t: TripAccessFacts, a: Actor) => decideBookings(t, a, 'read'),
  'bookings: import': (t: TripAccessFacts, a: Actor) => decideBookings(t, a, 'import'),
  'money: read': (t: TripAccessFacts, a: Actor) => decideMoney(t, a, 'read'),
  'money: write': (t: TripAccessFacts, a: Actor) => decideMoney(t, a, 'write'),
  'money: set the quote': decideQuote,
};
const matrices: Record<keyof typeof decide, string> = {
  'bookings: read': READ,
  'bookings: import': WRITE,
  'money: read': READ,
  'money: write': WRITE,
  'money: set the quote': QUOTE,
};

describe('bookings and money policies', () => {
  for (const [action, matrix] of Object.entries(matrices) as [keyof typeof decide, string][]) {
    describe(action, () => {
      for (const { who, expected } of rows(matrix)) {
        it(who, () => {
          const actor = people[who];
          expect(actor, who).not.toBeUndefined();
          const got = trips.map((t) => {
            const d = decide[action](t, actor ?? null);
            return d.allowed ? '✓' : (SYMBOL[d.code] ?? d.code);
          });
          expect(got).toEqual(expected);
        });
      }
    });
  }

  it("the quote is read by the planner always, by the trip's people when shared, by no one else", () => {
    const [pub, priv] = trips as [TripAccessFacts, TripAccessFacts];
    const read = (t: TripAccessFacts, who: string, shared: boolean) =>
      mayReadQuote(t, people[who] ?? null, shared);
    expect(read(priv, 'planner', false)).toBe(true);
    expect(read(priv, 'owner', false)).toBe(false);
    expect(read(priv, 'viewer', false)).toBe(false);
    expect(read(priv, 'viewer', true)).toBe(true);
    expect(read(priv, 'user', true)).toBe(false);
    expect(read(priv, 'visitor', true)).toBe(false);
    // A public trip has no quote at all.
    expect(read(pub, 'owner', true)).toBe(false);
  });
});

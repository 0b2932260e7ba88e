import type { MemberRole } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/modules/access/actor.js';
import { decideCommentDelete, decideTogether } from '../../src/modules/access/together.policy.js';
import type { TripAccessFacts } from '../../src/modules/access/trip-access.policy.js';

/**
 * The comments', votes' and lists' policy (decision 0066), every row: who × trip -> decision. ✓ allowed, × role_does_not_allow,
 * 401 user_is_not_authorized, 403 user_does_not_have_permission_to_this_private_ride. The API tests
 * (trip-comments.test.ts, trip-lists.test.ts) prove the services ask it.
 */
const OWNER = 1;
const PLANNER = 2;
const WRITER = 3;

const people: Record<string, Actor> = {
  visitor: null,
  user: { id: 10, role: 'user', isAdmin: false },
  viewer: { id: 11, role: 'user', isAdmin: false },
  commenter: { id: WRITER, role: 'user', isAdmin: false },
  editor: { id: 12, role: 'user', isAdmin: false },
  owner: { id: OWNER, role: 'user', isAdmin: false },
  planner: { id: PLANNER, role: 'manager', isAdmin: false },
  'another planner': { id: 13, role: 'manager', isAdmin: false },
};

const members = new Map<number, MemberRole>([
  [11, 'viewer'],
  [WRITER, 'commenter'],
  [12, 'editor'],
]);

const trips: Record<string, TripAccessFacts> = {
  public: {
    authorId: OWNER,
    rideManagerId: null,
    type: 'public',
    endDate: '2031-01-01',
    authorizedUserIds: new Set(),
    memberRoles: members,
  },
  private: {
    authorId: OWNER,
    rideManagerId: PLANNER,
    type: 'private',
    endDate: '2031-01-01',
    authorizedUserIds: new Set(),
    memberRoles: members,
  },
};

//                      public private
const matrices = {
  read: `
    visitor             401    403
    user                ×      403
    viewer              ✓      ✓
    commenter           ✓      ✓
    editor              ✓      ✓
    owner               ✓      ✓
    planner             ×      ✓
    another planner     ×      403`,
  write: `
    visitor             401    403
    user                ×      403
    viewer              ×      ×
    commenter           ✓      ✓
    editor              ✓      ✓
    owner               ✓      ✓
    planner             ×      ✓
    another planner     ×      403`,
  // A comment written by the commenter (WRITER).
  'delete a comment': `
    visitor             401    403
    user                ×      403
    viewer              ×      ×
    commenter           ✓      ✓
    editor              ×      ×
    owner               ✓      ✓
    planner             ×      ✓
    another planner     ×      403`,
} as const;

const SYMBOL = {
  user_is_not_authorized: '401',
  user_does_not_have_permission_to_this_private_ride: '403',
  role_does_not_allow: '×',
} as Record<string, string>;

function rows(matrix: string) {
  return matrix
    .trim()
    .split('\n')
    .map((line) => {
      const cells = line.trim().split(/\s{2,}/);
      return { who: cells[0] as string, expected: cells.slice(1) };
    });
}

describe('together policy', () => {
  for (const [action, matrix] of Object.entries(matrices)) {
    describe(action, () => {
      for (const { who, expected } of rows(matrix)) {
        it(who, () => {
          const actor = people[who];
          expect(actor, who).not.toBeUndefined();
          const got = Object.values(trips).map((trip) => {
            const d =
              action === 'delete a comment'
                ? decideCommentDelete(trip, actor ?? null, WRITER)
                : decideTogether(trip, actor ?? null, action as 'read' | 'write');
            return d.allowed ? '✓' : (SYMBOL[d.code] ?? d.code);
          });
          expect(got).toEqual(expected);
        });
      }
    });
  }

  it('a comment whose writer is gone is the owner’s to delete', () => {
    expect(decideCommentDelete(trips.public as TripAccessFacts, people.commenter ?? null, null).allowed).toBe(
      false,
    );
    expect(decideCommentDelete(trips.public as TripAccessFacts, people.owner ?? null, null).allowed).toBe(
      true,
    );
  });
});

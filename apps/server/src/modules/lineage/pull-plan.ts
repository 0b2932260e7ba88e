import {
  applyTripChanges,
  type TripChange,
  type TripContent,
  type TripChangeRefusal,
} from '@rides/contract';

/**
 * What a pull applies (issue 37 point 3, decision 0075). Pure: the contract's applyTripChanges with the server's rules
 * on top of it.
 *  - A booked stay (ordered by the traveller, or a booking) is never changed, moved or removed by a pull: a change of
 *    one is refused `stay-booked`; so is a day added, removed or moved that would move one's dates or nights (found by
 *    trying the day changes one at a time, in the merge's order, on top of everything else chosen).
 *  - The 60-day cap: `maxDays`.
 *  - The base moves forward by what was taken: the changes applied, and those resolved "ours" (the copier chose to keep
 *    theirs; for a clean change, "ours" dismisses it). The rest (not accepted, refused) stay listed as updates.
 */
export type PullRefusal = TripChangeRefusal | 'stay-booked';

export interface PullPlan {
  content: TripContent;
  applied: string[];
  refused: { id: string; reason: PullRefusal }[];
  /** The ids the base takes (applied, and resolved "ours"). */
  taken: string[];
}

const DAY_KINDS: ReadonlySet<string> = new Set(['day-add', 'day-remove', 'day-move']);

/** Where a booked stay is and what it is: unchanged when this is unchanged (its dates follow its first night's index). */
const stayPlace = (c: TripContent, id: string): string | null => {
  const s = c.stays[id];
  return s ? JSON.stringify([s, c.days.indexOf(s.firstNight)]) : null;
};

export function planPull(
  ours: TripContent,
  changes: readonly TripChange[],
  accept: readonly string[],
  resolve: Readonly<Record<string, 'theirs' | 'ours'>>,
  booked: ReadonlySet<string>,
  maxDays: number,
): PullPlan {
  const refused: PullPlan['refused'] = [];
  const stayOf = (c: TripChange) => (c.kind.startsWith('stay-') ? c.path.split('/')[1]! : null);
  const blocked = new Set<string>();
  for (const c of changes) {
    const stay = stayOf(c);
    if (stay !== null && booked.has(stay) && wanted(c, accept, resolve)) {
      blocked.add(c.id);
      refused.push({ id: c.id, reason: 'stay-booked' });
    }
  }
  const bookedNow = [...booked].filter((id) => ours.stays[id]).map((id) => [id, stayPlace(ours, id)] as const);
  const keepsBooked = (c: TripContent) => bookedNow.every(([id, place]) => stayPlace(c, id) === place);
  const dayChanges = changes.filter((c) => DAY_KINDS.has(c.kind) && wanted(c, accept, resolve));
  for (const c of dayChanges) blocked.add(c.id);
  const run = () =>
    applyTripChanges(
      ours,
      changes,
      accept.filter((id) => !blocked.has(id)),
      Object.fromEntries(Object.entries(resolve).filter(([id]) => !blocked.has(id))),
      { maxDays },
    );
  // Each day change on top of what is chosen so far: kept unless a booked stay moves.
  for (const c of dayChanges) {
    blocked.delete(c.id);
    if (bookedNow.length > 0 && !keepsBooked(run().content)) {
      blocked.add(c.id);
      refused.push({ id: c.id, reason: 'stay-booked' });
    }
  }
  const result = run();
  const resolvedOurs = Object.entries(resolve)
    .filter(([id, side]) => side === 'ours' && !blocked.has(id))
    .map(([id]) => id);
  const order = new Map(changes.map((c, i) => [c.id, i]));
  return {
    content: result.content,
    applied: result.applied,
    refused: [...refused, ...result.refused].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
    taken: [...result.applied, ...resolvedOurs],
  };
}

const wanted = (c: TripChange, accept: readonly string[], resolve: Readonly<Record<string, string>>) =>
  accept.includes(c.id) || resolve[c.id] === 'theirs';

/**
 * The base after a pull: the old base with the taken changes of the original applied as the original has them (its
 * changes merged against an untouched copy, so none is a conflict), so what was not taken is still a change of the
 * original since the base, and listed again. With everything taken it is the original now.
 */
export function baseAfterPull(
  base: TripContent,
  theirsChanges: readonly TripChange[],
  taken: readonly string[],
): TripContent {
  return applyTripChanges(base, theirsChanges, taken, {}).content;
}

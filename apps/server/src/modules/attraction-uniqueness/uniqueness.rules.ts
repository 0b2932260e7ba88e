import {
  UNIQUENESS_PROPOSAL_REASONS,
  withinSamePlaceDistance,
  type UniquenessProposalReason,
} from '@rides/contract';

/**
 * The rules of attraction uniqueness groups (decision 0040), pure: what becomes of a group a record leaves, and which
 * records are proposed as one place. Who may change a group is modules/access/attraction-groups.policy.ts. The service
 * asks them; test/attraction-uniqueness/rules.test.ts table-tests them.
 */

/**
 * A group that a record leaves: a group is several records, so with fewer than two left it is dissolved; a group whose
 * main left takes its oldest remaining record (the lowest id) as main, so no group is ever left without one.
 */
export function afterLeaving(
  group: { mainId: number | null; memberIds: readonly number[] },
  leaving: number,
): { dissolve: true } | { dissolve: false; mainId: number } {
  const rest = group.memberIds.filter((id) => id !== leaving);
  if (rest.length < 2) return { dissolve: true };
  const mainId =
    group.mainId !== null && group.mainId !== leaving && rest.includes(group.mainId)
      ? group.mainId
      : Math.min(...rest);
  return { dissolve: false, mainId };
}

/** The main of a group a record joins: its main if it has one, else the joining record. */
export const mainOnJoining = (group: { mainId: number | null }, joining: number): number =>
  group.mainId ?? joining;

/** One of the viewer's records, as the proposals read it. */
export interface ProposalRecord {
  id: number;
  lat: number;
  lng: number;
  groupId: number | null;
  /** It is the main record of its group. */
  isMain: boolean;
}

/** Two records found by an index (the same place id, or the same normalised name nearby): a candidate pair. */
export interface CandidatePair {
  a: number;
  b: number;
  reason: UniquenessProposalReason;
}

export interface Proposal {
  ids: number[];
  reasons: UniquenessProposalReason[];
  mainId: number;
}

/** A proposal's identity, as a dismissal keeps it: its records' ids ascending, comma-separated. */
export const proposalKey = (ids: readonly number[]): string => [...ids].sort((x, y) => x - y).join(',');

/**
 * The proposals among a planner's records: pairs with the same place id, and pairs with the same name at most
 * UNIQUENESS_PROPOSAL_METRES apart (the contract's one same-place rule, same-place.ts), joined transitively into sets. A set already
 * one group, or one the planner dismissed, is not proposed. The suggested main: a member that is a group's main
 * already (the lowest such id), else the oldest record (the lowest id). Ordered by their lowest id.
 */
export function proposeGroups(
  records: ReadonlyMap<number, ProposalRecord>,
  pairs: readonly CandidatePair[],
  dismissed: ReadonlySet<string>,
): Proposal[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) as number;
    let y = x;
    while (parent.get(y) !== root) {
      const next = parent.get(y) as number;
      parent.set(y, root);
      y = next;
    }
    return root;
  };
  const reasonsOf = new Map<number, Set<UniquenessProposalReason>>();
  const linked: CandidatePair[] = [];
  for (const p of pairs) {
    const a = records.get(p.a);
    const b = records.get(p.b);
    if (!a || !b || a.id === b.id) continue;
    if (p.reason === 'name' && !withinSamePlaceDistance(a, b)) continue;
    for (const id of [a.id, b.id]) if (!parent.has(id)) parent.set(id, id);
    linked.push(p);
  }
  for (const p of linked) {
    const ra = find(p.a);
    const rb = find(p.b);
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  for (const p of linked) {
    const root = find(p.a);
    const set = reasonsOf.get(root) ?? new Set();
    set.add(p.reason);
    reasonsOf.set(root, set);
  }
  const sets = new Map<number, number[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    sets.set(root, [...(sets.get(root) ?? []), id]);
  }
  const proposals: Proposal[] = [];
  for (const [root, members] of sets) {
    const ids = members.sort((x, y) => x - y);
    const rows = ids.map((id) => records.get(id) as ProposalRecord);
    const firstGroup = rows[0]?.groupId ?? null;
    if (firstGroup !== null && rows.every((r) => r.groupId === firstGroup)) continue;
    if (dismissed.has(proposalKey(ids))) continue;
    const mains = rows.filter((r) => r.isMain).map((r) => r.id);
    const reasons = reasonsOf.get(root) ?? new Set();
    proposals.push({
      ids,
      reasons: UNIQUENESS_PROPOSAL_REASONS.filter((r) => reasons.has(r)),
      mainId: mains.length > 0 ? Math.min(...mains) : (ids[0] as number),
    });
  }
  return proposals.sort((x, y) => (x.ids[0] as number) - (y.ids[0] as number));
}

import type {
  UniquenessAttraction,
  UniquenessGroup,
  UniquenessGroupResponse,
  UniquenessGroupsResponse,
  UniquenessProposalsResponse,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { presentAttractionFields, type AttractionFieldsRow } from '../trips/trips.presenter.js';
import * as repo from './uniqueness.repository.js';
import { mayChangeGroup, mayMoveAttraction, mayUseGroups } from '../access/attraction-groups.policy.js';
import { afterLeaving, mainOnJoining, proposalKey, proposeGroups } from './uniqueness.rules.js';

/**
 * Attraction uniqueness groups (001 §2, §3, §7; decision 0040): the spec's three calls and our proposals. Who may do
 * what is uniqueness.rules.ts; every change is one transaction that locks the groups it touches and drops the search
 * answers around the records it touched (the searches show a group's main record only).
 */
export function createUniquenessService(deps: {
  db: Database;
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
}) {
  const { db } = deps;

  const allowed = (user: SessionUser | null): SessionUser => {
    if (!user) throw new AppError('user_is_not_authorized');
    if (!mayUseGroups(user)) throw new AppError('forbidden');
    return user;
  };

  const card = (row: AttractionFieldsRow & { authorId: number }): UniquenessAttraction => ({
    ...presentAttractionFields(row),
    authorId: row.authorId,
  });

  /** Groups as the viewer sees them: the records they may see, the main among them, whether they may change it. */
  async function present(viewer: SessionUser, groupIds: readonly number[]): Promise<UniquenessGroup[]> {
    const [rows, authors, seen] = await Promise.all([
      repo.groupsByIds(db, groupIds),
      repo.memberAuthors(db, groupIds),
      repo.visibleMembers(db, groupIds, viewer.id),
    ]);
    const byId = new Map(rows.map((g) => [g.id, g]));
    return groupIds.flatMap((id) => {
      const group = byId.get(id);
      if (!group) return [];
      const records = seen.filter((m) => m.groupId === id).map(card);
      return [
        {
          AttractionUniqnessId: id,
          chosenAttraction: records.find((r) => r.id === group.mainId) ?? null,
          convertedUniqAtractions: records.filter((r) => r.id !== group.mainId),
          mayChange: mayChangeGroup(
            viewer,
            authors.filter((m) => m.groupId === id).map((m) => m.authorId),
          ),
        },
      ];
    });
  }

  /** A group the viewer may change, locked; 404 uniqueness_group_not_found, 403 uniqueness_group_not_yours. */
  async function lockChangeable(tx: Transaction, viewer: SessionUser, groupId: number) {
    const [group] = await repo.lockGroups(tx, [groupId]);
    if (!group) throw new AppError('uniqueness_group_not_found');
    const authors = await repo.memberAuthors(tx, [groupId]);
    if (
      !mayChangeGroup(
        viewer,
        authors.map((m) => m.authorId),
      )
    )
      throw new AppError('uniqueness_group_not_yours');
    return { ...group, memberIds: authors.map((m) => m.attractionId) };
  }

  /** Records the viewer may put in a group: 404 not_found (unseen or gone: decision 0023), 403 error_no_access_to_attraction. */
  async function movable(tx: Transaction, viewer: SessionUser, ids: readonly number[]) {
    const rows = await repo.visibleRecords(tx, ids, viewer.id);
    if (rows.length !== new Set(ids).size) throw new AppError('not_found');
    if (!rows.every((r) => mayMoveAttraction(viewer, r.authorId)))
      throw new AppError('error_no_access_to_attraction');
    return rows;
  }

  /** Locks the groups these records are in now and these groups, in one statement, in id order. */
  async function lockBefore(
    tx: Transaction,
    viewer: SessionUser,
    recordIds: readonly number[],
    groupIds: readonly number[],
  ) {
    const now = await repo.visibleRecords(tx, recordIds, viewer.id);
    const ids = [...new Set([...groupIds, ...now.flatMap((r) => (r.groupId === null ? [] : [r.groupId]))])];
    await repo.lockGroups(tx, ids);
  }

  /** Takes a record out of its group: a group left with one record is dissolved; one that lost its main gets another. */
  async function leave(tx: Transaction, groupId: number, attractionId: number): Promise<number[]> {
    const [group] = await repo.lockGroups(tx, [groupId]);
    if (!group) return [];
    const memberIds = (await repo.memberAuthors(tx, [groupId])).map((m) => m.attractionId);
    const next = afterLeaving({ mainId: group.mainId, memberIds }, attractionId);
    if (next.dissolve) await repo.deleteGroup(tx, groupId);
    else if (next.mainId !== group.mainId) await repo.setMain(tx, groupId, next.mainId);
    // Its records may be found differently now (a new main, or no group): their search answers are dropped too.
    return memberIds;
  }

  /** One change: the transaction, then the search answers around these records dropped (here and in every process). */
  async function change<T>(work: (tx: Transaction) => Promise<{ result: T; touched: number[] }>): Promise<T> {
    const { result, cells } = await db.transaction(async (tx) => {
      const done = await work(tx);
      const touchedCells = await repo.cellsOf(tx, done.touched);
      if (touchedCells.length > 0)
        await deps.changes.publish(tx, { kind: 'search-cells', cells: touchedCells });
      return { result: done.result, cells: touchedCells };
    });
    if (cells.length > 0) await deps.changes.afterCommit({ kind: 'search-cells', cells });
    return result;
  }

  const groupAnswer = async (viewer: SessionUser, groupId: number): Promise<UniquenessGroupResponse> => {
    const [group] = await present(viewer, [groupId]);
    if (!group) throw new AppError('uniqueness_group_not_found');
    return { ServerMassageCode: 'success', group };
  };

  return {
    async list(user: SessionUser | null): Promise<UniquenessGroupsResponse> {
      const viewer = allowed(user);
      const ids = await repo.listGroupIds(db, viewer.id, viewer.isAdmin);
      return { ServerMassageCode: 'success', groups: await present(viewer, ids) };
    },

    /** update_main_attraction_uniqnes/{groupId}/{attractionId} */
    async setMain(
      user: SessionUser | null,
      groupId: number,
      attractionId: number,
    ): Promise<UniquenessGroupResponse> {
      const viewer = allowed(user);
      await change(async (tx) => {
        const group = await lockChangeable(tx, viewer, groupId);
        if (!group.memberIds.includes(attractionId)) throw new AppError('attraction_not_in_group');
        if (group.mainId !== attractionId) await repo.setMain(tx, groupId, attractionId);
        return { result: null, touched: group.memberIds };
      });
      return groupAnswer(viewer, groupId);
    },

    /** update_attraction_to_uniqness_grop/{attractionId}/{groupId} */
    async move(
      user: SessionUser | null,
      attractionId: number,
      groupId: number,
    ): Promise<UniquenessGroupResponse> {
      const viewer = allowed(user);
      await change(async (tx) => {
        // Every group this move touches is locked first, in id order (two opposite moves cannot deadlock).
        await lockBefore(tx, viewer, [attractionId], [groupId]);
        const target = await lockChangeable(tx, viewer, groupId);
        const [record] = await movable(tx, viewer, [attractionId]);
        const from = record?.groupId ?? null;
        if (from === groupId) return { result: null, touched: [] };
        const left = from === null ? [] : await leave(tx, from, attractionId);
        await repo.putMember(tx, attractionId, groupId);
        const mainId = mainOnJoining(target, attractionId);
        if (mainId !== target.mainId) await repo.setMain(tx, groupId, mainId);
        return { result: null, touched: [...target.memberIds, ...left, attractionId] };
      });
      return groupAnswer(viewer, groupId);
    },

    async proposals(user: SessionUser | null): Promise<UniquenessProposalsResponse> {
      const viewer = allowed(user);
      const pairs = await repo.candidatePairs(db, viewer.id);
      const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
      const [records, dismissed] = await Promise.all([
        repo.proposalRecords(db, ids),
        repo.dismissedKeys(db, viewer.id),
      ]);
      const found = proposeGroups(records, pairs, dismissed);
      const cards = new Map(
        (await repo.recordCards(db, [...new Set(found.flatMap((p) => p.ids))], viewer.id)).map((r) => [
          r.id,
          card(r),
        ]),
      );
      return {
        ServerMassageCode: 'success',
        proposals: found.map((p) => ({
          attractions: p.ids.flatMap((id) => cards.get(id) ?? []),
          reasons: p.reasons,
          mainId: p.mainId,
        })),
      };
    },

    /** Ours: the proposal's records become one group with the chosen main (records in other groups move). */
    async accept(
      user: SessionUser | null,
      body: { attractionIds: number[]; mainId: number },
    ): Promise<UniquenessGroupResponse> {
      const viewer = allowed(user);
      const groupId = await change(async (tx) => {
        await lockBefore(tx, viewer, body.attractionIds, []);
        const rows = await movable(tx, viewer, body.attractionIds);
        const id = await repo.createGroup(tx, viewer.id);
        const left: number[] = [];
        for (const row of rows) {
          if (row.groupId !== null) left.push(...(await leave(tx, row.groupId, row.id)));
          await repo.putMember(tx, row.id, id);
        }
        await repo.setMain(tx, id, body.mainId);
        return { result: id, touched: [...body.attractionIds, ...left] };
      });
      return groupAnswer(viewer, groupId);
    },

    /** Ours: this set of records is not proposed to the viewer again. */
    async dismiss(user: SessionUser | null, attractionIds: number[]) {
      const viewer = allowed(user);
      await db.transaction(async (tx) => {
        await movable(tx, viewer, attractionIds);
        await repo.dismiss(tx, viewer.id, proposalKey(attractionIds));
      });
      return { ServerMassageCode: 'success' };
    },
  };
}

export type UniquenessService = ReturnType<typeof createUniquenessService>;

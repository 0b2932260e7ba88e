import {
  ITEMS_PER_LIST_MAX,
  LISTS_PER_TRIP_MAX,
  type ListsResponse,
  type PatchListBody,
  type PatchListItemBody,
  type PostListBody,
  type PostListItemBody,
  type TripListEntryWire,
  type TripListKind,
  type TripListWire,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../access/actor.js';
import { decideTogether, type TogetherAction } from '../access/together.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { tripPeople } from '../trip-comments/trip-people.repository.js';
import { createTripChange, type TripChangeDone } from '../trip-events/trip-change.js';
import type { TripChange } from '../trip-events/trip-events.repository.js';
import * as repo from './trip-lists.repository.js';

/**
 * The trip's shared lists (issue 33 point 5, decision 0066): packing, to-do, documents. The trip's people read them,
 * a commenter or more writes them. Every write is one transaction that locks the ride row, appends the trip's event
 * and publishes the change. Made for phones that go offline: an item's addition carries the device's `clientId` (sent
 * twice, it is one item), a tick carries the time it was made (`doneChangedAt`): the latest tick wins, an older one
 * arriving later changes nothing and is answered with the item as it is.
 */
export interface TripListsDeps {
  db: Database;
  changes: Changes;
  accessFacts(rideId: number): Promise<TripAccessFacts>;
  now?: () => Date;
}

const wireItem = (row: repo.ItemRow): TripListEntryWire => ({
  id: row.id,
  clientId: row.clientId,
  text: row.text,
  assigneeId: row.assigneeId,
  done: row.done,
  doneChangedAt: row.doneChangedAt?.toISOString() ?? null,
});

const wireList = (list: repo.ListRow, items: repo.ItemRow[]): TripListWire => ({
  id: list.id,
  name: list.name,
  kind: list.kind,
  items: items.filter((i) => i.listId === list.id).map(wireItem),
});

export function createTripListsService(deps: TripListsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function allowed(rideId: number, actor: Actor, action: TogetherAction): Promise<TripAccessFacts> {
    const facts = await deps.accessFacts(rideId);
    const decision = decideTogether(facts, actor, action);
    if (!decision.allowed) throw new AppError(decision.code);
    return facts;
  }

  const tripChange = createTripChange(deps);

  /** The policy's "write", then one locked, logged, published change (none when `change` is null). */
  async function write<T>(
    rideId: number,
    actor: Actor,
    work: (tx: Transaction, userId: number) => Promise<TripChangeDone<T>>,
  ): Promise<T> {
    await allowed(rideId, actor, 'write');
    const userId = (actor as NonNullable<Actor>).id;
    return tripChange(rideId, userId, (tx) => work(tx, userId));
  }

  async function listOf(tx: Transaction, rideId: number, listId: number): Promise<repo.ListRow> {
    const list = await repo.findList(tx, rideId, listId);
    if (!list) throw new AppError('list_not_found');
    return list;
  }

  async function itemOf(tx: Transaction, listId: number, itemId: number): Promise<repo.ItemRow> {
    const item = await repo.findItem(tx, listId, itemId);
    if (!item) throw new AppError('list_item_not_found');
    return item;
  }

  /** An assignee is one of the trip's people (its owner or a member); null clears it. */
  async function checkAssignee(tx: Transaction, rideId: number, assigneeId: number | null | undefined) {
    if (assigneeId === undefined || assigneeId === null) return;
    const people = await tripPeople(tx, rideId);
    if (!people.some((p) => p.userId === assigneeId)) throw new AppError('not_a_member');
  }

  const listChange = (listId: number, itemIds: number[] = []): TripChange => ({
    type: 'lists',
    target: { lists: [listId], items: itemIds },
  });

  return {
    async lists(rideId: number, actor: Actor): Promise<ListsResponse> {
      const facts = await allowed(rideId, actor, 'read');
      const { lists, items } = await repo.listsOf(db, rideId);
      return {
        ServerMassageCode: 'success',
        lists: lists.map((l) => wireList(l, items)),
        people: await tripPeople(db, rideId),
        mayWrite: decideTogether(facts, actor, 'write').allowed,
      };
    },

    async createList(rideId: number, actor: Actor, body: PostListBody & { name: string }) {
      const list = await write(rideId, actor, async (tx, userId) => {
        if ((await repo.countLists(tx, rideId)) >= LISTS_PER_TRIP_MAX) throw new AppError('too_many_lists');
        const made = await repo.insertList(tx, {
          rideId,
          name: body.name,
          kind: (body.kind ?? 'other') as TripListKind,
          createdBy: userId,
        });
        return { answer: wireList(made, []), change: listChange(made.id) };
      });
      return { ServerMassageCode: 'success', list };
    },

    async updateList(rideId: number, listId: number, actor: Actor, body: PatchListBody) {
      const list = await write(rideId, actor, async (tx) => {
        const found = await listOf(tx, rideId, listId);
        const set: { name?: string; kind?: TripListKind } = {};
        if (body.name !== undefined) set.name = body.name;
        if (body.kind !== undefined) set.kind = body.kind;
        const row = Object.keys(set).length ? await repo.updateList(tx, listId, set) : found;
        return {
          answer: wireList(row, await repo.itemsOf(tx, listId)),
          change: Object.keys(set).length ? listChange(listId) : null,
        };
      });
      return { ServerMassageCode: 'success', list };
    },

    async deleteList(rideId: number, listId: number, actor: Actor) {
      await write(rideId, actor, async (tx) => {
        await listOf(tx, rideId, listId);
        await repo.deleteList(tx, listId);
        return { answer: undefined, change: listChange(listId) };
      });
      return { ServerMassageCode: 'success' };
    },

    /** Adds an item; the same clientId again answers the item it made (no duplicate, no second event). */
    async addItem(rideId: number, listId: number, actor: Actor, body: PostListItemBody & { text: string }) {
      const item = await write(rideId, actor, async (tx, userId) => {
        await listOf(tx, rideId, listId);
        const known = await repo.itemByClientId(tx, listId, body.clientId);
        if (known) return { answer: wireItem(known), change: null };
        if ((await repo.countItems(tx, listId)) >= ITEMS_PER_LIST_MAX) throw new AppError('too_many_items');
        await checkAssignee(tx, rideId, body.assigneeId);
        const made = await repo.insertItem(tx, {
          listId,
          clientId: body.clientId,
          text: body.text,
          assigneeId: body.assigneeId ?? null,
          createdBy: userId,
        });
        return { answer: wireItem(made), change: listChange(listId, [made.id]) };
      });
      return { ServerMassageCode: 'success', item };
    },

    /**
     * Changes an item. A tick (done) counts only when it was made after the item's last one (doneChangedAt, the
     * device's time, never later than the server's now: a phone whose clock runs ahead cannot win forever).
     */
    async updateItem(rideId: number, listId: number, itemId: number, actor: Actor, body: PatchListItemBody) {
      const item = await write(rideId, actor, async (tx, userId) => {
        await listOf(tx, rideId, listId);
        const found = await itemOf(tx, listId, itemId);
        const set: Parameters<typeof repo.updateItem>[2] = {};
        if (body.text !== undefined && body.text !== found.text) set.text = body.text;
        if (body.assigneeId !== undefined && body.assigneeId !== found.assigneeId) {
          await checkAssignee(tx, rideId, body.assigneeId);
          set.assigneeId = body.assigneeId;
        }
        if (body.done !== undefined) {
          const serverNow = now();
          const sent = body.doneChangedAt ? new Date(body.doneChangedAt) : serverNow;
          const at = sent > serverNow ? serverNow : sent;
          const newer = found.doneChangedAt === null || at > found.doneChangedAt;
          if (newer) Object.assign(set, { done: body.done, doneChangedAt: at, doneBy: userId });
        }
        if (Object.keys(set).length === 0) return { answer: wireItem(found), change: null };
        const row = await repo.updateItem(tx, itemId, set);
        return { answer: wireItem(row), change: listChange(listId, [itemId]) };
      });
      return { ServerMassageCode: 'success', item };
    },

    async deleteItem(rideId: number, listId: number, itemId: number, actor: Actor) {
      await write(rideId, actor, async (tx) => {
        await listOf(tx, rideId, listId);
        await itemOf(tx, listId, itemId);
        await repo.deleteItem(tx, itemId);
        return { answer: undefined, change: listChange(listId, [itemId]) };
      });
      return { ServerMassageCode: 'success' };
    },
  };
}

export type TripListsService = ReturnType<typeof createTripListsService>;

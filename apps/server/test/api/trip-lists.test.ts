import {
  ITEMS_PER_LIST_MAX,
  LIST_ITEM_MAX,
  LIST_NAME_MAX,
  LISTS_PER_TRIP_MAX,
  listsResponse,
} from '@rides/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripEvents, tripListItems, tripLists } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectCode } from './trip-editing-fixtures.js';
import {
  EVERYONE,
  makeWorld,
  outcome,
  READ_MATRIX,
  send,
  WRITE_MATRIX,
  type TogetherWorld,
} from './together-fixtures.js';

/**
 * Shared lists (issue 33 point 5, decision 0066): every call both ways for everyone on a public and a private trip,
 * names and items' rules and limits, an addition sent twice is one item, the last tick wins, assignees are the trip's
 * people, every write logged.
 */
let t: TestApp;
let w: TogetherWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
});
afterAll(async () => {
  await t?.dispose();
});

const lists = (rideId: number, rest = '') => `/api/trips/${rideId}/lists${rest}`;
let clientSeq = 0;
const clientId = () => `client-${process.pid}-${++clientSeq}`;

async function newList(rideId: number, name = 'Packing', who: keyof TogetherWorld['people'] = 'owner') {
  const res = await send(t, 'POST', lists(rideId), w.people[who].headers, { name, kind: 'packing' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { list: { id: number } }).list.id;
}

async function newItem(rideId: number, listId: number, text = 'Passports', id = clientId()) {
  const res = await send(t, 'POST', lists(rideId, `/${listId}/items`), w.people.commenter.headers, {
    clientId: id,
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { item: { id: number; clientId: string } }).item;
}

const eventCount = async (rideId: number) =>
  Number(
    (
      await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tripEvents)
        .where(eq(tripEvents.rideId, rideId))
    )[0]?.n,
  );

describe('who may read and write lists', () => {
  for (const who of EVERYONE) {
    it(who, async () => {
      const got = { read: [] as string[], list: [] as string[], item: [] as string[], tick: [] as string[] };
      for (const trip of [w.trips.public, w.trips.private]) {
        const headers = w.headersOf(who);
        const listId = await newList(trip.rideId);
        const item = await newItem(trip.rideId, listId);
        got.read.push(outcome(await send(t, 'GET', lists(trip.rideId), headers)));
        got.list.push(
          outcome(await send(t, 'POST', lists(trip.rideId), headers, { name: `by ${who}`, kind: 'todo' })),
        );
        got.item.push(
          outcome(
            await send(t, 'POST', lists(trip.rideId, `/${listId}/items`), headers, {
              clientId: clientId(),
              text: 'x',
            }),
          ),
        );
        got.tick.push(
          outcome(
            await send(t, 'PATCH', lists(trip.rideId, `/${listId}/items/${item.id}`), headers, {
              done: true,
            }),
          ),
        );
      }
      expect(got).toEqual({
        read: READ_MATRIX[who],
        list: WRITE_MATRIX[who],
        item: WRITE_MATRIX[who],
        tick: WRITE_MATRIX[who],
      });
    });
  }
});

describe('lists', () => {
  it('made, read with their items and people, renamed and deleted; each write logged', async () => {
    const rideId = w.trips.private.rideId;
    const before = await eventCount(rideId);
    const listId = await newList(rideId, '  Documents  ', 'editor');
    await newItem(rideId, listId, 'Visa');
    const patched = await send(t, 'PATCH', lists(rideId, `/${listId}`), w.people.commenter.headers, {
      name: 'Papers',
      kind: 'documents',
    });
    expect(patched.json()).toMatchObject({
      list: { id: listId, name: 'Papers', kind: 'documents', items: [{ text: 'Visa' }] },
    });
    const read = listsResponse.parse((await send(t, 'GET', lists(rideId), w.people.viewer.headers)).json());
    expect(read.lists.find((l) => l.id === listId)).toMatchObject({
      name: 'Papers',
      items: [{ text: 'Visa', done: false, assigneeId: null }],
    });
    expect(read.mayWrite).toBe(false);
    expect(read.people.map((p) => p.userId).sort()).toEqual(
      [
        w.people.owner.id,
        w.people.planner.id,
        w.people.viewer.id,
        w.people.commenter.id,
        w.people.editor.id,
      ].sort(),
    );
    expect(
      (await send(t, 'DELETE', lists(rideId, `/${listId}`), w.people.commenter.headers)).statusCode,
    ).toBe(200);
    expectCode(
      await send(t, 'DELETE', lists(rideId, `/${listId}`), w.people.commenter.headers),
      404,
      'list_not_found',
    );
    expect(await t.db.db.select().from(tripListItems).where(eq(tripListItems.listId, listId))).toEqual([]);
    expect(await eventCount(rideId)).toBe(before + 4);
    const [last] = await t.db.db
      .select()
      .from(tripEvents)
      .where(eq(tripEvents.rideId, rideId))
      .orderBy(sql`version desc`)
      .limit(1);
    expect(last).toMatchObject({ type: 'lists', target: { lists: [listId] } });
  });

  it('names: required, at most LIST_NAME_MAX, no control characters; a kind of the four', async () => {
    const rideId = w.trips.public.rideId;
    const post = (body: unknown) => send(t, 'POST', lists(rideId), w.people.owner.headers, body);
    expectCode(await post({ name: '  ', kind: 'todo' }), 400, 'list_name_required');
    expectCode(await post({ name: 'x'.repeat(LIST_NAME_MAX + 1), kind: 'todo' }), 400, 'list_name_too_long');
    expectCode(await post({ name: 'a\u0001', kind: 'todo' }), 400, 'text_has_control_characters');
    expectCode(await post({ name: 'ok', kind: 'groceries' }), 400, 'bad_request');
    expectCode(await post({ name: 'ok', kind: 'todo', extra: 1 }), 400, 'bad_request');
  });

  it(`at most ${LISTS_PER_TRIP_MAX} lists per trip`, async () => {
    const fresh = await makeWorld(t);
    const rideId = fresh.trips.public.rideId;
    await t.db.db
      .insert(tripLists)
      .values(Array.from({ length: LISTS_PER_TRIP_MAX - 1 }, (_, i) => ({ rideId, name: `L${i}` })));
    expect(
      (await send(t, 'POST', lists(rideId), fresh.people.owner.headers, { name: 'last', kind: 'todo' }))
        .statusCode,
    ).toBe(200);
    expectCode(
      await send(t, 'POST', lists(rideId), fresh.people.owner.headers, { name: 'one more', kind: 'todo' }),
      400,
      'too_many_lists',
    );
  });

  it('a list of another trip is list_not_found through this one', async () => {
    const other = await newList(w.trips.private.rideId);
    expectCode(
      await send(t, 'PATCH', lists(w.trips.public.rideId, `/${other}`), w.people.owner.headers, {
        name: 'x',
      }),
      404,
      'list_not_found',
    );
    expectCode(
      await send(t, 'POST', lists(w.trips.public.rideId, `/${other}/items`), w.people.owner.headers, {
        clientId: clientId(),
        text: 'x',
      }),
      404,
      'list_not_found',
    );
  });
});

describe('items', () => {
  it('the same clientId twice is one item (and one logged change)', async () => {
    const rideId = w.trips.public.rideId;
    const listId = await newList(rideId);
    const before = await eventCount(rideId);
    const id = clientId();
    const a = await newItem(rideId, listId, 'Sunscreen', id);
    const b = await newItem(rideId, listId, 'Sunscreen', id);
    expect(b).toEqual(a);
    const rows = await t.db.db
      .select()
      .from(tripListItems)
      .where(and(eq(tripListItems.listId, listId), eq(tripListItems.clientId, id)));
    expect(rows).toHaveLength(1);
    expect(await eventCount(rideId)).toBe(before + 1);
  });

  it('text: required, at most LIST_ITEM_MAX; clientId of 8 to 64 safe characters', async () => {
    const rideId = w.trips.public.rideId;
    const listId = await newList(rideId);
    const post = (body: unknown) =>
      send(t, 'POST', lists(rideId, `/${listId}/items`), w.people.owner.headers, body);
    expectCode(await post({ clientId: clientId(), text: ' ' }), 400, 'list_item_required');
    expectCode(
      await post({ clientId: clientId(), text: 'x'.repeat(LIST_ITEM_MAX + 1) }),
      400,
      'list_item_too_long',
    );
    expectCode(await post({ clientId: 'short', text: 'x' }), 400, 'bad_request');
    expectCode(await post({ clientId: 'has space inside', text: 'x' }), 400, 'bad_request');
    expectCode(await post({ text: 'x' }), 400, 'bad_request');
  });

  it(`at most ${ITEMS_PER_LIST_MAX} items per list`, async () => {
    const rideId = w.trips.public.rideId;
    const listId = await newList(rideId);
    await t.db.db
      .insert(tripListItems)
      .values(
        Array.from({ length: ITEMS_PER_LIST_MAX - 1 }, (_, i) => ({
          listId,
          clientId: `seed-item-${i}`,
          text: `i${i}`,
        })),
      );
    await newItem(rideId, listId, 'the last one');
    expectCode(
      await send(t, 'POST', lists(rideId, `/${listId}/items`), w.people.owner.headers, {
        clientId: clientId(),
        text: 'one more',
      }),
      400,
      'too_many_items',
    );
  });

  it('the last tick wins by its time; an older one arriving later is answered with the item as it is', async () => {
    const rideId = w.trips.private.rideId;
    const listId = await newList(rideId);
    const item = await newItem(rideId, listId);
    const tick = (who: 'commenter' | 'editor', done: boolean, at: string) =>
      send(t, 'PATCH', lists(rideId, `/${listId}/items/${item.id}`), w.people[who].headers, {
        done,
        doneChangedAt: at,
      });
    expect((await tick('commenter', true, '2026-01-01T10:00:00.000Z')).json()).toMatchObject({
      item: { done: true, doneChangedAt: '2026-01-01T10:00:00.000Z' },
    });
    // An offline phone's older untick arrives later: ignored.
    const before = await eventCount(rideId);
    expect((await tick('editor', false, '2026-01-01T09:00:00.000Z')).json()).toMatchObject({
      item: { done: true, doneChangedAt: '2026-01-01T10:00:00.000Z' },
    });
    expect(await eventCount(rideId)).toBe(before);
    // A newer one wins.
    expect((await tick('editor', false, '2026-01-01T11:00:00+00:00')).json()).toMatchObject({
      item: { done: false, doneChangedAt: '2026-01-01T11:00:00.000Z' },
    });
    // A device clock far ahead counts as the server's now, so it does not win forever.
    const ahead = await tick('commenter', true, '2099-01-01T00:00:00.000Z');
    const at = (ahead.json() as { item: { doneChangedAt: string } }).item.doneChangedAt;
    expect(new Date(at).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await tick('editor', false, new Date().toISOString())).json()).toMatchObject({
      item: { done: false },
    });
    expectCode(await tick('editor', true, 'yesterday'), 400, 'bad_request');
  });

  it('text and assignee change; an assignee is one of the trip’s people', async () => {
    const rideId = w.trips.public.rideId;
    const listId = await newList(rideId);
    const item = await newItem(rideId, listId);
    const patch = (body: unknown) =>
      send(t, 'PATCH', lists(rideId, `/${listId}/items/${item.id}`), w.people.commenter.headers, body);
    expect(
      (await patch({ text: 'Passports and visas', assigneeId: w.people.viewer.id })).json(),
    ).toMatchObject({
      item: { text: 'Passports and visas', assigneeId: w.people.viewer.id },
    });
    expectCode(await patch({ assigneeId: w.people.user.id }), 404, 'not_a_member');
    expectCode(await patch({ assigneeId: w.people.planner.id }), 404, 'not_a_member'); // the public trip has no planner
    expect((await patch({ assigneeId: null })).json()).toMatchObject({ item: { assigneeId: null } });
    const add = await send(t, 'POST', lists(rideId, `/${listId}/items`), w.people.owner.headers, {
      clientId: clientId(),
      text: 'Tickets',
      assigneeId: w.people.owner.id,
    });
    expect(add.json()).toMatchObject({ item: { assigneeId: w.people.owner.id } });
    expectCode(await patch({ text: '' }), 400, 'list_item_required');
  });

  it('deleted; list_item_not_found after, and through another list', async () => {
    const rideId = w.trips.public.rideId;
    const listId = await newList(rideId);
    const otherList = await newList(rideId);
    const item = await newItem(rideId, listId);
    expectCode(
      await send(t, 'DELETE', lists(rideId, `/${otherList}/items/${item.id}`), w.people.owner.headers),
      404,
      'list_item_not_found',
    );
    expect(
      (await send(t, 'DELETE', lists(rideId, `/${listId}/items/${item.id}`), w.people.viewer.headers))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(t, 'DELETE', lists(rideId, `/${listId}/items/${item.id}`), w.people.commenter.headers))
        .statusCode,
    ).toBe(200);
    expectCode(
      await send(t, 'PATCH', lists(rideId, `/${listId}/items/${item.id}`), w.people.owner.headers, {
        done: true,
      }),
      404,
      'list_item_not_found',
    );
  });
});

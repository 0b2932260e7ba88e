import type { TripListWire } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, mentionChoices } from '../src/features/trip/together/mentions';
import { applyQueue, type QueuedWrite } from '../src/features/trip/together/queue';

/** The shared lists' offline queue as the panel shows it, and the @mention helper (decision 0066). */
const list = (items: TripListWire['items']): TripListWire => ({
  id: 1,
  name: 'Packing',
  kind: 'packing',
  items,
});
const item = (clientId: string, done = false, doneChangedAt: string | null = null) => ({
  id: 10,
  clientId,
  text: clientId,
  assigneeId: null,
  done,
  doneChangedAt,
});

describe('applyQueue', () => {
  it('shows queued additions once and queued ticks newer than the item’s last', () => {
    const queue: QueuedWrite[] = [
      { op: 'add', listId: 1, clientId: 'new-item-1', text: 'Sunscreen' },
      { op: 'add', listId: 1, clientId: 'new-item-1', text: 'Sunscreen' },
      { op: 'tick', listId: 1, clientId: 'passports', done: true, at: '2026-01-01T10:00:00.000Z' },
      { op: 'tick', listId: 1, clientId: 'older', done: false, at: '2026-01-01T08:00:00.000Z' },
      { op: 'add', listId: 2, clientId: 'elsewhere', text: 'Other list' },
    ];
    const [shown] = applyQueue(
      [list([item('passports'), item('older', true, '2026-01-01T09:00:00.000Z')])],
      queue,
    );
    expect(shown?.items.map((i) => `${i.text}:${i.done}`)).toEqual([
      'passports:true',
      'older:true',
      'Sunscreen:false',
    ]);
  });

  it('leaves the lists as they are without a queue', () => {
    const lists = [list([item('a')])];
    expect(applyQueue(lists, [])).toBe(lists);
  });
});

describe('mentions', () => {
  const people = [
    { userId: 1, name: 'Olive Owner' },
    { userId: 2, name: 'Oren' },
    { userId: 3, name: 'Vera' },
  ];
  it('offers the people whose names start with what follows the @', () => {
    const at = mentionAt('hi @O', 5);
    expect(at).toEqual({ start: 3, query: 'O' });
    expect(mentionChoices(people, at?.query ?? '', null).map((p) => p.userId)).toEqual([1, 2]);
    expect(mentionAt('mail a@b', 8)).toBeNull();
  });
  it('inserts "@Name " in place of what was typed', () => {
    const at = mentionAt('hi @Ol and', 6);
    expect(insertMention('hi @Ol and', at!, people[0]!)).toEqual({
      text: 'hi @Olive Owner  and',
      cursor: 16,
    });
  });
});

import type { ListsResponse, TripListWire } from '@rides/contract';
import { queueKey as deviceQueueKey } from '../../../lib/device-queue';
import { local } from '../../../lib/storage';
import { PRIVATE_TRIPS_FLAG } from '../cache/trip-cache-core';

/**
 * The shared lists' writes made on a phone without network (issue 33 point 5, decision 0066): an item added (with the
 * clientId the device made) and a tick (with the time it was made) are queued in localStorage and sent in order when
 * the network is back. The server makes them safe to send again: the same clientId is one item, an older tick than
 * the item's last one changes nothing. The last lists read are kept too, so the panel opens offline after a reload.
 * Pure but for the storage: `applyQueue` shows the queued writes on the lists as read.
 */
export type QueuedWrite =
  | { op: 'add'; listId: number; clientId: string; text: string }
  | { op: 'tick'; listId: number; clientId: string; done: boolean; at: string };

/** The signed-in user's own queue of the trip (lib/device-queue.ts). */
const queueKey = (rideId: number) => deviceQueueKey('together', rideId);
const listsKey = (rideId: number) => `rides.together.lists.${rideId}`;

function read<T>(key: string, fallback: T): T {
  const raw = local.get(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export const loadQueue = (rideId: number): QueuedWrite[] => read<QueuedWrite[]>(queueKey(rideId), []);

/** Told on the window whenever a trip's queue changes (its detail: the trip's id), so every view of it follows. */
export const QUEUE_CHANGED = 'rides:together-queue';

export function saveQueue(rideId: number, queue: QueuedWrite[]): void {
  if (queue.length === 0) local.remove(queueKey(rideId));
  else local.set(queueKey(rideId), JSON.stringify(queue));
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(QUEUE_CHANGED, { detail: rideId }));
}

/** Adds a write; a tick replaces a queued tick of the same item (only the latest is worth sending). */
export function enqueue(rideId: number, write: QueuedWrite): QueuedWrite[] {
  const queue = loadQueue(rideId).filter(
    (w) => !(write.op === 'tick' && w.op === 'tick' && w.clientId === write.clientId),
  );
  queue.push(write);
  saveQueue(rideId, queue);
  return queue;
}

export const loadKeptLists = (rideId: number): ListsResponse | undefined =>
  read<ListsResponse | undefined>(listsKey(rideId), undefined);
/**
 * Keeps the lists read, with the mark that has them cleared when the session ends (trip-cache-core.ts); sign-out removes
 * them (trip-cache.ts forgetPrivateTrips).
 */
export function keepLists(rideId: number, lists: ListsResponse): void {
  local.set(PRIVATE_TRIPS_FLAG, '1');
  local.set(listsKey(rideId), JSON.stringify(lists));
}

/** The lists as they will be once the queue is sent: queued items added, queued ticks applied. */
export function applyQueue(lists: TripListWire[], queue: readonly QueuedWrite[]): TripListWire[] {
  if (queue.length === 0) return lists;
  return lists.map((list) => {
    let items = list.items;
    for (const w of queue) {
      if (w.listId !== list.id) continue;
      if (w.op === 'add' && !items.some((i) => i.clientId === w.clientId))
        items = [
          ...items,
          { id: -1, clientId: w.clientId, text: w.text, assigneeId: null, done: false, doneChangedAt: null },
        ];
      if (w.op === 'tick')
        items = items.map((i) =>
          i.clientId === w.clientId && (i.doneChangedAt === null || w.at > i.doneChangedAt)
            ? { ...i, done: w.done, doneChangedAt: w.at }
            : i,
        );
    }
    return items === list.items ? list : { ...list, items };
  });
}

/** A new clientId for an item added on this device. */
export const newClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

import { useCallback, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListsResponse } from '@rides/contract';
import { isOffline, useSendWhenOnline } from '../../../lib/send-when-online';
import { useWrite } from '../../../lib/use-write';
import { addItem, listsKey, patchItem } from './api';
import { loadQueue, QUEUE_CHANGED, saveQueue, type QueuedWrite } from './queue';

type Run = ReturnType<typeof useWrite>['run'];

/** One sending per trip at a time (the trip page's layer and the lists panel both send). */
const sending = new Map<number, Promise<void>>();

/**
 * Sends a trip's queued list writes in order (decision 0066); stops at the first that finds no network (it stays
 * queued). A write the server refuses leaves the queue too (the toast says why). Then the lists are read again.
 */
export function flushQueue(rideId: number, run: Run, queryClient: QueryClient): Promise<void> {
  const known = sending.get(rideId);
  if (known) return known;
  const work = (async () => {
    const ids = new Map<string, number>();
    for (const l of queryClient.getQueryData<ListsResponse>(listsKey(rideId))?.lists ?? [])
      for (const i of l.items) ids.set(i.clientId, i.id);
    let sentAny = false;
    for (let pending = loadQueue(rideId); pending.length > 0; pending = loadQueue(rideId)) {
      const write = pending[0] as QueuedWrite;
      let offline = false;
      const sent = await run(
        async () => {
          if (write.op === 'add') {
            const { item } = await addItem(rideId, write.listId, {
              clientId: write.clientId,
              text: write.text,
            });
            ids.set(item.clientId, item.id);
            return item;
          }
          let itemId = ids.get(write.clientId);
          if (itemId === undefined) {
            // Not read on this device yet (the lists were never opened since it was added elsewhere): read them.
            await queryClient.refetchQueries({ queryKey: listsKey(rideId) });
            for (const l of queryClient.getQueryData<ListsResponse>(listsKey(rideId))?.lists ?? [])
              for (const i of l.items) ids.set(i.clientId, i.id);
            itemId = ids.get(write.clientId);
          }
          if (itemId === undefined) return null; // deleted meanwhile: nothing to tick
          return (
            await patchItem(rideId, write.listId, itemId, { done: write.done, doneChangedAt: write.at })
          ).item;
        },
        { onError: (error) => (offline = isOffline(error)) },
      );
      if (sent === undefined && offline) break;
      sentAny = true;
      const sentKey = JSON.stringify(write);
      saveQueue(
        rideId,
        loadQueue(rideId).filter((w) => JSON.stringify(w) !== sentKey),
      );
    }
    if (sentAny) await queryClient.invalidateQueries({ queryKey: listsKey(rideId) });
  })().finally(() => sending.delete(rideId));
  sending.set(rideId, work);
  return work;
}

/** Sends the queue now, when the browser is back online, and every 10 s while some writes wait. */
export function useQueueSync(rideId: number): () => Promise<void> {
  const { run } = useWrite();
  const queryClient = useQueryClient();
  const flush = useCallback(() => flushQueue(rideId, run, queryClient), [rideId, run, queryClient]);
  const waiting = useCallback(() => loadQueue(rideId).length > 0, [rideId]);
  useSendWhenOnline(flush, waiting);
  return flush;
}

/** The trip's queued writes, followed as they change. */
export function useQueue(rideId: number): QueuedWrite[] {
  const [queue, setQueue] = useState(() => loadQueue(rideId));
  useEffect(() => {
    const changed = (e: Event) => {
      if ((e as CustomEvent<number>).detail === rideId) setQueue(loadQueue(rideId));
    };
    window.addEventListener(QUEUE_CHANGED, changed);
    return () => window.removeEventListener(QUEUE_CHANGED, changed);
  }, [rideId]);
  return queue;
}

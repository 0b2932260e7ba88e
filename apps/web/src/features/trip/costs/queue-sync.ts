import { useCallback, useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isOffline, useSendWhenOnline } from '../../../lib/send-when-online';
import { useWrite } from '../../../lib/use-write';
import { costsKeys, postExpense } from './api';
import { COSTS_QUEUE_CHANGED, dropQueuedExpense, loadExpenseQueue } from './queue';

type Run = ReturnType<typeof useWrite>['run'];

const sending = new Map<number, Promise<void>>();

/**
 * Sends a trip's kept expenses in order with their clientIds; stops at the first that finds no network (it stays
 * kept). One the server refuses leaves the queue (the toast says why). Then the money is read again.
 */
export function flushExpenses(rideId: number, run: Run, queryClient: QueryClient): Promise<void> {
  const known = sending.get(rideId);
  if (known) return known;
  const work = (async () => {
    let sentAny = false;
    for (let queue = loadExpenseQueue(rideId); queue.length > 0; queue = loadExpenseQueue(rideId)) {
      const body = queue[0]!;
      let offline = false;
      const sent = await run(() => postExpense(rideId, body), {
        onError: (error) => (offline = isOffline(error)),
      });
      if (sent === undefined && offline) break;
      sentAny = true;
      dropQueuedExpense(rideId, body.clientId);
    }
    if (sentAny) await queryClient.invalidateQueries({ queryKey: costsKeys.all(rideId) });
  })().finally(() => sending.delete(rideId));
  sending.set(rideId, work);
  return work;
}

/** Sends the kept expenses now, when the browser is back online, and every 10 s while some wait. */
export function useExpenseQueueSync(rideId: number): () => Promise<void> {
  const { run } = useWrite();
  const queryClient = useQueryClient();
  const flush = useCallback(() => flushExpenses(rideId, run, queryClient), [rideId, run, queryClient]);
  const waiting = useCallback(() => loadExpenseQueue(rideId).length > 0, [rideId]);
  useSendWhenOnline(flush, waiting);
  return flush;
}

/** The trip's kept expenses, followed as they change. */
export function useExpenseQueue(rideId: number) {
  const [queue, setQueue] = useState(() => loadExpenseQueue(rideId));
  useEffect(() => {
    const changed = (e: Event) => {
      if ((e as CustomEvent<number>).detail === rideId) setQueue(loadExpenseQueue(rideId));
    };
    window.addEventListener(COSTS_QUEUE_CHANGED, changed);
    return () => window.removeEventListener(COSTS_QUEUE_CHANGED, changed);
  }, [rideId]);
  return queue;
}

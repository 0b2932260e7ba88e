import { useEffect } from 'react';
import { ApiError } from './api';

/**
 * What a phone kept while it had no connection (list writes, decision 0066; expenses, decision 0069) goes when it is
 * back: the one mechanism both queues use. A write that failed for want of a network (status 0) stays kept; the
 * queue's own sender decides the rest.
 */
export const isOffline = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/** How often kept writes are tried again while some wait (the `online` event is not always told). */
const RETRY_MS = 10_000;

/**
 * Sends the kept writes now if some wait, when the browser says it is back online, and every RETRY_MS while some wait.
 * `send` and `waiting` must be stable (useCallback): each new one starts over.
 */
export function useSendWhenOnline(send: () => Promise<void>, waiting: () => boolean): void {
  useEffect(() => {
    const online = () => void send();
    window.addEventListener('online', online);
    if (waiting()) void send();
    const timer = setInterval(() => {
      if (waiting()) void send();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [send, waiting]);
}

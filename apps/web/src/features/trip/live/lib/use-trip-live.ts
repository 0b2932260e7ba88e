import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PRESENCE_HEARTBEAT_MS,
  tripEventsPath,
  tripPresencePath,
  type TripLiveChange,
  type TripPresenceUser,
} from '@rides/contract';
import { apiRequest } from '../../../../lib/api';
import { invalidateChange, invalidateWholeTrip } from './keys';
import { readSse } from './sse';

/**
 * The trip page's live connection (issue 33 point 2, decision 0064): reads the trip's event stream with fetch (the
 * Authorization header when signed in), and for each change reads again exactly what it made stale; `reload` reads
 * the whole trip again; `revoked` stops (the page's next read answers what the viewer may see now). A lost stream
 * is opened again after 1, 2, 4 ... 30 s with the last version seen (Last-Event-ID), so nothing is missed. Signed in,
 * it tells the server every PRESENCE_HEARTBEAT_MS (and at once when it changes) which day is in view.
 */
export interface TripLiveOptions {
  rideId: number;
  token: string | null;
  /** The day in view, YYYY-MM-DD. */
  day: string | null;
  /** A change made by someone else (not this user): the page tells who did what. */
  onOthersChange: (change: TripLiveChange) => void;
}

const MAX_BACKOFF_MS = 30_000;

/** The signed-in user's id, from the session token's claims (only to tell one's own changes from others'). */
export function userIdOfToken(token: string | null): number | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id?: unknown };
    return typeof claims.user_id === 'number' ? claims.user_id : null;
  } catch {
    return null;
  }
}

export function useTripLive({ rideId, token, day, onOthersChange }: TripLiveOptions): TripPresenceUser[] {
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<TripPresenceUser[]>([]);
  const onChange = useRef(onOthersChange);
  useEffect(() => {
    onChange.current = onOthersChange;
  });

  useEffect(() => {
    const me = userIdOfToken(token);
    const stop = new AbortController();
    let lastEventId: string | null = null;
    let backoff = 1_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      let retry = true;
      try {
        const res = await fetch(tripEventsPath(rideId), { headers, signal: stop.signal, cache: 'no-store' });
        // Not (or no longer) allowed, or no such trip: the page's own reads say so; nothing to listen to.
        if ([401, 403, 404].includes(res.status)) retry = false;
        else if (res.ok && res.body) {
          backoff = 1_000;
          await readSse(res.body, ({ event, id, data }) => {
            if (id) lastEventId = id;
            if (event === 'change') {
              const change = data as TripLiveChange;
              void invalidateChange(queryClient, rideId, change);
              if (change.userId !== null && change.userId !== me) onChange.current(change);
            } else if (event === 'reload') void invalidateWholeTrip(queryClient, rideId);
            else if (event === 'presence') setPresence((data as { users: TripPresenceUser[] }).users);
            else if (event === 'revoked') {
              retry = false;
              setPresence([]);
              void invalidateWholeTrip(queryClient, rideId);
            }
          });
        }
      } catch {
        // network lost, or stopped
      }
      if (stop.signal.aborted || !retry) return;
      timer = setTimeout(() => void connect(), backoff + Math.random() * 500);
      backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    };
    void connect();
    return () => {
      stop.abort();
      clearTimeout(timer);
      setPresence([]);
    };
  }, [rideId, token, queryClient]);

  // Presence: the day in view, now (after a short pause while scrolling) and every heartbeat.
  useEffect(() => {
    if (!token) return;
    const send = () =>
      apiRequest(tripPresencePath(rideId).replace(/^\/api\//, ''), { method: 'POST', body: { day } }).catch(
        () => undefined,
      );
    const first = setTimeout(send, 500);
    const every = setInterval(send, PRESENCE_HEARTBEAT_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [rideId, token, day]);

  return presence;
}

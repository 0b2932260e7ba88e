import { createHmac, timingSafeEqual } from 'node:crypto';
import { EVENTS_TICKET_SECONDS } from '@rides/contract';

/**
 * Events tickets (decision 0064): EventSource cannot send the Authorization header, so a signed-in viewer asks for a
 * ticket (`POST /api/trips/{rideId}/events/ticket`) and puts it in the stream's address. A ticket is
 * `userId.rideId.expiry.signature`, the signature an HMAC-SHA256 of the rest under a key derived from the server's
 * session secret (so it is no session token, and a ticket of one trip opens no other). Stateless: every process
 * checks it; it is good for EVENTS_TICKET_SECONDS and only opens the stream (the view policy still decides).
 */
export interface EventsTickets {
  issue(userId: number, rideId: number): { ticket: string; expiresAt: string };
  /** The user the ticket stands for, or null (forged, another trip's, expired). */
  verify(ticket: string, rideId: number): number | null;
}

export function createEventsTickets(secret: Uint8Array, now: () => number = Date.now): EventsTickets {
  const key = createHmac('sha256', secret).update('rides trip events ticket').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(userId, rideId) {
      const expiry = Math.floor(now() / 1000) + EVENTS_TICKET_SECONDS;
      const body = `${userId}.${rideId}.${expiry}`;
      return { ticket: `${body}.${sign(body)}`, expiresAt: new Date(expiry * 1000).toISOString() };
    },
    verify(ticket, rideId) {
      const match = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!match) return null;
      const [, user, ride, expiry, signature] = match as unknown as [string, string, string, string, string];
      const expected = Buffer.from(sign(`${user}.${ride}.${expiry}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(ride) !== rideId || Number(expiry) * 1000 <= now()) return null;
      return Number(user);
    },
  };
}

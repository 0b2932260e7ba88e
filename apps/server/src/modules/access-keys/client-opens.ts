import { ADDRESSES, pageLink } from '@rides/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../providers/mail/index.js';
import * as repo from './client-opens.repository.js';
import { firstOpenMail } from './mails.js';

/**
 * Opens of a private trip by its authorised clients (issue 18 "Go beyond", decision 0028). The trip page's header read
 * (ride_header_api, read once per open of the page) calls `record` for a viewer the view policy admits as one of the
 * trip's clients; the work runs after the answer, so the cached trip read does not wait for it: one upsert per
 * (client, trip, device), and on the client's first open ever, the planner's mail when the key asks for it.
 *
 * An open is the page's header read; the same device's reads within OPEN_WINDOW_MS of the last one counted are the
 * same open (a reload, a second tab, the query refetched on focus) and cost a map lookup, no query: a client hammering
 * the call cannot turn every cached read into a write (bench/trip.bench.ts measures both). The memory is this
 * process's: with several processes the same open may be counted once per process, never more.
 */
export const OPEN_WINDOW_MS = 5 * 60_000;
/** The most (trip, client, device) entries remembered; past it the ones older than the window are dropped. */
const RECENT_MAX = 20_000;

export interface ClientOpensDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Runs work after the answer has left (app.ts: afterAnswer.run). */
  afterAnswer: (work: () => Promise<void>) => void;
  /** The clock (milliseconds). */
  now?: () => number;
}

export function createClientOpens(deps: ClientOpensDeps) {
  const now = deps.now ?? Date.now;
  /** `ride:user:device` -> when its last counted open was. */
  const recent = new Map<string, number>();

  /** Whether this read starts a new open (and remembers it). */
  function isNewOpen(key: string): boolean {
    const at = now();
    const last = recent.get(key);
    if (last !== undefined && at - last < OPEN_WINDOW_MS) return false;
    if (recent.size >= RECENT_MAX) {
      for (const [k, t] of recent) if (at - t >= OPEN_WINDOW_MS) recent.delete(k);
      if (recent.size >= RECENT_MAX) recent.clear();
    }
    recent.delete(key);
    recent.set(key, at);
    return true;
  }

  async function mailPlanner(rideId: number, userId: number, publicAddress: string): Promise<void> {
    const facts = await repo.firstOpenMailFacts(deps.db, rideId, userId);
    if (!facts?.notify || !facts.planner_email) return;
    const link = `${publicAddress}${pageLink(ADDRESSES.accessKey, { rideId })}`;
    const mail = firstOpenMail(
      facts.language === 'english' ? 'en' : 'he',
      {
        plannerName: facts.planner_name,
        clientName: facts.client_name,
        clientEmail: facts.client_email,
        title: facts.title,
      },
      link,
    );
    await deps.mailer.send({ to: facts.planner_email, ...mail });
  }

  return {
    /**
     * The client opened the trip on this device: counted after the answer; the planner is mailed on the first open, with
     * a link on `publicAddress` (the address the client came in on, plugins/public-address.ts).
     */
    record(rideId: number, userId: number, device: string, publicAddress: string): void {
      if (!isNewOpen(`${rideId}:${userId}:${device}`)) return;
      deps.afterAnswer(async () => {
        const { first } = await repo.recordOpen(deps.db, rideId, userId, device);
        if (!first) return;
        await mailPlanner(rideId, userId, publicAddress).catch((err: unknown) =>
          deps.log.warn({ err: (err as Error)?.message, rideId }, 'first-open mail to the planner failed'),
        );
      });
    },

    /** Forget the recent opens, as if the window had passed for all (tests, diagnostics). */
    forgetRecent(): void {
      recent.clear();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The clients' opens of private trips (tests reach it as app.clientOpens; decision 0028). */
    clientOpens: ClientOpens;
  }
}

export type ClientOpens = ReturnType<typeof createClientOpens>;

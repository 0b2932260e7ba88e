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
 */
export interface ClientOpensDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Runs work after the answer has left (app.ts: afterAnswer.run). */
  afterAnswer: (work: () => Promise<void>) => void;
  /** The site's address, for the link to the access page. */
  publicUrl: string;
}

export function createClientOpens(deps: ClientOpensDeps) {
  async function mailPlanner(rideId: number, userId: number): Promise<void> {
    const facts = await repo.firstOpenMailFacts(deps.db, rideId, userId);
    if (!facts?.notify || !facts.planner_email) return;
    const link = `${deps.publicUrl.replace(/\/+$/, '')}/ride_access_key_information/${rideId}`;
    const mail = firstOpenMail(
      facts.language === 'english' ? 'en' : 'he',
      { plannerName: facts.planner_name, clientName: facts.client_name, clientEmail: facts.client_email, title: facts.title },
      link,
    );
    await deps.mailer.send({ to: facts.planner_email, ...mail });
  }

  return {
    /** The client opened the trip on this device: counted after the answer; the planner is mailed on the first open. */
    record(rideId: number, userId: number, device: string): void {
      deps.afterAnswer(async () => {
        const { first } = await repo.recordOpen(deps.db, rideId, userId, device);
        if (!first) return;
        await mailPlanner(rideId, userId).catch((err: unknown) =>
          deps.log.warn({ err: (err as Error)?.message, rideId }, 'first-open mail to the planner failed'),
        );
      });
    },
  };
}

export type ClientOpens = ReturnType<typeof createClientOpens>;

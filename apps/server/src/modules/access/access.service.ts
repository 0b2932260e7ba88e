import type { FastifyBaseLogger } from 'fastify';
import { linkToShow, type RedirectPageResponse } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { createAccessRepository } from './access.repository.js';

/**
 * Private-trip access for visitors without it (001 §2, §6): "users without access are asked to log in or register or
 * are redirected to the planner's page". Who may view a trip is trip-access.policy.ts; this answers where to go.
 */
export function createAccessService(opts: { db: Database; log: FastifyBaseLogger }) {
  const repo = createAccessRepository(opts.db);
  return {
    /** get_redirect_page_from_ride_id: the planner's page for the trip, or null; an unknown trip is not_found. */
    async redirectPage(rideId: number): Promise<RedirectPageResponse> {
      const row = await repo.findRedirectPage(rideId);
      if (!row) throw new AppError('not_found');
      // The contract's link rule: anything but an http(s) address with a real host is no page to send a visitor to.
      const redirectPage = linkToShow(row.redirectPage);
      if (row.redirectPage && !redirectPage)
        opts.log.warn({ rideId }, 'access key redirect page is not an http(s) address');
      return { ServerMassageCode: 'success', redirectPage };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;

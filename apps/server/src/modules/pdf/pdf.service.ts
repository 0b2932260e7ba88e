import type { FastifyBaseLogger } from 'fastify';
import {
  ADDRESSES,
  pageLink,
  pdfFileName,
  usableCoordinates,
  type PdfPaperSize,
  type TripDay,
  type TripLanguage,
  type UserInfo,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { memoryCostStore, createCostBudget, type CostBudgetStore } from '../../lib/cost-budget.js';
import { workOwner } from '../../lib/client-gone.js';
import { AppError, TryLaterError } from '../../lib/errors.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { TripsService } from '../trips/trips.service.js';
import type { MapTown } from './document/day-map.js';
import { dayMapArea, type LngLatBox } from './document/map-area.js';
import { createPdfRepository } from './pdf.repository.js';
import { createRenderPool, PdfPoolFull, PdfRenderCancelled, type RenderPoolOptions } from './render-pool.js';

/**
 * generate-trip-pdf (issue 19, decision 0032). The trip is read through the rides service, so the one view policy
 * decides (unknown 404, a private trip to anyone but its viewers 403) and the viewer gets exactly what the trip page
 * shows them (hidden dates, no confirmation numbers but for those who may read them: the contract's mayReadBookings). The document is rendered by a worker thread of
 * the render pool (the main thread keeps answering other requests meanwhile); the export is recorded only once the PDF
 * exists. Every worker busy and the queue full: 503 service_unavailable, nothing recorded.
 *
 * Fair (issue 31 point 1, decision 0050): each export has an owner (the signed-in user, else the client address), a
 * cost (the trip's days + activities: what its pages take to make) and a class: first whoever the trip is theirs (the
 * view policy's mayReadBookings: its author, and on a private trip its planner and clients), then anyone signed in,
 * then visitors. The owner spends its cost from a budget per minute (429 with Retry-After past it) and has a bounded
 * share of the render line (429 too); a full line is 503 with Retry-After. An asker who hangs up (`signal`) has its
 * document taken out of the line or its worker ended; nothing is recorded.
 */
export interface PdfServiceOptions {
  db: Database;
  rides: TripsService;
  log: FastifyBaseLogger;
  /** The render pool's bounds (tests); the defaults come from the CPUs. */
  pool?: RenderPoolOptions;
  /** Where the owners' cost budgets are counted: Redis when REDIS_URL is set (every process), else memory. */
  costStore?: CostBudgetStore;
  /** The cost (days + activities) one owner may spend a minute; PDF_COST_PER_MINUTE by default. */
  costPerMinute?: number;
  /** The gazetteer's towns in a box, most important first (the local places' townsWithin): the day maps name them. */
  towns?: (box: LngLatBox, limit: number, language: TripLanguage) => Promise<MapTown[]>;
}

/**
 * Days + activities one owner may export a minute: six 60-day trips of ten activities a day (660 each), a fair part
 * of what one worker makes in a minute on a loaded two-core machine, or some fifty 14-day trips (the request limit's
 * 60 a minute stays the bound for small ones).
 */
export const PDF_COST_PER_MINUTE = 4_000;
/** Seconds a refused export is told to wait when the line is full: a few documents' time. */
const FULL_RETRY_AFTER_S = 5;

/** What the line charges for a trip: its days and activities (the pages' work: a day's map and each activity's text). */
export const pdfCost = (days: readonly TripDay[]): number =>
  days.length + days.reduce((n, d) => n + d.daily_attractions.length, 0);

/** The priority classes of the render line (0 first). */
export const PDF_CLASS = { ownTrip: 0, signedIn: 1, visitor: 2 } as const;

/** Who asks (fair-queue.ts's owner) and whether they still wait for the answer. */
export interface PdfAsker {
  owner: string;
  signal?: AbortSignal | undefined;
}

/** Towns asked per day map: the map keeps the ones that fit among its pins (at most six). */
const TOWNS_PER_MAP = 16;

export interface TripPdf {
  bytes: Buffer;
  fileName: string;
}

export function createPdfService(opts: PdfServiceOptions) {
  const repo = createPdfRepository(opts.db);
  const pool = createRenderPool(opts.pool);
  const budget = createCostBudget(
    { perWindow: opts.costPerMinute ?? PDF_COST_PER_MINUTE, windowMs: 60_000 },
    opts.costStore ?? memoryCostStore(),
    opts.log,
  );

  /** Each day's towns around its stops (the worker has no gazetteer); none when the lookup fails: a map without names. */
  async function dayTowns(days: TripDay[], language: TripLanguage): Promise<MapTown[][] | undefined> {
    const towns = opts.towns;
    if (!towns) return undefined;
    try {
      return await Promise.all(
        days.map((day) => {
          const area = dayMapArea(
            day.daily_attractions.flatMap((a) => usableCoordinates(a.lat, a.lng) ?? []),
          );
          return area ? towns(area, TOWNS_PER_MAP, language) : [];
        }),
      );
    } catch (err) {
      opts.log.warn({ err }, "pdf: the day maps' towns could not be read");
      return undefined;
    }
  }

  return {
    /** `publicAddress`: the site's address (plugins/public-address.ts), for the QR code and link to the live trip. */
    async tripPdf(
      rideId: number,
      paper: PdfPaperSize,
      viewer: TripViewer,
      publicAddress: string,
      asker: PdfAsker = { owner: workOwner(viewer, '') },
    ): Promise<TripPdf> {
      const view = await opts.rides.getTripView(rideId, viewer);
      let author: UserInfo | null = null;
      try {
        author = (await opts.rides.userInfo(rideId, viewer)).userInfo;
      } catch (err) {
        // A trip whose author's profile cannot be read still exports, without the author block.
        if (!(err instanceof AppError)) throw err;
      }
      const cost = pdfCost(view.attractionsByDay);
      const priority = view.mayReadBookings
        ? PDF_CLASS.ownTrip
        : viewer
          ? PDF_CLASS.signedIn
          : PDF_CLASS.visitor;
      const spent = await budget.take(asker.owner, cost);
      if (!spent.ok) {
        opts.log.warn(
          { rideId, owner: asker.owner, cost },
          "pdf refused: the asker's cost budget for the minute is spent",
        );
        throw new TryLaterError('too_many_requests', spent.retryAfterS);
      }
      let bytes: Buffer;
      try {
        const towns = await dayTowns(view.attractionsByDay, view.ride.language);
        bytes = await pool.render(
          {
            ride: view.ride,
            days: view.attractionsByDay,
            author,
            liveUrl: `${publicAddress}${pageLink(ADDRESSES.trip, { rideId })}`,
            paper,
            towns,
          },
          { owner: asker.owner, cost, priority, signal: asker.signal },
        );
      } catch (err) {
        if (err instanceof PdfPoolFull) {
          const { owners: _owners, ...stats } = pool.stats();
          if (err.reason === 'owner_share') {
            opts.log.warn(
              { rideId, owner: asker.owner, ...stats },
              "pdf refused: the asker's share of the line is taken",
            );
            throw new TryLaterError('too_many_requests', FULL_RETRY_AFTER_S);
          }
          // Refused for everyone's work, not the asker's: its budget is given back.
          await budget.refund(asker.owner, cost);
          opts.log.warn({ rideId, ...stats }, 'pdf refused: every worker busy and the queue full');
          throw new TryLaterError('service_unavailable', FULL_RETRY_AFTER_S);
        }
        if (err instanceof PdfRenderCancelled) {
          // Nobody reads this answer; the code only ends the request.
          opts.log.info({ rideId, owner: asker.owner }, 'pdf cancelled: the client hung up');
          throw new TryLaterError('service_unavailable', FULL_RETRY_AFTER_S);
        }
        opts.log.error({ err, rideId }, 'pdf render failed');
        throw new AppError('pdf_generation_failed');
      }
      await repo.recordExport(rideId, viewer?.id ?? null);
      return { bytes, fileName: pdfFileName(view.ride.title, rideId) };
    },

    /** The render line and workers (logs, tests). */
    stats: () => pool.stats(),

    /** Ends the render workers (the server's shutdown). */
    close: () => pool.close(),
  };
}

export type PdfService = ReturnType<typeof createPdfService>;

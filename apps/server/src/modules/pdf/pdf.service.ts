import type { FastifyBaseLogger } from 'fastify';
import {
  pdfFileName,
  usableCoordinates,
  type PdfPaperSize,
  type RideDay,
  type RideLanguage,
  type UserInfo,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { RideViewer } from '../access/ride-access.policy.js';
import type { RidesService } from '../rides/rides.service.js';
import type { MapTown } from './document/day-map.js';
import { dayMapArea, type LngLatBox } from './document/map-area.js';
import { createPdfRepository } from './pdf.repository.js';
import { createRenderPool, PdfPoolFull, type RenderPoolOptions } from './render-pool.js';

/**
 * generate-trip-pdf (issue 19, decision 0032). The trip is read through the rides service, so the one view policy
 * decides (unknown 404, a private trip to anyone but its viewers 403) and the viewer gets exactly what the trip page
 * shows them (hidden dates, no confirmation numbers but for those who may read them: the contract's mayReadBookings). The document is rendered by a worker thread of
 * the render pool (the main thread keeps answering other requests meanwhile); the export is recorded only once the PDF
 * exists. Every worker busy and the queue full: 503 service_unavailable, nothing recorded.
 */
export interface PdfServiceOptions {
  db: Database;
  rides: RidesService;
  log: FastifyBaseLogger;
  /** The render pool's bounds (tests); the defaults come from the CPUs. */
  pool?: RenderPoolOptions;
  /** The gazetteer's towns in a box, most important first (the local places' townsWithin): the day maps name them. */
  towns?: (box: LngLatBox, limit: number, language: RideLanguage) => Promise<MapTown[]>;
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

  /** Each day's towns around its stops (the worker has no gazetteer); none when the lookup fails: a map without names. */
  async function dayTowns(days: RideDay[], language: RideLanguage): Promise<MapTown[][] | undefined> {
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
    async tripPdf(rideId: number, paper: PdfPaperSize, viewer: RideViewer, publicAddress: string): Promise<TripPdf> {
      const view = await opts.rides.getRideView(rideId, viewer);
      let author: UserInfo | null = null;
      try {
        author = (await opts.rides.userInfo(rideId, viewer)).userInfo;
      } catch (err) {
        // A trip whose author's profile cannot be read still exports, without the author block.
        if (!(err instanceof AppError)) throw err;
      }
      let bytes: Buffer;
      try {
        bytes = await pool.render({
          ride: view.ride,
          days: view.attractionsByDay,
          author,
          liveUrl: `${publicAddress}/single_ride_with_map/${rideId}`,
          paper,
          towns: await dayTowns(view.attractionsByDay, view.ride.language),
        });
      } catch (err) {
        if (err instanceof PdfPoolFull) {
          opts.log.warn({ rideId, ...pool.stats() }, 'pdf refused: every worker busy and the queue full');
          throw new AppError('service_unavailable');
        }
        opts.log.error({ err, rideId }, 'pdf render failed');
        throw new AppError('pdf_generation_failed');
      }
      await repo.recordExport(rideId, viewer?.id ?? null);
      return { bytes, fileName: pdfFileName(view.ride.title, rideId) };
    },

    /** Ends the render workers (the server's shutdown). */
    close: () => pool.close(),
  };
}

export type PdfService = ReturnType<typeof createPdfService>;

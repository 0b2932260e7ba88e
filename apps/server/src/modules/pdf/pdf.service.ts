import type { FastifyBaseLogger } from 'fastify';
import { pdfFileName, type PdfPaperSize, type UserInfo } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { RideViewer } from '../access/ride-access.policy.js';
import type { RidesService } from '../rides/rides.service.js';
import { createPdfRepository } from './pdf.repository.js';
import { createRenderPool, PdfPoolFull, type RenderPoolOptions } from './render-pool.js';

/**
 * generate-trip-pdf (issue 19, decision 0032). The trip is read through the rides service, so the one view policy
 * decides (unknown 404, a private trip to anyone but its viewers 403) and the viewer gets exactly what the trip page
 * shows them (hidden dates, no confirmation numbers but the author's). The document is rendered by a worker thread of
 * the render pool (the main thread keeps answering other requests meanwhile); the export is recorded only once the PDF
 * exists. Every worker busy and the queue full: 503 service_unavailable, nothing recorded.
 */
export interface PdfServiceOptions {
  db: Database;
  rides: RidesService;
  log: FastifyBaseLogger;
  /** The render pool's bounds (tests); the defaults come from the CPUs. */
  pool?: RenderPoolOptions;
}

export interface TripPdf {
  bytes: Buffer;
  fileName: string;
}

export function createPdfService(opts: PdfServiceOptions) {
  const repo = createPdfRepository(opts.db);
  const pool = createRenderPool(opts.pool);

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

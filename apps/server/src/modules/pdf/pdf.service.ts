import type { FastifyBaseLogger } from 'fastify';
import { pdfFileName, type PdfPaperSize, type UserInfo } from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { RideViewer } from '../access/ride-access.policy.js';
import type { RidesService } from '../rides/rides.service.js';
import { renderTripDocument } from './document/trip-document.js';
import { createPdfRepository } from './pdf.repository.js';

/**
 * generate-trip-pdf (issue 19, decision 0032). The trip is read through the rides service, so the one view policy
 * decides (unknown 404, a private trip to anyone but its viewers 403) and the viewer gets exactly what the trip page
 * shows them (hidden dates, no confirmation numbers but the author's). The document is rendered in this process, the
 * renderer yielding to the event loop between days; the export is recorded only once the PDF exists.
 */
export interface PdfServiceOptions {
  db: Database;
  rides: RidesService;
  log: FastifyBaseLogger;
  /** The site's address (config PUBLIC_URL): the QR code and link to the live trip. */
  publicUrl: string;
}

export interface TripPdf {
  bytes: Buffer;
  fileName: string;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createPdfService(opts: PdfServiceOptions) {
  const repo = createPdfRepository(opts.db);

  return {
    async tripPdf(rideId: number, paper: PdfPaperSize, viewer: RideViewer): Promise<TripPdf> {
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
        bytes = await renderTripDocument({
          ride: view.ride,
          days: view.attractionsByDay,
          author,
          liveUrl: `${opts.publicUrl}/single_ride_with_map/${rideId}`,
          paper,
          between: yieldToEventLoop,
        });
      } catch (err) {
        opts.log.error({ err, rideId }, 'pdf render failed');
        throw new AppError('pdf_generation_failed');
      }
      await repo.recordExport(rideId, viewer?.id ?? null);
      return { bytes, fileName: pdfFileName(view.ride.title, rideId) };
    },
  };
}

export type PdfService = ReturnType<typeof createPdfService>;

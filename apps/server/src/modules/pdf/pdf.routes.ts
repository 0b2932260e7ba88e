import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, generateTripPdfRequest } from '@rides/contract';
import { RATE_LIMITS } from '../../plugins/security.js';
import { clientGoneSignal, workOwner } from '../../lib/client-gone.js';
import type { PdfService } from './pdf.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PDF service; tests read its render line's stats (decision 0050: what was cancelled, whose work waits). */
    pdf: PdfService;
  }
}

/**
 * POST /api/generate-trip-pdf (000 §7, issue 19): JSON { rideId, paperSize? } or the same as form fields; anonymous
 * allowed (a public trip exports for anyone). HTTP only: the answer is the PDF as an attachment named from the title
 * (RFC 6266/5987: an ASCII fallback and the UTF-8 name), never cached by a shared cache (it depends on the viewer).
 */
export async function pdfRoutes(app: FastifyInstance, opts: { pdf: PdfService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/generate-trip-pdf',
    {
      config: { rateLimit: RATE_LIMITS.pdf },
      schema: {
        tags: ['rides'],
        summary:
          'The trip as a PDF (A4 or Letter), for whoever may view it; each export is recorded for billing',
        body: generateTripPdfRequest,
        response: {
          200: z.any().describe('application/pdf'),
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          429: errorResponse,
          500: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { rideId, paperSize } = request.body;
      // The render line's owner and the signal that takes the document out of it when the client hangs up (0050); a
      // refusal (429 the asker's share or budget, 503 a full line) carries Retry-After (plugins/errors.ts).
      const pdf = await opts.pdf.tripPdf(rideId, paperSize, request.user, request.publicAddress, {
        owner: workOwner(request.user, request.ip),
        signal: clientGoneSignal(reply),
      });
      const ascii = pdf.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf.bytes);
    },
  );
}

import { z } from 'zod';
import { wireId } from './calls/editing.js';

/**
 * POST /api/generate-trip-pdf (000 §7, issue 19 point 1, decision 0032): the trip as a PDF, for whoever may view it.
 * The body is JSON { rideId } or the same as form fields (old clients posted a form); `paperSize` is ours (A4 unless
 * Letter is asked). The answer is the PDF itself (application/pdf, attachment named by `pdfFileName`), or the error
 * envelope: 400 bad_request, 404 not_found, 403 user_does_not_have_permission_to_this_private_ride.
 */

export const PDF_PAPER_SIZES = ['A4', 'Letter'] as const;
export type PdfPaperSize = (typeof PDF_PAPER_SIZES)[number];

export const generateTripPdfRequest = z.object({
  rideId: wireId,
  /** Case-insensitive on the wire ("letter" from a form); A4 when absent. */
  paperSize: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? (PDF_PAPER_SIZES.find((p) => p.toLowerCase() === v.trim().toLowerCase()) ?? v)
          : v,
      z.enum(PDF_PAPER_SIZES, { error: 'bad_request' }),
    )
    .optional()
    .default('A4'),
});
export type GenerateTripPdfRequest = z.input<typeof generateTripPdfRequest>;

/** What a file name may not hold on any system (and controls); runs of them become one space. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/**
 * The PDF's file name from the trip's title (Hebrew kept: the server sends it as RFC 5987 filename*), at most 100
 * characters before ".pdf"; "trip-<id>.pdf" when nothing usable is left. The server's Content-Disposition and the
 * web's download use the same name.
 */
export function pdfFileName(title: string, rideId: number): string {
  const clean = title.replace(UNSAFE_IN_FILE_NAME, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const cut = [...clean].slice(0, 100).join('').trim();
  return `${cut || `trip-${rideId}`}.pdf`;
}

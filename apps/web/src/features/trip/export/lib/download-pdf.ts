import { pdfFileName, type PdfPaperSize } from '@rides/contract';
import { downloadFile } from '../../../../lib/download';

/**
 * POST /api/generate-trip-pdf with the viewer's token (a private trip's viewer gets it too) and saves the PDF under
 * the server's file name (the trip's title). Refusals throw ApiError with the server's code.
 */
export async function downloadTripPdf(
  rideId: number,
  title: string,
  paperSize: PdfPaperSize = 'A4',
): Promise<void> {
  await downloadFile('/api/generate-trip-pdf', {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rideId, paperSize }),
    },
    fallbackName: pdfFileName(title, rideId),
    failureCode: 'pdf_generation_failed',
  });
}

import { pdfFileName, type PdfPaperSize } from '@rides/contract';
import { ApiError } from '../../../../lib/api';
import { currentToken } from '../../../../lib/session-store';
import { fileNameFrom } from './download-export';

/**
 * POST /api/generate-trip-pdf with the viewer's token (a private trip's viewer gets it too) and saves the PDF under
 * the server's file name (the trip's title). Refusals throw ApiError with the server's code.
 */
export async function downloadTripPdf(rideId: number, title: string, paperSize: PdfPaperSize = 'A4'): Promise<void> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch('/api/generate-trip-pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ rideId, paperSize }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { ServerMassageCode?: unknown } | null;
    throw new ApiError(typeof body?.ServerMassageCode === 'string' ? body.ServerMassageCode : 'pdf_generation_failed', response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameFrom(response.headers.get('content-disposition'), pdfFileName(title, rideId));
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

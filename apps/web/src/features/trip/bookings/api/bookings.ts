import type {
  BookingsConfirmBody,
  BookingsConfirmResponse,
  BookingsImportResponse,
  BookingsListResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, type Envelope } from '../../../../lib/api';
import { downloadFile } from '../../../../lib/download';

/**
 * The bookings calls (issue 34, decision 0068; contract calls/bookings.ts). The list depends on who asks (the address
 * and `mayImport` are an editor's), so the signed-in viewer's token is part of its key; `trip` is every viewer's.
 */
export const bookingsKeys = {
  trip: (rideId: number) => ['trip_bookings', rideId] as const,
  of: (rideId: number, viewer: string) => ['trip_bookings', rideId, viewer] as const,
};

export const bookingsQuery = (rideId: number, viewer: string) =>
  queryOptions({
    queryKey: bookingsKeys.of(rideId, viewer),
    queryFn: ({ signal }) => apiGet<BookingsListResponse>(`trips/${rideId}/bookings`, signal),
    retry: false,
    // Read again each time the dialog opens: mail forwarded to the trip arrives by a way this page does not see.
    staleTime: 0,
  });

/** POST import: the files as multipart `files` (one part each), read into a preview; nothing on the trip yet. */
export function importFiles(rideId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return apiRequest<BookingsImportResponse>(`trips/${rideId}/bookings/import`, { method: 'POST', body: form });
}

/** POST import with pasted text. */
export const importText = (rideId: number, text: string) =>
  apiRequest<BookingsImportResponse>(`trips/${rideId}/bookings/import`, { method: 'POST', body: { text } });

/** POST bookings: the corrected reservations put on the trip's days. */
export const confirmBookings = (rideId: number, body: BookingsConfirmBody) =>
  apiRequest<BookingsConfirmResponse>(`trips/${rideId}/bookings`, { method: 'POST', body });

export const resetAddress = (rideId: number) =>
  apiRequest<Envelope & { address: string | null }>(`trips/${rideId}/bookings/address`, { method: 'POST' });

export const acceptWaiting = (rideId: number, documentId: number) =>
  apiRequest(`trips/${rideId}/bookings/waiting/${documentId}/accept`, { method: 'POST' });

export const dismissWaiting = (rideId: number, documentId: number) =>
  apiRequest(`trips/${rideId}/bookings/waiting/${documentId}`, { method: 'DELETE' });

/** A booking's document, fetched with the viewer's token (the trip's people only) and saved under its name. */
export const downloadDocument = (rideId: number, documentId: number, name: string | null) =>
  downloadFile(`/api/trips/${rideId}/bookings/documents/${documentId}`, {
    fallbackName: name ?? `booking-${documentId}`,
    failureCode: 'booking_document_not_found',
  });

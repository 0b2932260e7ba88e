/**
 * Why a reader refused a whole file (not "found nothing in it", which is an empty list): the import maps the code to
 * a coded problem the traveller reads (read-document.ts). Shared by the readers of binary files (Wallet passes,
 * PDFs, mails).
 */
export const BOOKING_READ_ERROR_CODES = ['unreadable_file', 'file_too_large', 'encrypted_pdf', 'nothing_found'] as const;
export type BookingReadErrorCode = (typeof BOOKING_READ_ERROR_CODES)[number];

export class BookingReadError extends Error {
  override readonly name = 'BookingReadError';

  constructor(
    readonly code: BookingReadErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

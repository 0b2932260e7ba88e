/** Why a booking file could not be read: the import answers the code, the page says it in the traveller's words. */
export class BookingReadError extends Error {
  constructor(
    public code: 'unreadable_file' | 'file_too_large' | 'encrypted_pdf' | 'nothing_found',
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'BookingReadError';
  }
}

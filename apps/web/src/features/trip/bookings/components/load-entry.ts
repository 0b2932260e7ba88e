import { withTexts } from '../../../../lib/i18n';

/** "Add bookings" with the bookings' texts and their codes' (lazy.ts's second step). */
export const loadAddBookings = withTexts(() => import('./AddBookingsButton'), ['bookings', 'bookingCodes']);

import type { Reservation } from '@rides/contract';
import { RESERVATIONS_PER_IMPORT_MAX, reservation } from '@rides/contract';
import { airbnb } from './airbnb.js';
import { arkia } from './arkia.js';
import { bookingCom } from './booking-com.js';
import { carRental } from './car-rental.js';
import { elAl } from './el-al.js';
import { hotel } from './hotel.js';
import { israir } from './israir.js';
import { dateOptions, linesOf, TEMPLATE_TEXT_MAX, type Template } from './parse.js';

/**
 * The sender templates (issue 34): the plain text of a confirmation (a mail's, a PDF's, pasted) read by the template
 * of the sender it names (El Al, Israir, Arkia, Booking.com, Airbnb), else by the generic hotel and car rental ones.
 * Source "template", confidence 0.8 for a sender's, 0.7 for a generic one: the preview asks the traveller to check.
 *
 * `near` ('YYYY-MM-DD', the mail's day) gives a year to dates printed without one.
 */
const SENDERS: Template[] = [elAl, israir, arkia, bookingCom, airbnb];
const GENERIC: Template[] = [hotel, carRental];

export function readTemplates(text: string, makeId: () => string, opts: { near?: string } = {}): Reservation[] {
  const head = text.slice(0, TEMPLATE_TEXT_MAX);
  const lines = linesOf(head);
  const ctx = { makeId, dates: dateOptions(head, opts.near) };
  const senders = SENDERS.filter((t) => t.matches(head));
  const templates = senders.length > 0 ? senders : GENERIC.filter((t) => t.matches(head));
  const out: Reservation[] = [];
  for (const template of templates) {
    // A template's reading that the contract would refuse is dropped, not sent on.
    for (const r of template.read(lines, ctx)) if (reservation.safeParse(r).success) out.push(r);
  }
  return out.slice(0, RESERVATIONS_PER_IMPORT_MAX);
}

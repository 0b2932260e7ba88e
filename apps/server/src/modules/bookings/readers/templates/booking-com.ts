import { codeAfter, short, type Template } from './parse.js';
import { addressOf, ADDRESS, CHECK_IN, readStay } from './stay.js';

/**
 * Booking.com: "Booking.com" in the text. Its confirmation prints the property's name under "Your booking is
 * confirmed" ("ההזמנה שלך אושרה"), its address on the next line, the confirmation number (digits and dots) and a PIN
 * (not kept: the contract has no field for it), check-in "from 15:00" and check-out "until 11:00", and the price.
 */
const CONFIRMED = /is confirmed|confirmed|אושרה|מאושרת/i;
const NAME_LABEL = /^(?:property|hotel|accommodation|מקום\s+האירוח|שם\s+המלון|מלון)\s*:\s*(.+)$/i;
const NUMBER_LABEL = /confirmation\s+(?:number|no\.?)|booking\s+number|מספר\s+(?:אישור|הזמנה)/i;

function propertyOf(lines: string[]): { name?: string; address?: string } {
  for (const line of lines) {
    const m = NAME_LABEL.exec(line);
    if (m) return { name: m[1] };
  }
  // Not a forward's "Subject: ... confirmed": the page's own line.
  const confirmed = lines.findIndex((l) => CONFIRMED.test(l) && !l.includes(':'));
  if (confirmed < 0) return {};
  const name = lines[confirmed + 1];
  if (!name || name.includes(':') || CHECK_IN.test(name) || /\d{4}/.test(name)) return {};
  const next = lines[confirmed + 2];
  const address = next && /\d/.test(next) && next.includes(',') && !next.includes(':') && !ADDRESS.test(next) ? next : undefined;
  return { name, ...(address ? { address } : {}) };
}

export const bookingCom: Template = {
  name: 'booking.com',
  matches: (text) => /booking\.com/i.test(text),
  read: (lines, ctx) => {
    const property = propertyOf(lines);
    const address = addressOf(lines) ?? property.address;
    const reservationNumber = codeAfter(lines, NUMBER_LABEL, /(\d[\d.]{6,16}\d)/);
    return readStay(
      lines,
      {
        confidence: 0.8,
        provider: 'Booking.com',
        ...(short(property.name) ? { name: property.name } : {}),
        ...(address ? { address } : {}),
        ...(reservationNumber ? { reservationNumber } : {}),
      },
      ctx,
    );
  },
};

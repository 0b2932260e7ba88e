import { codeAfter, type Template } from './parse.js';
import { addressOf, CHECK_IN, CHECK_OUT, readStay } from './stay.js';

/**
 * Any hotel's confirmation (run when no sender's template knew the text): a check-in and a check-out label
 * ("Arrival"/"הגעה", "Departure"/"עזיבה") with a hotel's words about them; the name from a "Hotel:" label or the
 * first short line naming a hotel. A flight's "Departure" and "Arrival" are not a stay: a text about a flight
 * without a hotel's words is left alone.
 */
const HOTEL_WORDS = /\b(?:hotel|resort|hostel|inn|guest\s?house|suites?)\b|check[\s-]?in|מלון|צימר|אכסני|צ['׳]ק[\s-]?אין|בית\s+הארחה/i;
const NAME_LABEL = /^(?:hotel|property|מלון|שם\s+המלון|מקום\s+האירוח)\s*:\s*(.+)$/i;
const NAMING_LINE = /\b(?:hotel|resort|hostel|inn|suites)\b|מלון/i;
const NUMBER_LABEL = /confirmation\s+(?:number|no\.?|code)|reservation\s+(?:number|no\.?)|booking\s+(?:number|reference)|מספר\s+(?:אישור|הזמנה)|אסמכתא/i;

function nameOf(lines: string[]): string | undefined {
  for (const line of lines) {
    const m = NAME_LABEL.exec(line);
    if (m) return m[1];
  }
  return lines
    .slice(0, 15)
    .find((l) => NAMING_LINE.test(l) && !l.includes(':') && l.length <= 80 && !CHECK_IN.test(l) && !CHECK_OUT.test(l));
}

export const hotel: Template = {
  name: 'hotel',
  matches: (text) => HOTEL_WORDS.test(text) && CHECK_IN.test(text) && CHECK_OUT.test(text),
  read: (lines, ctx) => {
    const name = nameOf(lines);
    const address = addressOf(lines);
    const reservationNumber = codeAfter(lines, NUMBER_LABEL, /\b(?=[A-Z.-]*\d)([A-Z0-9][A-Z0-9.-]{3,19})\b/);
    return readStay(
      lines,
      {
        confidence: 0.7,
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
        ...(reservationNumber ? { reservationNumber } : {}),
      },
      ctx,
    );
  },
};

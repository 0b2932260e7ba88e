import { codeAfter, type Template } from './parse.js';
import { addressOf, readStay } from './stay.js';

/**
 * Airbnb: "Airbnb" in the text. The confirmation code ("HMABCD1234") is printed below or after its label; the
 * listing's title is the line before "hosted by" ("מארח/ת"); check-in and checkout with their times, often side by
 * side; the address under "Address". Airbnb.com's English writes "Mar 10, 2027" (month first).
 */
const HOSTED = /hosted by|מארח|המארח/i;

export const airbnb: Template = {
  name: 'airbnb',
  matches: (text) => /airbnb/i.test(text),
  read: (lines, ctx) => {
    const code =
      codeAfter(lines, /confirmation\s+code|reservation\s+code|קוד\s+(?:אישור|הזמנה)|מספר\s+אישור/i, /\b([A-Z0-9]{8,12})\b/) ??
      lines.join('\n').match(/\b(HM[A-Z0-9]{8})\b/)?.[1];
    const hosted = lines.findIndex((l) => HOSTED.test(l));
    const title = hosted > 0 ? lines[hosted - 1] : undefined;
    const name = title && !title.includes(':') && title.length <= 120 ? title : undefined;
    const address = addressOf(lines);
    return readStay(
      lines,
      {
        confidence: 0.8,
        provider: 'Airbnb',
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
        ...(code ? { reservationNumber: code } : {}),
      },
      ctx,
    );
  },
};

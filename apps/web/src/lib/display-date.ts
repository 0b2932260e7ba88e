/**
 * The one way the web app shows a date (issue 30: the same trip read 10-06-2027 on one screen and 10/06/2027 on
 * another). Hebrew and English both write the day first, so both languages show DD/MM/YYYY, and a moment adds HH:mm
 * (24 hours). The wire formats (contract dates.ts: DD-MM-YYYY, YYYY-MM-DD) are only read here, never shown.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Any wire date of a trip (DD-MM-YYYY, YYYY-MM-DD, or a date-time such as "2024-05-01T00:00:00" /
 * "01/05/2024 00:00") as DD/MM/YYYY (000 §9 day header). Only digits move: no Date objects, no time zones, so a
 * trip's calendar day is the same day for every reader. Answers null for anything else.
 */
export function toDisplayDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().split(/[T\s]/)[0] ?? '';
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  m = /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(text);
  if (m) return `${m[1]}/${m[2]}/${m[3]}`;
  return null;
}

/**
 * A moment (an ISO time, a Date or milliseconds since 1970) in the reader's clock as DD/MM/YYYY, with HH:mm when `time`; null when it cannot
 * be read. A calendar date alone (YYYY-MM-DD) is that day, whatever the reader's time zone.
 */
export function toDisplayMoment(
  value: string | number | Date | null | undefined,
  { time = false }: { time?: boolean } = {},
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return toDisplayDate(value);
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const day = `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
  return time ? `${day} ${pad(at.getHours())}:${pad(at.getMinutes())}` : day;
}

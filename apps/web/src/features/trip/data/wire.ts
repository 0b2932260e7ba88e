/**
 * The editing calls' wire formats (decision 0015), from the calendar dates and clock times the screens hold.
 * Only digits move: no Date objects, no time zones (a trip's dates are calendar dates at the destination).
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD as the date picker's M/D/YYYY (000 §5: "A drop sets the new date as M/D/YYYY"). */
export function isoToPickerDate(iso: string): string {
  const m = ISO.exec(iso);
  if (!m) throw new Error(`not an ISO date: ${iso}`);
  return `${Number(m[2])}/${Number(m[3])}/${m[1]}`;
}

/** M/D/YYYY (plannedDate of the trip view) as YYYY-MM-DD, or null. */
export function pickerDateToIso(value: string | null | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [, mo, d, y] = m as unknown as [string, string, string, string];
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** 24-hour "HH:MM" (a time input's value) as hh:mm:ss A ("09:05:00 AM"), or null for anything else ("25:61"). */
export function clockToAmPm(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const s = Number(m[3] ?? '0');
  if (h > 23 || min > 59 || s > 59) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(min)}:${pad(s)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** hh:mm:ss A (dateTime of the trip view) as 24-hour "HH:MM", or null. */
export function amPmToClock(value: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp])[Mm]$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  if (h < 1 || h > 12 || Number(m[2]) > 59) return null;
  const pm = (m[3] as string).toLowerCase() === 'p';
  return `${String((h % 12) + (pm ? 12 : 0)).padStart(2, '0')}:${m[2]}`;
}

import { describe, expect, it } from 'vitest';
import { formatDateTime, isoToExpiryDate } from '../src/features/trip/access-keys/lib/dates';

/** The access key's expiry as its date box shows it: the server keeps the key good through that day (UTC). */
describe('access key expiry in the form', () => {
  it.each([
    [null, ''],
    ['', ''],
    ['not a date', ''],
    // "2026-12-31" is stored as the next midnight, UTC: the box shows the 31st again.
    ['2027-01-01T00:00:00.000Z', '2026-12-31'],
    ['2026-03-01T00:00:00.000Z', '2026-02-28'],
    // A moment set through the API with a time keeps its own day.
    ['2026-06-15T12:30:00.000Z', '2026-06-15'],
  ])('%s -> %s', (iso, day) => {
    expect(isoToExpiryDate(iso)).toBe(day);
  });

  it("a join time in the app's one date format (day first, 24 hours); an unreadable one as it came", () => {
    expect(formatDateTime('2026-11-25T10:50:00.000Z')).toMatch(/^25\/11\/2026 \d{2}:\d{2}$/);
    expect(formatDateTime('soon')).toBe('soon');
  });
});

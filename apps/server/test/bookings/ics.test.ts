import { describe, expect, it } from 'vitest';
import { reservation } from '@rides/contract';
import { icsTime, readIcs } from '../../src/modules/bookings/readers/ics.js';

/** The .ics reader of bookings (issue 34 point 3): events to reservations, times local to their place, never made up. */
let n = 0;
const ids = () => `i${++n}`;
const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');

describe('.ics bookings', () => {
  it('a flight in its zone (TZID), its number from the summary, the confirmation from the description', () => {
    const [flight, ...rest] = readIcs(
      calendar(
        'BEGIN:VEVENT',
        'UID:abc-123@elal.example',
        'SUMMARY:טיסה LY 315 תל אביב - ציריך',
        'DTSTART;TZID=Asia/Jerusalem:20270310T061500',
        'DTEND:20270310T090500Z',
        'LOCATION:Ben Gurion Airport\\, Terminal 3',
        'DESCRIPTION:מספר הזמנה: X7K2LM\\nנוסע: נועה לוי',
        'END:VEVENT',
      ),
      ids,
    );
    expect(rest).toEqual([]);
    expect(flight).toMatchObject({
      type: 'flight',
      number: 'LY 315',
      reservationNumber: 'X7K2LM',
      start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', timeZone: 'Asia/Jerusalem', place: { address: 'Ben Gurion Airport, Terminal 3' } },
      // The arrival's zone is not the departure's: a UTC end stays UTC rather than guessed.
      end: { date: '2027-03-10', dateTime: '2027-03-10T09:05', timeZone: 'UTC' },
      source: { kind: 'ics', confidence: 0.9 },
    });
    expect(reservation.safeParse(flight).success).toBe(true);
  });

  it('an event: a UTC time turned into the local time of its place (GEO), folded lines joined', () => {
    const [event] = readIcs(
      calendar(
        'BEGIN:VEVENT',
        'SUMMARY:Glacier Express\\, panorama car',
        'DTSTART:20270312T080000Z',
        'DTEND:20270312T160000Z',
        'GEO:46.0240;7.7490',
        'DESCRIPTION:Booking reference: GX-2027-',
        ' 5511 (2 seats)',
        'END:VEVENT',
      ),
      ids,
    );
    expect(event).toMatchObject({
      type: 'event',
      name: 'Glacier Express, panorama car',
      reservationNumber: 'GX-2027-5511',
      start: { date: '2027-03-12', dateTime: '2027-03-12T09:00', timeZone: 'Europe/Zurich', place: { lat: 46.024, lng: 7.749 } },
      end: { dateTime: '2027-03-12T17:00', timeZone: 'Europe/Zurich' },
    });
    expect(reservation.safeParse(event).success).toBe(true);
  });

  it("a flight's airports from its summary, so the import can name them and make a UTC time local", () => {
    const [tlvJfk, tlvRho, noCodes] = readIcs(
      calendar(
        'BEGIN:VEVENT',
        'SUMMARY:Flight LY 5 TLV-JFK',
        'DTSTART;TZID=Asia/Jerusalem:20270405T004500',
        'DTEND;TZID=America/New_York:20270405T055000',
        'LOCATION:Ben Gurion Airport\\, Terminal 3',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:טיסה 6H 841 מתל אביב (TLV) לרודוס (RHO)',
        'DTSTART:20270802T143000Z',
        'DTEND:20270802T161000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:Flight LY 315 to Zurich',
        'DTSTART:20270310T041500Z',
        'END:VEVENT',
      ),
      ids,
    );
    expect(tlvJfk).toMatchObject({
      number: 'LY 5',
      start: { dateTime: '2027-04-05T00:45', timeZone: 'Asia/Jerusalem', place: { iata: 'TLV', address: 'Ben Gurion Airport, Terminal 3' } },
      end: { dateTime: '2027-04-05T05:50', timeZone: 'America/New_York', place: { iata: 'JFK' } },
    });
    // UTC as written here; the import's airport table turns it into 17:30 at TLV and 19:10 at RHO.
    expect(tlvRho).toMatchObject({
      number: '6H 841',
      start: { dateTime: '2027-08-02T14:30', timeZone: 'UTC', place: { iata: 'TLV' } },
      end: { dateTime: '2027-08-02T16:10', timeZone: 'UTC', place: { iata: 'RHO' } },
    });
    expect(noCodes?.start?.place).toBeUndefined();
    for (const r of [tlvJfk, tlvRho, noCodes]) expect(reservation.safeParse(r).success).toBe(true);
  });

  it("a whole day's DTEND is the day after the last (RFC 5545): the reservation ends on the last day", () => {
    const [festival, oneDay, timed] = readIcs(
      calendar(
        'BEGIN:VEVENT',
        'SUMMARY:Red Sea Jazz Festival pass',
        'DTSTART;VALUE=DATE:20270823',
        'DTEND;VALUE=DATE:20270826',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:Museum day',
        'DTSTART;VALUE=DATE:20270901',
        'DTEND;VALUE=DATE:20270902',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:Night tour',
        'DTSTART:20270901T220000',
        'DTEND:20270902T010000',
        'END:VEVENT',
      ),
      ids,
    );
    expect(festival).toMatchObject({ start: { date: '2027-08-23' }, end: { date: '2027-08-25' } });
    expect(festival?.end?.dateTime).toBeUndefined();
    expect(oneDay).toMatchObject({ start: { date: '2027-09-01' }, end: { date: '2027-09-01' } });
    // A time is not a whole day: its end is as written.
    expect(timed).toMatchObject({ end: { date: '2027-09-02', dateTime: '2027-09-02T01:00' } });
  });

  it('a whole day stays a day; a floating time is local as written; garbage is nothing', () => {
    expect(icsTime({ params: { VALUE: 'DATE' }, value: '20270314' }, null)).toEqual({ date: '2027-03-14' });
    expect(icsTime({ params: {}, value: '20270314T193000' }, null)).toEqual({ date: '2027-03-14', dateTime: '2027-03-14T19:30' });
    expect(icsTime({ params: {}, value: '20271399T250000' }, null)).toBeUndefined();
    expect(icsTime({ params: { TZID: 'Not/AZone' }, value: '20270314T193000' }, null)).toEqual({ date: '2027-03-14', dateTime: '2027-03-14T19:30' });
    expect(readIcs('not a calendar', ids)).toEqual([]);
    expect(readIcs(calendar('BEGIN:VEVENT', 'SUMMARY:No date', 'END:VEVENT'), ids)).toEqual([]);
  });
});

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

  it('a whole day stays a day; a floating time is local as written; garbage is nothing', () => {
    expect(icsTime({ params: { VALUE: 'DATE' }, value: '20270314' }, null)).toEqual({ date: '2027-03-14' });
    expect(icsTime({ params: {}, value: '20270314T193000' }, null)).toEqual({ date: '2027-03-14', dateTime: '2027-03-14T19:30' });
    expect(icsTime({ params: {}, value: '20271399T250000' }, null)).toBeUndefined();
    expect(icsTime({ params: { TZID: 'Not/AZone' }, value: '20270314T193000' }, null)).toEqual({ date: '2027-03-14', dateTime: '2027-03-14T19:30' });
    expect(readIcs('not a calendar', ids)).toEqual([]);
    expect(readIcs(calendar('BEGIN:VEVENT', 'SUMMARY:No date', 'END:VEVENT'), ids)).toEqual([]);
  });
});

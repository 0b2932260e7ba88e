import { describe, expect, it } from 'vitest';
import { hotelAffiliateUrl, HOST_PLACEHOLDER, PARTNER_HOME, toIsoDate } from '../src/lib/affiliate';

const affiliate = {
  aid: '12345',
  target_aid: '678',
  destination_id: '-781545',
  destination_type: 'city' as const,
  name: 'חיפה',
};

describe('hotelAffiliateUrl', () => {
  it("builds Booking.com's affiliate search for the destination and the stay's dates", () => {
    const url = new URL(hotelAffiliateUrl({ affiliate, checkIn: '01-05-2025', checkOut: '03-05-2025', address: null }));
    expect(url.origin + url.pathname).toBe('https://www.booking.com/searchresults.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      aid: '12345',
      target_aid: '678',
      dest_id: '-781545',
      dest_type: 'city',
      ss: 'חיפה',
      checkin: '2025-05-01',
      checkout: '2025-05-03',
    });
  });

  it('keeps region destinations and leaves out what is missing', () => {
    const url = new URL(
      hotelAffiliateUrl({
        affiliate: { ...affiliate, destination_type: 'region', target_aid: null, name: null },
        checkIn: null,
        checkOut: null,
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ aid: '12345', dest_id: '-781545', dest_type: 'region' });
  });

  it('drops dates that are hidden, malformed or not in order', () => {
    for (const [checkIn, checkOut] of [
      [null, '03-05-2025'],
      ['1-5-2025', '03-05-2025'],
      ['03-05-2025', '01-05-2025'],
      ['03-05-2025', '03-05-2025'],
    ] as const) {
      const url = new URL(hotelAffiliateUrl({ affiliate, checkIn, checkOut }));
      expect(url.searchParams.has('checkin')).toBe(false);
      expect(url.searchParams.has('checkout')).toBe(false);
    }
  });

  it("opens the partner's home page when the stored address is the literal '{host}'", () => {
    for (const address of [HOST_PLACEHOLDER, ` ${HOST_PLACEHOLDER} `]) {
      const url = new URL(hotelAffiliateUrl({ affiliate, checkIn: '01-05-2025', checkOut: '03-05-2025', address }));
      expect(url.origin + url.pathname).toBe(PARTNER_HOME);
      expect(Object.fromEntries(url.searchParams)).toEqual({ aid: '12345', target_aid: '678' });
    }
  });

  it('any other address still builds the search', () => {
    const url = hotelAffiliateUrl({ affiliate, checkIn: null, checkOut: null, address: 'https://hotel.example/{host}' });
    expect(url.startsWith('https://www.booking.com/searchresults.html?')).toBe(true);
  });

  it('encodes names safely', () => {
    const url = new URL(hotelAffiliateUrl({ affiliate: { ...affiliate, name: 'a&b=c #d' }, checkIn: null, checkOut: null }));
    expect(url.searchParams.get('ss')).toBe('a&b=c #d');
    expect(url.searchParams.get('dest_id')).toBe('-781545');
  });
});

describe('toIsoDate', () => {
  it('reads DD-MM-YYYY, DD/MM/YYYY and ISO dates; rejects others', () => {
    expect(toIsoDate('01-05-2025')).toBe('2025-05-01');
    expect(toIsoDate('01/05/2025 00:00')).toBe('2025-05-01');
    expect(toIsoDate('2025-05-01')).toBe('2025-05-01');
    expect(toIsoDate('5/1/2025')).toBeNull();
    expect(toIsoDate('')).toBeNull();
    expect(toIsoDate(null)).toBeNull();
  });
});

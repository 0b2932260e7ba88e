import { describe, expect, it } from 'vitest';
import { reservation, type Reservation } from '@rides/contract';
import { readTemplates } from '../../src/modules/bookings/readers/templates/index.js';
import { findDates, findTimes, parsePrice } from '../../src/modules/bookings/readers/templates/parse.js';

/** The sender templates of bookings (issue 34): a confirmation's text, Hebrew or English, to reservations. */
let n = 0;
const ids = () => `t${++n}`;
const read = (text: string, near?: string): Reservation[] => {
  const out = readTemplates(text, ids, near ? { near } : {});
  for (const r of out) expect(reservation.safeParse(r).success).toBe(true);
  return out;
};

describe('parsing dates, times and prices', () => {
  it('the dates senders print, day first unless the sender writes month first', () => {
    const dates = (s: string, o = {}) => findDates(s, o).map((d) => d.value);
    expect(dates('10 Mar 2027 · Wed, 10 March 2027 · 10/03/2027 · 10.03.27 · 10 במרץ 2027 · 10MAR27')).toEqual(
      Array(6).fill('2027-03-10'),
    );
    expect(dates('Mar 10, 2027 and Wednesday, March 10, 2027')).toEqual(['2027-03-10', '2027-03-10']);
    expect(dates('03/10/2027', { monthFirst: true })).toEqual(['2027-03-10']);
    expect(dates('03/10/2027')).toEqual(['2027-10-03']);
    // No month 25: the only reading is month first.
    expect(dates('03/25/2027')).toEqual(['2027-03-25']);
    // Without a year: the year that puts it on or after the mail's day, else none.
    expect(dates('Wed, 10 Mar', { near: '2026-11-29' })).toEqual(['2027-03-10']);
    expect(dates('Wed, 10 Mar')).toEqual([]);
    expect(dates('LY 315, 2 nights, 3 מבוגרים, 31/02/2027')).toEqual([]);
  });

  it('times and prices', () => {
    expect(findTimes('06:15 · 6:15 PM · 12:05 am · 25:00 · 10.03.27').map((t) => t.value)).toEqual(['06:15', '18:15', '00:05']);
    expect(parsePrice('₪1,234.50')).toEqual({ amountMinor: 123450, currency: 'ILS' });
    expect(parsePrice('EUR 320')).toEqual({ amountMinor: 32000, currency: 'EUR' });
    expect(parsePrice('320 €')).toEqual({ amountMinor: 32000, currency: 'EUR' });
    expect(parsePrice('1,234.50 ש"ח')).toEqual({ amountMinor: 123450, currency: 'ILS' });
    expect(parsePrice('Total (USD) $450.00')).toEqual({ amountMinor: 45000, currency: 'USD' });
    expect(parsePrice('TLV 320')).toBeUndefined();
  });
});

describe('airlines', () => {
  it('El Al in English: two flights, airports, times, the PNR, the passenger', () => {
    const out = read(`EL AL Israel Airlines - Booking confirmation
Booking reference: X7K2LM
Passenger: LEVI/NOA MS
Flight LY 315 Tel Aviv (TLV) → Zurich (ZRH)
Departure: Wed, 10 Mar 2027 06:15 Terminal 3
Arrival: Wed, 10 Mar 2027 09:05
Flight LY 346 Zurich (ZRH) → Tel Aviv (TLV)
Departure: Sun, 21 Mar 2027 22:40
Arrival: 03:35 +1
Total: USD 1,240.00`);
    expect(out).toMatchObject([
      {
        type: 'flight', number: 'LY 315', carrier: 'El Al', reservationNumber: 'X7K2LM', travellers: ['LEVI/NOA MS'],
        start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', place: { iata: 'TLV' } },
        end: { date: '2027-03-10', dateTime: '2027-03-10T09:05', place: { iata: 'ZRH' } },
        source: { kind: 'template', confidence: 0.8 },
      },
      {
        number: 'LY 346',
        start: { dateTime: '2027-03-21T22:40', place: { iata: 'ZRH' } },
        end: { date: '2027-03-22', dateTime: '2027-03-22T03:35', place: { iata: 'TLV' } },
      },
    ]);
    // A total of two flights is neither's price.
    expect(out[0]!.price).toBeUndefined();
  });

  it('El Al in Hebrew: the Hebrew labels, a day-first date, the price of a single flight', () => {
    const [flight, ...rest] = read(`אל על - אישור הזמנה
מספר הזמנה: K9PL2Q
נוסע: נועה לוי
טיסה LY 5 מתל אביב (TLV) לניו יורק (JFK)
המראה: 05/04/2027 00:45
נחיתה: 05/04/2027 05:50
סה"כ לתשלום: ₪3,450.90`);
    expect(rest).toEqual([]);
    expect(flight).toMatchObject({
      number: 'LY 5', reservationNumber: 'K9PL2Q', travellers: ['נועה לוי'],
      start: { date: '2027-04-05', dateTime: '2027-04-05T00:45', place: { iata: 'TLV' } },
      end: { date: '2027-04-05', dateTime: '2027-04-05T05:50', place: { iata: 'JFK' } },
      price: { amountMinor: 345090, currency: 'ILS' },
    });
  });

  it('Israir in Hebrew, a table row without labels; a date without a time stays a date', () => {
    const out = read(`ישראייר - כרטיס טיסה
קוד הזמנה: ZX81QW
6H 103 TLV-ETM 12.07.27 07:00 08:00
6H 108 ETM-TLV 15.07.27`);
    expect(out).toMatchObject([
      { number: '6H 103', carrier: 'Israir', start: { dateTime: '2027-07-12T07:00', place: { iata: 'TLV' } }, end: { dateTime: '2027-07-12T08:00', place: { iata: 'ETM' } } },
      { number: '6H 108', start: { date: '2027-07-15', place: { iata: 'ETM' } } },
    ]);
    expect(out[1]!.start!.dateTime).toBeUndefined();
    expect(out[1]!.end).toBeUndefined();
  });

  it('Israir in English and Arkia in both languages', () => {
    expect(read(`Israir Airlines
Booking code: ABC123
Flight 6H 841 Tel Aviv (TLV) to Rhodes (RHO)
Departs 2 Aug 2027 at 5:30 PM, arrives 7:10 PM`)).toMatchObject([
      { number: '6H 841', start: { dateTime: '2027-08-02T17:30', place: { iata: 'TLV' } }, end: { dateTime: '2027-08-02T19:10', place: { iata: 'RHO' } } },
    ]);
    expect(read(`Arkia Israeli Airlines
Reservation code: RT5YU8
IZ 211 | 14 Sep 2027 | TLV 06:40 → LCA 07:45`)).toMatchObject([
      { number: 'IZ 211', carrier: 'Arkia', reservationNumber: 'RT5YU8', start: { dateTime: '2027-09-14T06:40', place: { iata: 'TLV' } }, end: { dateTime: '2027-09-14T07:45', place: { iata: 'LCA' } } },
    ]);
    expect(read(`ארקיע קווי תעופה ישראליים
מספר הזמנה: PP2T7Y
טיסה IZ 3 מתל אביב (TLV) לאילת (ETM)
יציאה: 1 בנובמבר 2027 09:15
הגעה: 1 בנובמבר 2027 10:10`)).toMatchObject([
      { number: 'IZ 3', reservationNumber: 'PP2T7Y', start: { dateTime: '2027-11-01T09:15', place: { iata: 'TLV' } }, end: { dateTime: '2027-11-01T10:10', place: { iata: 'ETM' } } },
    ]);
  });
});

describe('stays', () => {
  it('Booking.com in English: the property, its address, check-in and check-out times, the number, the price', () => {
    expect(read(`Booking.com
Thanks, Noa! Your booking is confirmed.
Hotel Bellevue Zermatt
Bahnhofstrasse 15, 3920 Zermatt, Switzerland
Confirmation number: 4012.558.901
PIN code: 7731
Check-in
Wed, 10 March 2027
from 15:00
Check-out
Sat, 13 March 2027
until 11:00
Total price: CHF 1,290.00`)).toEqual([
      {
        id: expect.any(String), type: 'lodging', travellers: [], name: 'Hotel Bellevue Zermatt', provider: 'Booking.com',
        reservationNumber: '4012.558.901',
        start: { date: '2027-03-10', dateTime: '2027-03-10T15:00', place: { name: 'Hotel Bellevue Zermatt', address: 'Bahnhofstrasse 15, 3920 Zermatt, Switzerland' } },
        end: { date: '2027-03-13', dateTime: '2027-03-13T11:00' },
        price: { amountMinor: 129000, currency: 'CHF' },
        source: { kind: 'template', confidence: 0.8 },
      },
    ]);
  });

  it('Booking.com in Hebrew', () => {
    expect(read(`Booking.com
ההזמנה שלך אושרה
מלון דן כרמל
שדרות הנשיא 85, חיפה, ישראל
מספר אישור: 3321.447.120
קוד PIN: 1234
צ'ק-אין: יום ד', 10 במרץ 2027 (מ-15:00)
צ'ק-אאוט: שבת, 13 במרץ 2027 (עד 11:00)
מחיר: 2,340 ש"ח`)).toMatchObject([
      {
        name: 'מלון דן כרמל', reservationNumber: '3321.447.120',
        start: { dateTime: '2027-03-10T15:00', place: { address: 'שדרות הנשיא 85, חיפה, ישראל' } },
        end: { dateTime: '2027-03-13T11:00' },
        price: { amountMinor: 234000, currency: 'ILS' },
      },
    ]);
  });

  it('Airbnb in English, side by side and month first; a numeric date of the same text is month first too', () => {
    expect(read(`Airbnb
Reservation confirmed
Sunny loft near the port
Entire rental unit hosted by Dana
Check-in Checkout
Wed, Mar 10, 2027 03/13/2027
4:00 PM 11:00 AM
Address
12 Yafo St, Haifa, Israel
Confirmation code
HMABCD1234
Total (USD) $450.00`)).toMatchObject([
      {
        type: 'lodging', provider: 'Airbnb', name: 'Sunny loft near the port', reservationNumber: 'HMABCD1234',
        start: { dateTime: '2027-03-10T16:00', place: { address: '12 Yafo St, Haifa, Israel' } },
        end: { date: '2027-03-13', dateTime: '2027-03-13T11:00' },
        price: { amountMinor: 45000, currency: 'USD' },
      },
    ]);
  });

  it('Airbnb in Hebrew, without a checkout time (left absent)', () => {
    const [stay] = read(`Airbnb
ההזמנה שלך אושרה
דירת גן שקטה בעין כרם
מארחת: מיכל
צ'ק-אין: 02/06/2027, 15:00
צ'ק-אאוט: 05/06/2027
כתובת: הבריכה 4, ירושלים
קוד אישור: HMZZ88XY77`);
    expect(stay).toMatchObject({
      name: 'דירת גן שקטה בעין כרם', reservationNumber: 'HMZZ88XY77',
      start: { date: '2027-06-02', dateTime: '2027-06-02T15:00', place: { address: 'הבריכה 4, ירושלים' } },
      end: { date: '2027-06-05' },
    });
    expect(stay!.end!.dateTime).toBeUndefined();
  });

  it('any hotel, English and Hebrew, at the generic confidence', () => {
    expect(read(`Grand Hotel Europe
Dear guest, thank you for your reservation.
Confirmation number: GH-77120
Arrival: 20/05/2027
Departure: 23/05/2027
Address: Nevsky Prospekt 1, Vienna`)).toMatchObject([
      {
        name: 'Grand Hotel Europe', reservationNumber: 'GH-77120', start: { date: '2027-05-20', place: { address: 'Nevsky Prospekt 1, Vienna' } },
        end: { date: '2027-05-23' }, source: { confidence: 0.7 },
      },
    ]);
    expect(read(`מלון לאונרדו פלאזה אילת
מספר אישור: 889123
תאריך הגעה: 14/08/2027 14:00
תאריך עזיבה: 16/08/2027 11:00`)).toMatchObject([
      { name: 'מלון לאונרדו פלאזה אילת', reservationNumber: '889123', start: { dateTime: '2027-08-14T14:00' }, end: { dateTime: '2027-08-16T11:00' } },
    ]);
  });
});

describe('car rentals', () => {
  it('English: company, car, pick-up and return with places, the number, the price', () => {
    expect(read(`Hertz - Your reservation is confirmed
Confirmation number: K1234567890
Vehicle: VW Golf or similar
Pick-up: Wed, 10 Mar 2027 09:30
Location: Zurich Airport, Terminal 1
Return: Sat, 13 Mar 2027 18:00
Location: Geneva Cornavin Station
Estimated total: EUR 320`)).toMatchObject([
      {
        type: 'car', carrier: 'Hertz', name: 'VW Golf or similar', reservationNumber: 'K1234567890',
        start: { dateTime: '2027-03-10T09:30', place: { name: 'Zurich Airport, Terminal 1' } },
        end: { dateTime: '2027-03-13T18:00', place: { name: 'Geneva Cornavin Station' } },
        price: { amountMinor: 32000, currency: 'EUR' }, source: { kind: 'template', confidence: 0.7 },
      },
    ]);
  });

  it('Hebrew: Shlomo Sixt, איסוף and החזרה', () => {
    expect(read(`שלמה סיקסט - אישור הזמנת רכב
מספר הזמנה: 55012345
קבוצת רכב: C - קיה פיקנטו
איסוף: 10.03.27 08:00
סניף: נתב"ג
החזרה: 12.03.27 20:00
סניף: אילת
סה"כ: ₪ 640`)).toMatchObject([
      {
        carrier: 'Shlomo Sixt', reservationNumber: '55012345', name: 'C - קיה פיקנטו',
        start: { dateTime: '2027-03-10T08:00', place: { name: 'נתב"ג' } },
        end: { dateTime: '2027-03-12T20:00', place: { name: 'אילת' } },
        price: { amountMinor: 64000, currency: 'ILS' },
      },
    ]);
  });
});

describe('nothing to read', () => {
  it('a text no template knows gives nothing, and a flight of another airline is not a stay', () => {
    expect(read('Hi Noa, see you at the party on 10 Mar 2027 at 20:00. Bring snacks!')).toEqual([]);
    expect(read('שלום, מצורפת חשבונית מס 10/03/2027 על סך ₪120')).toEqual([]);
    expect(read(`Lufthansa booking
Flight LH 691 Departure: 10 Mar 2027 06:15 Arrival: 10 Mar 2027 09:05`)).toEqual([]);
  });

  it('a hostile text costs bounded time', () => {
    const started = Date.now();
    read(`El Al\n${'LY 1 10/10/2027 10:10 '.repeat(20_000)}\n${'Check-in '.repeat(50_000)}`);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

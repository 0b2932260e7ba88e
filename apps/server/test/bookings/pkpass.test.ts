import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { reservation } from '@rides/contract';
import { readPkpass } from '../../src/modules/bookings/readers/pkpass.js';
import { BookingReadError } from '../../src/modules/bookings/readers/errors.js';
import { readZipEntry } from '../../src/modules/bookings/readers/zip-entry.js';
import { bcbpString } from './bcbp-build.js';

/** Apple Wallet passes: a zip with pass.json (built here with fflate), bounded against bombs. */
let n = 0;
const ids = () => `p${++n}`;
const pkpass = (pass: unknown, extra: Record<string, Uint8Array> = {}) =>
  zipSync({ 'pass.json': strToU8(JSON.stringify(pass)), 'icon.png': new Uint8Array([137, 80, 78, 71]), ...extra });

const barcode = bcbpString('LEVI/NOA', [
  { pnr: 'X7K2LM', from: 'TLV', to: 'ZRH', carrier: 'LY', flight: '315', julianDay: 69, seat: '23A' },
]);

const elAl = {
  formatVersion: 1,
  passTypeIdentifier: 'pass.com.example.boarding',
  serialNumber: 'LY315-0069-023A',
  organizationName: 'EL AL',
  description: 'Boarding pass',
  relevantDate: '2027-03-10T05:30+02:00',
  barcodes: [{ format: 'PKBarcodeFormatPDF417', message: barcode, messageEncoding: 'iso-8859-1' }],
  boardingPass: {
    transitType: 'PKTransitTypeAir',
    headerFields: [{ key: 'gate', label: 'GATE', value: 'C4' }],
    primaryFields: [
      { key: 'origin', label: 'TEL AVIV', value: 'TLV' },
      { key: 'destination', label: 'ZURICH', value: 'ZRH' },
    ],
    secondaryFields: [{ key: 'passenger', label: 'PASSENGER', value: 'NOA LEVI' }],
    auxiliaryFields: [
      { key: 'flight', label: 'FLIGHT', value: 'LY315' },
      { key: 'departs', label: 'DEPARTS', value: '2027-03-10T06:15+02:00', timeStyle: 'PKDateStyleShort' },
      { key: 'seat', label: 'SEAT', value: '23A' },
    ],
  },
};

const hebrewIsrair = {
  formatVersion: 1,
  organizationName: 'ישראייר',
  description: 'כרטיס עלייה למטוס',
  relevantDate: '2027-08-02T21:40+03:00',
  barcode: { format: 'PKBarcodeFormatQR', message: 'not a boarding-pass string 6H-2231', messageEncoding: 'utf-8' },
  boardingPass: {
    transitType: 'PKTransitTypeAir',
    primaryFields: [
      { key: 'from', label: 'מ', value: 'TLV' },
      { key: 'to', label: 'אל', value: 'LCA' },
    ],
    secondaryFields: [{ key: 'pax', label: 'שם הנוסע', value: 'אורי כהן' }],
    auxiliaryFields: [
      { key: 'flt', label: 'טיסה', value: '6H 811' },
      { key: 'dep', label: 'המראה', value: '22:25' },
      { key: 'arr', label: 'נחיתה', value: '2027-08-02T23:20+03:00' },
    ],
    backFields: [{ key: 'code', label: 'קוד הזמנה', value: 'QW8E2R' }],
  },
};

const concert = {
  formatVersion: 1,
  organizationName: 'Leaan',
  description: 'Ticket',
  relevantDate: '2027-06-18T21:00+03:00',
  locations: [{ latitude: 32.0679, longitude: 34.7905 }],
  eventTicket: {
    primaryFields: [{ key: 'event', label: 'EVENT', value: 'Idan Raichel — Live' }],
    secondaryFields: [{ key: 'venue', label: 'VENUE', value: 'Menora Mivtachim Arena' }],
    backFields: [{ key: 'order', label: 'Order number', value: 'LE-558201' }],
  },
};

describe('Wallet passes', () => {
  it('an El Al-like boarding pass: the barcode exact, the departure time from its field, the arrival airport without a made-up day', () => {
    const found = readPkpass(pkpass(elAl), ids);
    expect(found).toEqual([
      {
        id: expect.any(String),
        type: 'flight',
        reservationNumber: 'X7K2LM',
        number: 'LY 315',
        carrier: 'LY',
        provider: 'EL AL',
        travellers: ['NOA LEVI'],
        start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', place: { iata: 'TLV' } },
        // The arrival's airport, without a day: not printed, never guessed.
        end: { place: { iata: 'ZRH' } },
        source: { kind: 'pkpass', confidence: 1 },
      },
    ]);
    expect(reservation.parse(found[0])).toBeTruthy();
  });

  it('the barcode is believed over the fields; without a departure field the time is relevantDate\'s', () => {
    const noDeparture = {
      ...elAl,
      boardingPass: { ...elAl.boardingPass, auxiliaryFields: [{ key: 'flight', label: 'FLIGHT', value: 'LY 999' }] },
    };
    const [flight] = readPkpass(pkpass(noDeparture), ids);
    expect(flight).toMatchObject({
      number: 'LY 315',
      start: { date: '2027-03-10', dateTime: '2027-03-10T05:30', place: { iata: 'TLV' } },
    });
  });

  it('a Hebrew-labelled pass without a BCBP barcode: fields by their Hebrew labels, arrival with its printed day', () => {
    const [flight, ...rest] = readPkpass(pkpass(hebrewIsrair), ids);
    expect(rest).toEqual([]);
    expect(flight).toEqual({
      id: expect.any(String),
      type: 'flight',
      reservationNumber: 'QW8E2R',
      number: '6H 811',
      carrier: '6H',
      provider: 'ישראייר',
      travellers: ['אורי כהן'],
      start: { date: '2027-08-02', dateTime: '2027-08-02T22:25', place: { iata: 'TLV' } },
      end: { date: '2027-08-02', dateTime: '2027-08-02T23:20', place: { iata: 'LCA' } },
      source: { kind: 'pkpass', confidence: 1 },
    });
    expect(reservation.parse(flight)).toBeTruthy();
  });

  it('a train pass: station names, not airport codes', () => {
    const train = {
      relevantDate: '2027-05-03T08:12+02:00',
      boardingPass: {
        transitType: 'PKTransitTypeTrain',
        primaryFields: [
          { key: 'origin', label: 'FROM', value: 'Zürich HB' },
          { key: 'destination', label: 'TO', value: 'Milano Centrale' },
        ],
        auxiliaryFields: [{ key: 'train', label: 'TRAIN', value: 'EC 315' }],
      },
    };
    expect(readPkpass(pkpass(train), ids)).toMatchObject([
      { type: 'train', number: 'EC 315', start: { date: '2027-05-03', dateTime: '2027-05-03T08:12', place: { name: 'Zürich HB' } } },
    ]);
  });

  it('an event ticket: name, venue with the zone of its coordinates, local start, order number', () => {
    const [event] = readPkpass(pkpass(concert), ids);
    expect(event).toEqual({
      id: expect.any(String),
      type: 'event',
      name: 'Idan Raichel — Live',
      reservationNumber: 'LE-558201',
      provider: 'Leaan',
      travellers: [],
      start: {
        date: '2027-06-18',
        dateTime: '2027-06-18T21:00',
        timeZone: 'Asia/Jerusalem',
        place: { name: 'Menora Mivtachim Arena', lat: 32.0679, lng: 34.7905 },
      },
      source: { kind: 'pkpass', confidence: 1 },
    });
    expect(reservation.parse(event)).toBeTruthy();
  });

  it('a zip bomb: 50 MB of pass.json is refused quickly, also when the zip lies about its size', () => {
    const huge = new Uint8Array(50_000_000).fill(32);
    huge[0] = 123; // "{" then spaces: valid JSON were it read whole
    const honest = zipSync({ 'pass.json': huge }, { level: 1 });
    expect(() => readPkpass(honest, ids)).toThrow(expect.objectContaining({ code: 'file_too_large' }));
    // The same entry declaring 100 bytes, in its local header and the central directory: counted as it inflates.
    const lying = honest.slice();
    const view = new DataView(lying.buffer);
    view.setUint32(22, 100, true);
    const central = lying.length - 22 - (46 + 'pass.json'.length);
    expect(view.getUint32(central, true)).toBe(0x02014b50);
    view.setUint32(central + 24, 100, true);
    const started = performance.now();
    expect(() => readPkpass(lying, ids)).toThrow(expect.objectContaining({ code: 'file_too_large' }));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('too many entries is refused; a stored (uncompressed) pass.json is read', () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 201; i++) many[`f${i}.png`] = new Uint8Array(1);
    expect(() => readPkpass(pkpass(elAl, many), ids)).toThrow(expect.objectContaining({ code: 'file_too_large' }));
    const stored = zipSync({ 'pass.json': strToU8(JSON.stringify(concert)) }, { level: 0 });
    expect(readPkpass(stored, ids)[0]?.name).toBe('Idan Raichel — Live');
  });

  it('a zip without pass.json, pass.json not JSON, random bytes, a cut zip: unreadable_file', () => {
    const cases = [
      zipSync({ 'manifest.json': strToU8('{}') }),
      zipSync({ 'pass.json': strToU8('{"formatVersion": 1,') }),
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 251),
      new Uint8Array(0),
      pkpass(elAl).slice(0, 200),
    ];
    for (const bytes of cases) {
      let error: unknown;
      try {
        readPkpass(bytes, ids);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BookingReadError);
      expect((error as BookingReadError).code).toBe('unreadable_file');
    }
  });

  it('a corrupt compressed pass.json is unreadable, not a crash', () => {
    const zip = zipSync({ 'pass.json': strToU8(JSON.stringify(elAl).repeat(5)) });
    const data = 30 + 'pass.json'.length;
    for (let i = data + 2; i < data + 60; i++) zip[i] = 0xff;
    expect(() => readPkpass(zip, ids)).toThrow(BookingReadError);
  });

  it('other kinds of pass (a coupon) give nothing', () => {
    expect(readPkpass(pkpass({ formatVersion: 1, coupon: { primaryFields: [] } }), ids)).toEqual([]);
  });

  it('readZipEntry inflates only the entry asked for', () => {
    const zip = zipSync({ 'a.txt': strToU8('alpha'), 'pass.json': strToU8('{}') });
    expect(new TextDecoder().decode(readZipEntry(zip, 'a.txt', { maxBytes: 10, maxEntries: 5 })!)).toBe('alpha');
    expect(readZipEntry(zip, 'b.txt', { maxBytes: 10, maxEntries: 5 })).toBeNull();
  });
});

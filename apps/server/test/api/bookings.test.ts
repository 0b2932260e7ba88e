import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  bookingsConfirmResponse,
  bookingsImportResponse,
  bookingsListResponse,
  type PreviewReservation,
} from '@rides/contract';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, attractions, rideAttractions, rides } from '../../src/db/schema/index.js';
import { createTestApp, mailsTo, type TestApp } from '../helpers/app.js';
import {
  addMember,
  EVERYONE,
  makeWorld,
  outcome,
  person,
  READ_MATRIX,
  WRITE_MATRIX,
  type TogetherWorld,
} from './together-fixtures.js';
import { makeTrip } from './trip-editing-fixtures.js';

/**
 * Bookings in (issue 34): every call both ways (only an editor or the owner imports and confirms; the trip's people
 * read), the preview writes nothing, the confirmation puts a stay on its nights and a flight on its day at its local
 * time, the same confirmation twice changes nothing, a changed one says what changed, a booking outside the trip's
 * days extends it only when asked, documents stay with the trip's people, bad files get coded answers, and a mail sent
 * over SMTP to the trip's address waits for review (or is held when its sender is none of the trip's people).
 */
const CORPUS = join(import.meta.dirname, '../bookings/corpus');

/** A saved confirmation page with schema.org markup: a flight and a hotel on these days. */
function confirmationPage(opts: { flightDay: string; time?: string; checkIn: string; checkOut: string }) {
  const graph = [
    {
      '@type': 'FlightReservation',
      reservationNumber: 'X7K2LM',
      underName: { '@type': 'Person', name: 'Noa Levi' },
      reservationFor: {
        '@type': 'Flight',
        flightNumber: '315',
        airline: { '@type': 'Airline', name: 'El Al', iataCode: 'LY' },
        departureAirport: { '@type': 'Airport', iataCode: 'TLV' },
        departureTime: `${opts.flightDay}T${opts.time ?? '06:15'}:00+02:00`,
        arrivalAirport: { '@type': 'Airport', iataCode: 'ZRH' },
        arrivalTime: `${opts.flightDay}T09:05:00+01:00`,
      },
    },
    {
      '@type': 'LodgingReservation',
      reservationNumber: '3321447120',
      provider: { '@type': 'Organization', name: 'Booking.com' },
      underName: { '@type': 'Person', name: 'Noa Levi' },
      reservationFor: {
        '@type': 'LodgingBusiness',
        name: 'Hotel Schweizerhof',
        address: 'Bahnhofplatz 7, 8001 Zürich, Switzerland',
        geo: { '@type': 'GeoCoordinates', latitude: 47.3779, longitude: 8.5403 },
      },
      checkinTime: `${opts.checkIn}T15:00:00+01:00`,
      checkoutTime: `${opts.checkOut}T11:00:00+01:00`,
    },
  ];
  return `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head><body>Your trip</body></html>`;
}

let t: TestApp;
let w: TogetherWorld;
let smtpPort: number;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  smtpPort = await freePort();
  t = await createTestApp({
    INBOUND_SMTP_PORT: String(smtpPort),
    INBOUND_SMTP_HOST: '127.0.0.1',
    INBOUND_MAIL_DOMAIN: 'in.rides.test',
  });
  w = await makeWorld(t);
});
afterAll(async () => {
  await t?.dispose();
});

/** Each request from its own address: the import's rate limit (30 a minute per address) is not what these test. */
let ipSeq = 0;
const nextIp = () => `10.34.${Math.floor(ipSeq / 250) % 250}.${(ipSeq++ % 250) + 1}`;
function send(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

const path = (rideId: number, rest = '') => `/api/trips/${rideId}/bookings${rest}`;

/** A trip of the world's owner from 2027-03-09 for `days` days, with the world's editor as a member. */
async function newTrip(days = 6, startDate = '2027-03-09') {
  const trip = await makeTrip(t, {
    authorId: w.people.owner.id,
    days,
    startDate,
    type: 'public',
  });
  await addMember(t, trip.rideId, w.people.editor.id, 'editor');
  await addMember(t, trip.rideId, w.people.viewer.id, 'viewer');
  await t.db.db.update(rides).set({ language: 'english' }).where(eq(rides.id, trip.rideId));
  return trip.rideId;
}

async function preview(rideId: number, text: string, who = w.people.owner.headers) {
  const res = await send(t, 'POST', path(rideId, '/import'), who, { text });
  expect(res.statusCode, res.body).toBe(200);
  return bookingsImportResponse.parse(res.json());
}

async function confirm(
  rideId: number,
  reservations: PreviewReservation[],
  extra: Record<string, unknown> = {},
) {
  const body = reservations.map(({ outsideTrip: _o, match: _m, ...r }) => r);
  return send(t, 'POST', path(rideId), w.people.owner.headers, { reservations: body, ...extra });
}

const placements = (rideId: number) =>
  t.db.db
    .select({
      title: attractions.title,
      text: attractions.text,
      date: rideAttractions.plannedDate,
      time: rideAttractions.timeOfDay,
    })
    .from(rideAttractions)
    .innerJoin(attractions, eq(attractions.id, rideAttractions.attractionId))
    .where(eq(rideAttractions.rideId, rideId));

const stays = (rideId: number) =>
  t.db.db
    .select({
      name: accommodations.name,
      checkIn: accommodations.checkInDate,
      checkOut: accommodations.checkOutDate,
      confirmation: accommodations.bookingConfirmation,
      status: accommodations.status,
    })
    .from(accommodations)
    .where(eq(accommodations.rideId, rideId));

function multipart(files: { name: string; bytes: Uint8Array; type?: string }[]) {
  const boundary = `----rides${Date.now()}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  rideId: number,
  files: { name: string; bytes: Uint8Array }[],
  headers = w.people.owner.headers,
) {
  const { payload, contentType } = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: path(rideId, '/import'),
    remoteAddress: nextIp(),
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

describe('who may import, confirm and read bookings', () => {
  const IMPORT_MATRIX = {
    ...WRITE_MATRIX,
    // Commenting is not editing: what an import writes is the trip's content.
    commenter: ['403 role_does_not_allow', '403 role_does_not_allow'] as [string, string],
    // The planner of a client's private trip does not edit it (the edit policy): nor imports into it.
    planner: ['403 role_does_not_allow', '403 uesr_is_not_authorize_to_edit_this_ride'] as [string, string],
  };
  const page = confirmationPage({ flightDay: '2031-05-10', checkIn: '2031-05-10', checkOut: '2031-05-12' });
  for (const who of EVERYONE) {
    it(who, async () => {
      const got = {
        import: [] as string[],
        read: [] as string[],
        confirm: [] as string[],
        address: [] as string[],
      };
      for (const trip of [w.trips.public, w.trips.private]) {
        const headers = w.headersOf(who);
        got.import.push(
          outcome(await send(t, 'POST', path(trip.rideId, '/import'), headers, { text: page })),
        );
        got.read.push(outcome(await send(t, 'GET', path(trip.rideId), headers)));
        const mine = await preview(trip.rideId, page);
        const body = mine.reservations
          .filter((r) => r.type === 'flight')
          .map(({ outsideTrip: _o, match: _m, ...r }) => r);
        got.confirm.push(outcome(await send(t, 'POST', path(trip.rideId), headers, { reservations: body })));
        got.address.push(outcome(await send(t, 'POST', path(trip.rideId, '/address'), headers)));
      }
      expect(got).toEqual({
        import: IMPORT_MATRIX[who],
        read: READ_MATRIX[who],
        confirm: IMPORT_MATRIX[who],
        address: IMPORT_MATRIX[who],
      });
    });
  }
});

describe('a preview, then the trip', () => {
  it('reads a flight and a stay, writes nothing; confirmed, the stay is on its nights and the flight on its day', async () => {
    const rideId = await newTrip();
    const before = await placements(rideId);
    const got = await preview(
      rideId,
      confirmationPage({ flightDay: '2027-03-10', checkIn: '2027-03-10', checkOut: '2027-03-13' }),
    );
    expect(got.problems).toEqual([]);
    const flight = got.reservations.find((r) => r.type === 'flight')!;
    expect(flight).toMatchObject({
      number: 'LY 315',
      reservationNumber: 'X7K2LM',
      start: {
        date: '2027-03-10',
        dateTime: '2027-03-10T06:15',
        timeZone: 'Asia/Jerusalem',
        place: { iata: 'TLV' },
      },
      end: {
        date: '2027-03-10',
        dateTime: '2027-03-10T09:05',
        timeZone: 'Europe/Zurich',
        place: { iata: 'ZRH' },
      },
      outsideTrip: false,
      match: null,
    });
    expect(got.reservations.find((r) => r.type === 'lodging')).toMatchObject({
      name: 'Hotel Schweizerhof',
      start: { date: '2027-03-10', dateTime: '2027-03-10T15:00', timeZone: 'Europe/Zurich' },
      end: { date: '2027-03-13', dateTime: '2027-03-13T11:00' },
    });
    // A preview writes nothing on the trip.
    expect(await placements(rideId)).toEqual(before);
    expect(await stays(rideId)).toEqual([]);
    const list0 = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.owner.headers)).json(),
    );
    expect(list0.bookings).toEqual([]);

    const res = await confirm(rideId, got.reservations);
    expect(res.statusCode, res.body).toBe(200);
    const done = bookingsConfirmResponse.parse(res.json());
    expect(done.outcomes.map((o) => o.outcome)).toEqual(['added', 'added']);
    expect(await stays(rideId)).toEqual([
      {
        name: 'Hotel Schweizerhof',
        checkIn: '2027-03-10',
        checkOut: '2027-03-13',
        confirmation: '3321447120',
        status: 'booked',
      },
    ]);
    const flights = (await placements(rideId)).filter((p) => p.title.includes('LY 315'));
    expect(flights).toEqual([
      {
        title: 'Flight LY 315: TLV – ZRH',
        text: expect.stringContaining('Arrives 2027-03-10 09:05 local time (Europe/Zurich)'),
        date: '2027-03-10',
        time: '06:15:00',
      },
    ]);
    // The activity is the trip's (public) content: the booking's number and its travellers are not in it.
    expect(flights[0]!.text).not.toContain('X7K2LM');
    expect(flights[0]!.text).not.toContain('Noa');
    const list = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.viewer.headers)).json(),
    );
    expect(list.bookings.map((b) => b.reservation.type).sort()).toEqual(['flight', 'lodging']);
    expect(list.mayImport).toBe(false);
  });

  it('the same confirmation again changes nothing; a changed one updates the booking and says what changed', async () => {
    const rideId = await newTrip();
    const page = confirmationPage({ flightDay: '2027-03-10', checkIn: '2027-03-10', checkOut: '2027-03-13' });
    expect((await confirm(rideId, (await preview(rideId, page)).reservations)).statusCode).toBe(200);
    const again = await preview(rideId, page);
    expect(again.reservations.map((r) => r.match?.changes)).toEqual([[], []]);
    const same = bookingsConfirmResponse.parse((await confirm(rideId, again.reservations)).json());
    expect(same.outcomes.map((o) => o.outcome)).toEqual(['unchanged', 'unchanged']);
    expect((await placements(rideId)).filter((p) => p.title.includes('LY 315'))).toHaveLength(1);
    expect(await stays(rideId)).toHaveLength(1);

    const moved = await preview(
      rideId,
      confirmationPage({
        flightDay: '2027-03-10',
        time: '07:40',
        checkIn: '2027-03-10',
        checkOut: '2027-03-13',
      }),
    );
    expect(moved.reservations.find((r) => r.type === 'flight')!.match!.changes).toEqual([
      { field: 'start.time', before: '06:15', after: '07:40' },
    ]);
    const updated = bookingsConfirmResponse.parse((await confirm(rideId, moved.reservations)).json());
    expect(updated.outcomes.map((o) => [o.outcome, o.changes.length])).toEqual([
      ['updated', 1],
      ['unchanged', 0],
    ]);
    const flights = (await placements(rideId)).filter((p) => p.title.includes('LY 315'));
    expect(flights.map((f) => f.time)).toEqual(['07:40:00']);
  });

  it('a booking outside the trip: offered, refused unless the trip is extended, then the trip takes it', async () => {
    const rideId = await newTrip(3); // 2027-03-09 .. 2027-03-11
    const got = await preview(
      rideId,
      confirmationPage({ flightDay: '2027-03-10', checkIn: '2027-03-10', checkOut: '2027-03-14' }),
    );
    expect(got.reservations.map((r) => [r.type, r.outsideTrip])).toEqual([
      ['flight', false],
      ['lodging', true],
    ]);
    const refused = await confirm(rideId, got.reservations);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ ServerMassageCode: 'booking_outside_trip' });
    expect(await stays(rideId)).toEqual([]);
    expect(await placements(rideId)).toEqual([]); // refused as a whole: the flight was not added either
    const ok = await confirm(rideId, got.reservations, { extendTrip: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(bookingsConfirmResponse.parse(ok.json()).trip).toEqual({
      startDate: '2027-03-09',
      endDate: '2027-03-14',
    });
    const [trip] = await t.db.db.select({ end: rides.endDate }).from(rides).where(eq(rides.id, rideId));
    expect(trip!.end).toBe('2027-03-14');
  });

  it('an unknown time stays empty: a stay without times, an activity without a time', async () => {
    const rideId = await newTrip();
    const page = `<html><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishmentReservation',
      reservationNumber: 'R-5521',
      reservationFor: {
        '@type': 'FoodEstablishment',
        name: 'Machneyuda',
        address: 'Beit Yaakov 10, Jerusalem',
        geo: { '@type': 'GeoCoordinates', latitude: 31.7857, longitude: 35.2125 },
      },
      startTime: '2027-03-11',
    })}</script></html>`;
    const got = await preview(rideId, page);
    expect(got.reservations[0]!.start).toEqual({
      date: '2027-03-11',
      timeZone: 'Asia/Jerusalem',
      place: { name: 'Machneyuda', address: 'Beit Yaakov 10, Jerusalem', lat: 31.7857, lng: 35.2125 },
    });
    expect((await confirm(rideId, got.reservations)).statusCode).toBe(200);
    expect(await placements(rideId)).toEqual([
      { title: 'Machneyuda', text: '', date: '2027-03-11', time: null },
    ]);
  });
});

describe('files', () => {
  it('a mail and a PDF from the test set: read with their documents; a document reaches the trip people only', async () => {
    const rideId = await newTrip(10, '2027-06-01');
    const res = await upload(rideId, [
      { name: 'mail-he-airbnb.eml', bytes: readFileSync(join(CORPUS, 'mail-he-airbnb.eml')) },
      { name: 'pdf-en-car-voucher.pdf', bytes: readFileSync(join(CORPUS, 'pdf-en-car-voucher.pdf')) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const got = bookingsImportResponse.parse(res.json());
    expect(got.problems).toEqual([]);
    expect(got.trip).toEqual({ startDate: '2027-06-01', endDate: '2027-06-10' });
    expect(got.reservations.map((r) => [r.type, r.outsideTrip])).toEqual([
      ['lodging', false],
      ['car', false],
    ]);
    expect(got.reservations.every((r) => typeof r.documentId === 'number')).toBe(true);
    const done = await confirm(rideId, got.reservations);
    expect(done.statusCode, done.body).toBe(200);
    const booking = bookingsConfirmResponse
      .parse(done.json())
      .bookings.find((b) => b.reservation.type === 'car')!;
    expect(booking.documentName).toBe('pdf-en-car-voucher.pdf');
    const doc = path(rideId, `/documents/${booking.documentId}`);
    const mine = await send(t, 'GET', doc, w.people.viewer.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(outcome(await send(t, 'GET', doc, w.people.user.headers))).toBe('403 role_does_not_allow');
    expect(outcome(await send(t, 'GET', doc, {}))).toBe('401 user_is_not_authorized');
    // Another trip's document by its number: not found through this trip.
    const other = await newTrip();
    expect(
      outcome(await send(t, 'GET', path(other, `/documents/${booking.documentId}`), w.people.owner.headers)),
    ).toBe('404 booking_document_not_found');
  });

  it('a round trip (one number, two legs) is two bookings; the same mail again changes nothing', async () => {
    const rideId = await newTrip(20);
    const mail = { name: 'mail-en-elal.eml', bytes: readFileSync(join(CORPUS, 'mail-en-elal.eml')) };
    const got = bookingsImportResponse.parse((await upload(rideId, [mail])).json());
    expect(got.reservations.map((r) => [r.number, r.reservationNumber])).toEqual([
      ['LY 315', got.reservations[0]!.reservationNumber],
      ['LY 346', got.reservations[0]!.reservationNumber],
    ]);
    const done = await confirm(rideId, got.reservations);
    expect(done.statusCode, done.body).toBe(200);
    expect(bookingsConfirmResponse.parse(done.json()).outcomes.map((o) => o.outcome)).toEqual([
      'added',
      'added',
    ]);
    const again = bookingsImportResponse.parse((await upload(rideId, [mail])).json());
    const same = bookingsConfirmResponse.parse((await confirm(rideId, again.reservations)).json());
    expect(same.outcomes.map((o) => o.outcome)).toEqual(['unchanged', 'unchanged']);
    expect((await placements(rideId)).map((p) => [p.date, p.time]).sort()).toEqual([
      ['2027-03-10', expect.any(String)],
      ['2027-03-21', expect.any(String)],
    ]);
  });

  it('bad files get coded answers, beside the good ones; nothing at all read is an error', async () => {
    const rideId = await newTrip();
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    const brokenPdf = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog>> garbage');
    const zip = Buffer.from('PK\u0003\u0004not really a zip', 'latin1');
    const res = await upload(rideId, [
      { name: 'photo.png', bytes: png },
      { name: 'broken.pdf', bytes: brokenPdf },
      { name: 'pass.pkpass', bytes: zip },
      { name: 'notes.txt', bytes: Buffer.from('Remember to buy sunscreen') },
      { name: 'mail-he-booking.eml', bytes: readFileSync(join(CORPUS, 'mail-he-booking.eml')) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const got = bookingsImportResponse.parse(res.json());
    expect(got.problems).toEqual([
      { file: 'photo.png', code: 'booking_unsupported_file' },
      { file: 'broken.pdf', code: 'booking_unreadable_file' },
      { file: 'pass.pkpass', code: 'booking_unreadable_file' },
      { file: 'notes.txt', code: 'booking_nothing_found' },
    ]);
    expect(got.reservations.map((r) => r.type)).toEqual(['lodging']);

    const alone = await upload(rideId, [{ name: 'photo.png', bytes: png }]);
    expect(alone.statusCode).toBe(415);
    expect(alone.json()).toMatchObject({
      ServerMassageCode: 'booking_unsupported_file',
      errors: [{ field: 'photo.png', code: 'booking_unsupported_file' }],
    });
    const nothing = await send(t, 'POST', path(rideId, '/import'), w.people.owner.headers, { text: 'hello' });
    expect(outcome(nothing)).toBe('422 booking_nothing_found');
    const empty = await send(t, 'POST', path(rideId, '/import'), w.people.owner.headers, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    const script = await send(t, 'POST', path(rideId, '/import'), w.people.owner.headers, {
      text: '<html><script>alert(1)</script><script type="application/ld+json">{not json</script></html>',
    });
    expect(outcome(script)).toBe('422 booking_nothing_found');
  });

  it('a file over 25 MB is refused before it is read', async () => {
    const rideId = await newTrip();
    const big = new Uint8Array(26 * 1024 * 1024).fill(0x41);
    const res = await upload(rideId, [{ name: 'big.txt', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(JSON.stringify(res.json())).not.toContain('    at ');
  });

  it('a confirmation is checked: unknown keys, a document of another trip, a held mail are refused', async () => {
    const rideId = await newTrip();
    const got = await preview(
      rideId,
      confirmationPage({ flightDay: '2027-03-10', checkIn: '2027-03-10', checkOut: '2027-03-12' }),
    );
    const [flight] = got.reservations.map(({ outsideTrip: _o, match: _m, ...r }) => r);
    const bad = await send(t, 'POST', path(rideId), w.people.owner.headers, {
      reservations: [{ ...flight, seat: '31C' }],
    });
    expect(bad.statusCode).toBe(400);
    const stolen = await send(t, 'POST', path(rideId), w.people.owner.headers, {
      reservations: [{ ...flight, documentId: 2_000_000 }],
    });
    expect(outcome(stolen)).toBe('404 booking_document_not_found');
    expect(await placements(rideId)).toEqual([]);
  });
});

describe('mail to the trip', () => {
  async function mailTo(address: string, from: string, file: string) {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    try {
      return await transport.sendMail({
        envelope: { from, to: [address] },
        raw: readFileSync(join(CORPUS, file)),
      });
    } finally {
      transport.close();
    }
  }

  it('each trip has an address; mail from a member waits for review, from anyone else it is held; reset refuses the old', async () => {
    const rideId = await newTrip(10);
    const list = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.owner.headers)).json(),
    );
    expect(list.address).toMatch(/^trip-[0-9a-f]{16}@in\.rides\.test$/);
    // Only those who may import see the address (a viewer could otherwise post to the trip).
    const seen = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.viewer.headers)).json(),
    );
    expect(seen.address).toBeNull();

    const stranger = await person(t, 'Sam Stranger');
    await mailTo(list.address!, w.people.editor.email, 'mail-he-booking.eml');
    await mailTo(list.address!, stranger.email, 'mail-en-elal.eml');
    const after = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.owner.headers)).json(),
    );
    expect(after.waiting.map((m) => [m.held, m.reservations.map((r) => r.type)])).toEqual([
      [false, ['lodging']],
      [true, []],
    ]);
    // The owner is asked by mail, in the trip's language, with the trip's link; nothing of the held mail is in it.
    const asking = async () =>
      (await mailsTo(t.outboxDir, w.people.owner.email)).filter((m) =>
        m.subject.includes('is waiting for you'),
      );
    await expect.poll(async () => (await asking()).length).toBe(1);
    const [asked] = await asking();
    expect(asked!.subject).toBe('A mail to your trip “Editing test trip” is waiting for you');
    expect(asked!.text).toContain(`/single_ride_with_map/${rideId}`);
    expect(asked!.text).not.toContain('LY 315');
    // A member lets the held mail in: its bookings are then shown for review.
    const held = after.waiting[1]!;
    expect(
      outcome(
        await send(t, 'POST', path(rideId, `/waiting/${held.documentId}/accept`), w.people.viewer.headers),
      ),
    ).toBe('403 role_does_not_allow');
    expect(
      outcome(
        await send(t, 'POST', path(rideId, `/waiting/${held.documentId}/accept`), w.people.editor.headers),
      ),
    ).toBe('✓');
    const let_in = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.owner.headers)).json(),
    );
    expect(let_in.waiting.map((m) => [m.held, m.reservations.length > 0])).toEqual([
      [false, true],
      [false, true],
    ]);
    // Confirming a waiting mail's reservations attaches it: it no longer waits.
    const stay = let_in.waiting[0]!.reservations;
    expect((await confirm(rideId, stay, { extendTrip: true })).statusCode).toBe(200);
    const waiting = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.owner.headers)).json(),
    ).waiting;
    expect(waiting).toHaveLength(1);
    expect(
      outcome(
        await send(t, 'DELETE', path(rideId, `/waiting/${waiting[0]!.documentId}`), w.people.owner.headers),
      ),
    ).toBe('✓');

    const reset = await send(t, 'POST', path(rideId, '/address'), w.people.owner.headers);
    const fresh = (reset.json() as { address: string }).address;
    expect(fresh).not.toBe(list.address);
    await expect(mailTo(list.address!, w.people.owner.email, 'mail-he-booking.eml')).rejects.toThrow(/550/);
    await expect(mailTo(`nobody@in.rides.test`, w.people.owner.email, 'mail-he-booking.eml')).rejects.toThrow(
      /550/,
    );
    await mailTo(fresh, w.people.owner.email, 'mail-he-booking.eml');
    const last = bookingsListResponse.parse(
      (await send(t, 'GET', path(rideId), w.people.owner.headers)).json(),
    );
    expect(last.waiting.map((m) => m.held)).toEqual([false]);
  });
});

describe('the stays rules hold for an imported stay', () => {
  it('a stay already booked on the same nights gets the number (nothing twice); another overlap is a double booking', async () => {
    const rideId = await newTrip();
    await t.db.db.insert(accommodations).values({
      rideId,
      name: 'Hotel Schweizerhof (typed by hand)',
      text: '',
      lat: 47.3779,
      lng: 8.5403,
      checkInDate: '2027-03-10',
      checkOutDate: '2027-03-13',
      status: 'booked',
    });
    const got = await preview(
      rideId,
      confirmationPage({ flightDay: '2027-03-10', checkIn: '2027-03-10', checkOut: '2027-03-13' }),
    );
    expect((await confirm(rideId, got.reservations)).statusCode).toBe(200);
    expect(await stays(rideId)).toEqual([
      expect.objectContaining({ name: 'Hotel Schweizerhof (typed by hand)', confirmation: '3321447120' }),
    ]);
    const other = await newTrip();
    await t.db.db.insert(accommodations).values({
      rideId: other,
      name: 'Elsewhere',
      text: '',
      lat: 47,
      lng: 8,
      checkInDate: '2027-03-11',
      checkOutDate: '2027-03-12',
      status: 'booked',
    });
    const clash = await confirm(
      other,
      (
        await preview(
          other,
          confirmationPage({ flightDay: '2027-03-10', checkIn: '2027-03-10', checkOut: '2027-03-13' }),
        )
      ).reservations,
    );
    expect(outcome(clash)).toBe('409 you_Are_having_double_booking');
    expect(
      await t.db.db
        .select()
        .from(accommodations)
        .where(and(eq(accommodations.rideId, other), eq(accommodations.name, 'Hotel Schweizerhof'))),
    ).toEqual([]);
  });
});

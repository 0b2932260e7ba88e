import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedResponse } from '@rides/contract';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import {
  accommodations,
  attractions,
  rideAttractions,
  rideAuthorizedUsers,
  rideCalendarVersions,
  rides,
} from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { bearer, createTripsTestApp, demoBearer, get, strangerBearer, userIdOf } from './trips-fixtures.js';

const GPX_XSD = readFileSync(new URL('../fixtures/gpx-1.1.xsd', import.meta.url), 'utf8');

/** The events of an ICS answer, parsed by ical.js (a standard RFC 5545 parser). */
function parseIcs(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  // The file's own VTIMEZONEs are what a calendar app converts with: registered, they give the instants checked below.
  for (const z of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(z));
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return {
    cal,
    events,
    zones: cal.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
  };
}

describe('trip exports: ride_export_api (ics, gpx, kml) and the calendar feed', () => {
  let t: TestApp;
  let plannerId: number;
  let travellerId: number;

  beforeAll(async () => {
    t = await createTripsTestApp();
    plannerId = await userIdOf(t, DEMO_ACCOUNTS.planner.email);
    travellerId = await userIdOf(t, DEMO_ACCOUNTS.traveller.email);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /**
   * A trip in Jerusalem by the planner: day 1 a timed activity with coordinates and a Hebrew name, a timed one without
   * coordinates and an untimed one; a two-night stay.
   */
  async function makeTrip(
    type: 'public' | 'private',
    startDate = '2027-05-10',
    endDate = '2027-05-12',
    title = 'טיול & "Trip" <1>',
  ) {
    const db = t.db.db;
    const [ride] = await db
      .insert(rides)
      .values({
        authorId: plannerId,
        title,
        startDate,
        endDate,
        type,
        rideManagerId: type === 'private' ? plannerId : null,
      })
      .returning({ id: rides.id });
    const rideId = (ride as { id: number }).id;
    const place = async (title: string, lat: number, lng: number, address: string | null) =>
      (
        await db
          .insert(attractions)
          .values({ authorId: plannerId, title, text: '<p>Walls &amp; <b>gates</b></p>', lat, lng, address })
          .returning({ id: attractions.id })
      )[0]!.id;
    const wall = await place('הכותל המערבי', 31.7767, 35.2345, 'Old City, Jerusalem');
    const nowhere = await place('Meeting point', 0, 0, 'Jaffa Gate');
    const museum = await place('Israel Museum', 31.7725, 35.2042, null);
    await db.insert(rideAttractions).values([
      { rideId, attractionId: wall, plannedDate: startDate, timeOfDay: '09:30:00', position: 0 },
      { rideId, attractionId: nowhere, plannedDate: startDate, timeOfDay: '13:00:00', position: 1 },
      { rideId, attractionId: museum, plannedDate: startDate, timeOfDay: null, position: 2 },
    ]);
    await db.insert(accommodations).values({
      rideId,
      name: 'מלון המושבה',
      countryAndCity: 'Israel, Jerusalem',
      lat: 31.765,
      lng: 35.219,
      checkInDate: startDate,
      checkOutDate: endDate,
      status: 'booked',
    });
    return { rideId, wall, nowhere, museum };
  }

  describe('a public trip', () => {
    let ride: Awaited<ReturnType<typeof makeTrip>>;
    beforeAll(async () => {
      ride = await makeTrip('public');
    });

    it("ICS: anyone gets a calendar a standard parser reads, in the destination's zone with its VTIMEZONE", async () => {
      const res = await get(t, `/api/ride_export_api/${ride.rideId}/ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('טיול Trip 1.ics')}`,
      );
      expect(res.body).toContain('\r\n');
      const { events, zones } = parseIcs(res.body);
      expect(zones).toEqual(['Asia/Jerusalem']);
      const wall = events.find((e) => e.summary === 'הכותל המערבי');
      expect(wall?.startDate.zone?.tzid).toBe('Asia/Jerusalem');
      // 09:30 in Jerusalem on 10 May 2027 (summer time, UTC+3) is 06:30 UTC.
      expect(wall?.startDate.toJSDate().toISOString()).toBe('2027-05-10T06:30:00.000Z');
      expect(wall?.location).toBe('Old City, Jerusalem');
      expect(wall?.description).toBe('Walls & gates');
      expect(wall?.component.getFirstPropertyValue('geo')).toEqual([31.7767, 35.2345]);
      expect(wall?.uid).toBe(`ride-${ride.rideId}-attraction-${ride.wall}@rides.test`);
    });

    it("ICS: an activity without coordinates is listed (the day's zone, no GEO); one without a time is not an event", async () => {
      const { events } = parseIcs((await get(t, `/api/ride_export_api/${ride.rideId}/ics`)).body);
      const meeting = events.find((e) => e.summary === 'Meeting point');
      expect(meeting?.startDate.zone?.tzid).toBe('Asia/Jerusalem');
      expect(meeting?.component.getFirstPropertyValue('geo')).toBeNull();
      expect(events.some((e) => e.summary === 'Israel Museum')).toBe(false);
    });

    it('ICS: the stay is an all-day event ending the morning of check-out (exclusive)', async () => {
      const { events } = parseIcs((await get(t, `/api/ride_export_api/${ride.rideId}/ics`)).body);
      const stay = events.find((e) => e.summary.includes('מלון המושבה'));
      expect(stay?.startDate.isDate).toBe(true);
      expect(stay?.startDate.toString()).toBe('2027-05-10');
      expect(stay?.endDate.toString()).toBe('2027-05-12');
    });

    it('ICS: UIDs are stable across exports; SEQUENCE and LAST-MODIFIED rise after an edit, not before', async () => {
      const first = parseIcs((await get(t, `/api/ride_export_api/${ride.rideId}/ics`)).body).events;
      const again = parseIcs((await get(t, `/api/ride_export_api/${ride.rideId}/ics`)).body).events;
      expect(again.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
      expect(again.map((e) => e.sequence)).toEqual(first.map((e) => e.sequence));
      const before = first.find((e) => e.uid.includes(`attraction-${ride.wall}@`))!;

      // The author moves the visit to 10:00 (as the editing calls do: the row, then the trip's cache dropped).
      await t.db.db
        .update(rideAttractions)
        .set({ timeOfDay: '10:00:00' })
        .where(eq(rideAttractions.attractionId, ride.wall));
      await t.db.db
        .update(rideCalendarVersions)
        .set({ modifiedAt: sql`now() - interval '1 hour'` })
        .where(eq(rideCalendarVersions.rideId, ride.rideId));
      t.app.rides.invalidateTrip(ride.rideId);

      const after = parseIcs((await get(t, `/api/ride_export_api/${ride.rideId}/ics`)).body).events;
      const moved = after.find((e) => e.uid === before.uid)!;
      expect(moved.startDate.toString()).toBe('2027-05-10T10:00:00');
      expect(moved.sequence).toBeGreaterThan(before.sequence);
      const modified = (e: typeof moved) =>
        (e.component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime();
      expect(modified(moved)).toBeGreaterThan(modified(before) - 3_600_000);
      expect(after.map((e) => e.uid).sort()).toEqual(first.map((e) => e.uid).sort());
    });

    it('GPX: valid GPX 1.1 (the XSD), a route per day, named waypoints with Hebrew intact, none for a place without coordinates', async () => {
      const res = await get(t, `/api/ride_export_api/${ride.rideId}/gpx`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
      const check = await validateXML({
        xml: [{ fileName: 'trip.gpx', contents: res.body }],
        schema: [{ fileName: 'gpx.xsd', contents: GPX_XSD }],
      });
      expect(check.errors).toEqual([]);
      expect(check.valid).toBe(true);
      expect(res.body).toContain('<name>הכותל המערבי</name>');
      expect(res.body).toContain('<name>טיול &amp; &quot;Trip&quot; &lt;1&gt;</name>');
      expect(res.body).not.toContain('Meeting point');
      expect(res.body.match(/<rte>/g)).toHaveLength(3);
      // Day 1: the activities in order, then the night's stay.
      const day1 = /<rte>[\s\S]*?<\/rte>/.exec(res.body)?.[0] ?? '';
      expect([...day1.matchAll(/<rtept[^>]*><name>([^<]*)<\/name>/g)].map((m) => m[1])).toEqual([
        'הכותל המערבי',
        'Israel Museum',
        'מלון המושבה',
      ]);
    });

    it("KML: well-formed KML 2.2, a folder per day with placemarks and the day's line", async () => {
      const res = await get(t, `/api/ride_export_api/${ride.rideId}/kml`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
      const wellFormed = await validateXML({
        xml: [{ fileName: 'trip.kml', contents: res.body }],
        schema: [],
      });
      expect(wellFormed.errors).toEqual([]);
      expect(res.body).toContain('xmlns="http://www.opengis.net/kml/2.2"');
      expect(res.body.match(/<Folder>/g)).toHaveLength(3);
      expect(res.body).toContain('<name>יום 1 · 10/05/2027</name>');
      expect(res.body).toContain('<coordinates>35.2345,31.7767</coordinates>');
      expect(res.body).toContain('<LineString>');
      expect(res.body).not.toContain('Meeting point');
    });

    it('the feed address of a public trip is the plain ics address, for anyone', async () => {
      const res = await get(t, `/api/ride_calendar_feed_api/${ride.rideId}`);
      expect(res.statusCode).toBe(200);
      expect(calendarFeedResponse.parse(res.json())).toEqual({
        ServerMassageCode: 'success',
        feedUrl: `https://rides.test/api/ride_export_api/${ride.rideId}/ics`,
        webcalUrl: `webcal://rides.test/api/ride_export_api/${ride.rideId}/ics`,
        hasToken: false,
      });
    });
  });

  describe("a stay's booking confirmation number (issue 30, decision 0047)", () => {
    const NUMBER = 'BK-2027-77';
    /** The trip's stay as an ICS event, from the answer to this reader. */
    const stayEvent = async (rideId: number, headers: Record<string, string> = {}, path = '') => {
      const res = await get(t, path || `/api/ride_export_api/${rideId}/ics`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return parseIcs(res.body).events.find((e) => e.summary.includes('מלון המושבה'))!;
    };
    async function bookedTrip(type: 'public' | 'private') {
      const made = await makeTrip(type, '2027-06-10', '2027-06-12');
      await t.db.db
        .update(accommodations)
        .set({ bookingConfirmation: NUMBER })
        .where(eq(accommodations.rideId, made.rideId));
      return made.rideId;
    }

    it("is in the stay's event for the trip's author, not for a visitor; the sequence does not move between them", async () => {
      const rideId = await bookedTrip('public');
      const mine = await stayEvent(rideId, await bearer(t, plannerId));
      expect(mine.description).toContain(NUMBER);
      expect(mine.description).toContain(`אישור הזמנה: ${NUMBER}`);
      for (const headers of [{}, await strangerBearer(t), await demoBearer(t, 'traveller')]) {
        const theirs = await stayEvent(rideId, headers);
        expect(theirs.description ?? '').not.toContain(NUMBER);
        // The number is left out of the content hash: two readers do not raise the sequence in turn.
        expect(theirs.sequence).toBe(mine.sequence);
      }
      expect((await stayEvent(rideId, await bearer(t, plannerId))).sequence).toBe(mine.sequence);
    });

    it("the author's feed of a public trip has its own address, read without a session, with the number", async () => {
      const rideId = await bookedTrip('public');
      const feed = calendarFeedResponse.parse(
        (await get(t, `/api/ride_calendar_feed_api/${rideId}`, await bearer(t, plannerId))).json(),
      );
      expect(feed.hasToken).toBe(true);
      expect((await stayEvent(rideId, {}, feed.feedUrl.replace('https://rides.test', ''))).description).toContain(NUMBER);
      // Anyone else subscribes to the plain address, which carries no number.
      const other = calendarFeedResponse.parse(
        (await get(t, `/api/ride_calendar_feed_api/${rideId}`, await strangerBearer(t))).json(),
      );
      expect(other.hasToken).toBe(false);
      expect((await stayEvent(rideId, {}, other.feedUrl.replace('https://rides.test', ''))).description ?? '').not.toContain(NUMBER);
    });

    it("a private trip's authorised client reads it in the file and in the feed", async () => {
      const rideId = await bookedTrip('private');
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: travellerId });
      const traveller = await demoBearer(t, 'traveller');
      expect((await stayEvent(rideId, traveller)).description).toContain(NUMBER);
      const feed = calendarFeedResponse.parse((await get(t, `/api/ride_calendar_feed_api/${rideId}`, traveller)).json());
      expect((await stayEvent(rideId, {}, feed.feedUrl.replace('https://rides.test', ''))).description).toContain(NUMBER);
    });
  });

  describe('a private trip', () => {
    let rideId: number;
    beforeAll(async () => {
      ({ rideId } = await makeTrip('private'));
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: travellerId });
    });

    it.each(['ics', 'gpx', 'kml'])(
      '%s: its viewers get it; anonymous and a stranger get the private code; nothing recorded',
      async (format) => {
        expect(
          (await get(t, `/api/ride_export_api/${rideId}/${format}`, await demoBearer(t, 'traveller')))
            .statusCode,
        ).toBe(200);
        expect(
          (await get(t, `/api/ride_export_api/${rideId}/${format}`, await bearer(t, plannerId))).statusCode,
        ).toBe(200);
        await t.db.db.delete(rideCalendarVersions).where(eq(rideCalendarVersions.rideId, rideId));
        for (const headers of [{}, await strangerBearer(t)]) {
          const res = await get(t, `/api/ride_export_api/${rideId}/${format}`, headers);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({
            ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
          });
          expect(res.body).not.toContain('הכותל');
        }
        expect(
          await t.db.db.select().from(rideCalendarVersions).where(eq(rideCalendarVersions.rideId, rideId)),
        ).toEqual([]);
      },
    );

    it('the feed: a viewer gets a secret address that works without the Authorization header; reset ends the old one', async () => {
      const traveller = await demoBearer(t, 'traveller');
      const feed = calendarFeedResponse.parse(
        (await get(t, `/api/ride_calendar_feed_api/${rideId}`, traveller)).json(),
      );
      expect(feed.hasToken).toBe(true);
      expect(feed.webcalUrl.startsWith('webcal://rides.test/')).toBe(true);
      // The same address on the next read.
      expect(
        calendarFeedResponse.parse((await get(t, `/api/ride_calendar_feed_api/${rideId}`, traveller)).json())
          .feedUrl,
      ).toBe(feed.feedUrl);
      const path = feed.feedUrl.replace('https://rides.test', '');
      const read = await get(t, path);
      expect(read.statusCode).toBe(200);
      expect(parseIcs(read.body).events.some((e) => e.summary === 'הכותל המערבי')).toBe(true);

      const reset = await t.app.inject({
        method: 'POST',
        url: `/api/reset_ride_calendar_feed_api/${rideId}`,
        headers: traveller,
      });
      expect(reset.statusCode).toBe(200);
      const fresh = calendarFeedResponse.parse(reset.json());
      expect(fresh.feedUrl).not.toBe(feed.feedUrl);
      const old = await get(t, path);
      expect(old.statusCode).toBe(403);
      expect(old.json()).toMatchObject({
        ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
      });
      expect((await get(t, fresh.feedUrl.replace('https://rides.test', ''))).statusCode).toBe(200);
    });

    it('the feed token stops working when its viewer loses access', async () => {
      const [guest] = await t.db.db
        .select({ id: rideAuthorizedUsers.userId })
        .from(rideAuthorizedUsers)
        .where(eq(rideAuthorizedUsers.rideId, rideId));
      expect(guest?.id).toBe(travellerId);
      const feed = calendarFeedResponse.parse(
        (await get(t, `/api/ride_calendar_feed_api/${rideId}`, await demoBearer(t, 'traveller'))).json(),
      );
      await t.db.db.delete(rideAuthorizedUsers).where(eq(rideAuthorizedUsers.rideId, rideId));
      t.app.rides.invalidateTrip(rideId);
      expect((await get(t, feed.feedUrl.replace('https://rides.test', ''))).statusCode).toBe(403);
      await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: travellerId });
      t.app.rides.invalidateTrip(rideId);
    });

    it('the feed address is refused to anyone who may not view the trip', async () => {
      for (const headers of [{}, await strangerBearer(t)]) {
        const res = await get(t, `/api/ride_calendar_feed_api/${rideId}`, headers);
        expect(res.statusCode).toBe(403);
        const reset = await t.app.inject({
          method: 'POST',
          url: `/api/reset_ride_calendar_feed_api/${rideId}`,
          headers,
        });
        expect(reset.statusCode).toBe(403);
      }
    });
  });

  it("ICS: a stop the coarse zone map puts across a border keeps the trip's zone; one in another offset keeps its own", async () => {
    const { rideId } = await makeTrip('public', '2027-05-10', '2027-05-12', 'North and Rome');
    const db = t.db.db;
    const add = async (title: string, lat: number, lng: number, plannedDate: string) => {
      const [a] = await db
        .insert(attractions)
        .values({ authorId: plannerId, title, text: '', lat, lng })
        .returning({ id: attractions.id });
      await db
        .insert(rideAttractions)
        .values({ rideId, attractionId: a!.id, plannedDate, timeOfDay: '11:00:00', position: 5 });
    };
    // Rosh HaNikra: tz-lookup answers Asia/Beirut (same offset as Jerusalem in May); Rome is an hour behind.
    await add('Rosh HaNikra', 33.0907, 35.1044, '2027-05-11');
    await add('Colosseum', 41.8902, 12.4922, '2027-05-12');
    const { events, zones } = parseIcs((await get(t, `/api/ride_export_api/${rideId}/ics`)).body);
    expect(zones).toEqual(['Asia/Jerusalem', 'Europe/Rome']);
    const grotto = events.find((e) => e.summary === 'Rosh HaNikra')!;
    expect(grotto.startDate.zone?.tzid).toBe('Asia/Jerusalem');
    expect(grotto.startDate.toJSDate().toISOString()).toBe('2027-05-11T08:00:00.000Z');
    const colosseum = events.find((e) => e.summary === 'Colosseum')!;
    expect(colosseum.startDate.zone?.tzid).toBe('Europe/Rome');
    expect(colosseum.startDate.toJSDate().toISOString()).toBe('2027-05-12T09:00:00.000Z');
  });

  it('dates hidden from the viewer (a private trip that ended): the calendar holds no events', async () => {
    const { rideId } = await makeTrip('private', '2020-05-01', '2020-05-03');
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId, userId: travellerId });
    const res = await get(t, `/api/ride_export_api/${rideId}/ics`, await demoBearer(t, 'traveller'));
    expect(res.statusCode).toBe(200);
    expect(parseIcs(res.body).events).toEqual([]);
    expect(res.body).not.toMatch(/2020/);
  });

  it.each([
    ['/api/ride_export_api/abc/ics', 400, 'bad_request'],
    ['/api/ride_export_api/0/ics', 400, 'bad_request'],
    ['/api/ride_export_api/1/pdf', 400, 'bad_request'],
    ['/api/ride_export_api/1/ics?token=short', 400, 'bad_request'],
    ['/api/ride_export_api/999999/gpx', 404, 'not_found'],
    ['/api/ride_calendar_feed_api/999999', 404, 'not_found'],
    ['/api/ride_calendar_feed_api/x1', 400, 'bad_request'],
  ])('%s answers %i %s', async (url, status, code) => {
    const res = await get(t, url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ ServerMassageCode: code });
  });

  it("a 60-day trip of 15 activities a day with long texts exports in every format, KML within My Maps' limits", async () => {
    const db = t.db.db;
    const [ride] = await db
      .insert(rides)
      .values({
        authorId: plannerId,
        title: 'Long trip',
        startDate: '2026-03-01',
        endDate: '2026-04-29',
        type: 'public',
      })
      .returning({ id: rides.id });
    const rideId = ride!.id;
    const long = `<p>${'טקסט ארוך עם English words, ₪ 120 ו-€ 30. '.repeat(50)}</p>`;
    const ids = await db
      .insert(attractions)
      .values(
        Array.from({ length: 900 }, (_, i) => ({
          authorId: plannerId,
          title: `מקום ${i}`,
          text: long,
          lat: 41 + (i % 50) / 100,
          lng: 2 + i / 1000,
          address: `Street ${i}`,
        })),
      )
      .returning({ id: attractions.id });
    await db.insert(rideAttractions).values(
      ids.map(({ id }, i) => ({
        rideId,
        attractionId: id,
        plannedDate: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 15))).toISOString().slice(0, 10),
        timeOfDay: `${String(8 + (i % 15)).padStart(2, '0')}:00:00`,
        position: i % 15,
      })),
    );
    const ics = await get(t, `/api/ride_export_api/${rideId}/ics`);
    expect(ics.statusCode).toBe(200);
    const { events, zones } = parseIcs(ics.body);
    expect(events).toHaveLength(900);
    expect(zones).toEqual(['Europe/Madrid']);
    // The trip crosses the end of winter time (29 March 2026): 08:00 is UTC+1 before, UTC+2 after.
    const utc = (day: number) => events[(day - 1) * 15]!.startDate.toJSDate().toISOString();
    expect(utc(1)).toBe('2026-03-01T07:00:00.000Z');
    expect(utc(40)).toBe('2026-04-09T06:00:00.000Z');
    expect(ics.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const gpx = await get(t, `/api/ride_export_api/${rideId}/gpx`);
    const check = await validateXML({
      xml: [{ fileName: 'trip.gpx', contents: gpx.body }],
      schema: [{ fileName: 'gpx.xsd', contents: GPX_XSD }],
      maxMemoryPages: 4096,
    });
    expect(check.valid).toBe(true);
    expect(gpx.body.match(/<rte>/g)).toHaveLength(60);

    const kml = await get(t, `/api/ride_export_api/${rideId}/kml`);
    expect(kml.statusCode).toBe(200);
    expect(kml.body.match(/<Placemark>/g)!.length).toBeLessThanOrEqual(2000);
    expect(kml.body.match(/<Folder>/g)).toHaveLength(60);
    expect(Buffer.byteLength(kml.body)).toBeLessThan(5 * 1024 * 1024);
  });
});

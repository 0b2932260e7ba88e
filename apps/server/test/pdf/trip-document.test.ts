import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationWire, TripDay, TripWire } from '@rides/contract';
import { loadConfig } from '../../src/config.js';
import { basemapWithin } from '../../src/modules/pdf/document/basemap.js';
import {
  intersects,
  pinBox,
  placeScale,
  project,
  type MapTown,
} from '../../src/modules/pdf/document/day-map.js';
import { dayMapArea } from '../../src/modules/pdf/document/map-area.js';
import { renderTripDocument } from '../../src/modules/pdf/document/trip-document.js';
import { createLocalPlaces, type LocalPlaces } from '../../src/providers/places/local/local-source.js';
import { noOwnPlaces, silentLog } from '../places/gazetteer-answers.js';

/**
 * Issue 30 point 8, the PDF read back (pdftotext, pdfinfo, pdftoppm): a stay's confirmation number, a free day as a
 * line and no page of its own, the scale placed where no pin is, and day maps that show where they are (land, sea,
 * borders from Natural Earth; towns from the gazetteer).
 */

const pdfText = (bytes: Buffer, page?: number) =>
  execFileSync(
    'pdftotext',
    ['-enc', 'UTF-8', ...(page ? ['-f', String(page), '-l', String(page)] : []), '-', '-'],
    {
      input: bytes,
    },
  )
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
/** Words and numbers in order (poppler may put a right-to-left line's punctuation elsewhere: bidi-lines.test.ts). */
const words = (s: string) =>
  (s.match(/[\u05d0-\u05ea]+|(?:(?![\u05d0-\u05ea])\p{L})+|\p{N}+/gu) ?? []).join(' ');
const pageCount = (bytes: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: bytes }).toString('utf8'))?.[1]);

const ride = (language: 'hebrew' | 'english', days: number) =>
  ({
    id: 9,
    authorId: 1,
    title: language === 'hebrew' ? 'תל אביב ואילת' : 'Tel Aviv and Eilat',
    text: '',
    start_date: '01-05-2027',
    end_date: `0${days}-05-2027`,
    dates_hidden: false,
    duration: days,
    language,
    number_of_adult: 2,
    number_of_teen: 0,
    number_of_child: 0,
    physical_disabilities: false,
    rideExtraInformation: [],
    rideExtraInformationByDay: [],
  }) as unknown as TripWire;

const stay = (confirmation: string | null) =>
  ({
    id: 5,
    name: 'Hotel Yam',
    cuntry_and_city: 'Tel Aviv',
    address: 'Herbert Samuel 10',
    booking_confirmation: confirmation,
    check_in_date: '01-05-2027',
    check_out_date: '03-05-2027',
  }) as unknown as AccommodationWire;

const activity = (id: number, title: string, lat: number, lng: number) => ({
  id,
  title,
  address: null,
  text: '',
  link: null,
  rate: null,
  lat,
  lng,
  dateTime: '09:30:00 AM',
});

/** Tel Aviv's coast: Jaffa, the Carmel market, the old port. */
const TEL_AVIV = [
  activity(1, 'Jaffa Port', 32.0543, 34.7503),
  activity(2, 'Carmel Market', 32.0686, 34.7685),
  activity(3, 'Tel Aviv Port', 32.0972, 34.7738),
];

const day = (date: string, attractions: ReturnType<typeof activity>[], booked: AccommodationWire | null) =>
  ({
    dateTime: `${date}/05/2027 00:00`,
    accommodation: booked,
    base_trip_accommodation: null,
    daily_attractions: attractions,
  }) as unknown as TripDay;

const render = (language: 'hebrew' | 'english', days: TripDay[], towns?: MapTown[][]) =>
  renderTripDocument({
    ride: ride(language, days.length),
    days,
    author: null,
    liveUrl: 'https://rides.test/single_ride_with_map/9',
    paper: 'A4',
    towns,
  });

describe('the trip PDF: bookings and free days', () => {
  for (const [language, free, confirmation] of [
    ['english', 'A free day: no activities planned', 'Booking confirmation: ABC-12345'],
    ['hebrew', 'יום חופשי: אין פעילויות מתוכננות', 'אישור הזמנה'],
  ] as const) {
    it(`a free day is a line, not a page of its own; the stay's confirmation number is printed (${language})`, async () => {
      const booked = stay('ABC-12345');
      const bytes = await render(language, [
        day('01', TEL_AVIV, booked),
        day('02', [], booked),
        day(
          '03',
          TEL_AVIV.map((a) => ({ ...a, id: a.id + 10 })),
          null,
        ),
      ]);
      const text = words(pdfText(bytes));
      expect(text).toContain(words(free));
      expect(text).toContain(words(confirmation));
      expect(pdfText(bytes)).toContain('ABC-12345');
      // The cover, day 1 with day 2's block under it, day 3: no page for the free day.
      expect(pageCount(bytes)).toBe(3);
      expect(words(pdfText(bytes, 2))).toContain(words(free));
      // Every page holds more than its page number.
      for (let p = 1; p <= 3; p++)
        expect(
          pdfText(bytes, p)
            .trim()
            .split('\n')
            .filter((l) => l.trim()).length,
        ).toBeGreaterThan(2);
    });
  }

  it('a trip of free days only is its cover and the days under it, not a page each', async () => {
    const bytes = await render('english', [
      day('01', [], null),
      day('02', [], null),
      day('03', [], null),
      day('04', [], null),
    ]);
    expect(pageCount(bytes)).toBe(1);
    expect(pdfText(bytes).match(/A free day/g)).toHaveLength(4);
  });

  it('a stay without a number prints no confirmation line', async () => {
    const text = pdfText(await render('english', [day('01', TEL_AVIV, stay(null))]));
    expect(text).not.toContain('Booking confirmation');
  });
});

describe('the day map: the scale never covers a pin', () => {
  const W = 511;
  const H = 190;
  const SIZE = { w: 60, h: 18 };

  it('leaves the bottom-start corner when a pin is there, for the next free corner', () => {
    const pins: [number, number][] = [
      [20, 175],
      [40, 170],
      [300, 60],
    ];
    const placed = placeScale(pins, W, H, SIZE);
    expect(placed.outside).toBe(false);
    for (const p of pins) expect(intersects(pinBox(p), placed)).toBe(false);
    expect(placed.x).toBeGreaterThan(W / 2); // bottom-end
  });

  it('goes under the map when every corner has a pin', () => {
    const pins: [number, number][] = [
      [15, 180],
      [W - 15, 180],
      [15, 12],
      [W - 15, 12],
    ];
    const placed = placeScale(pins, W, H, SIZE);
    expect(placed.outside).toBe(true);
    expect(placed.y).toBeGreaterThanOrEqual(H);
    for (const p of pins) expect(intersects(pinBox(p), placed)).toBe(false);
  });

  it("no pin of 300 generated days' projected stops is under the scale", () => {
    // A small deterministic generator: stops scattered, clustered in corners, in lines.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let n = 0; n < 300; n++) {
      const count = 1 + Math.floor(random() * 12);
      const spread = 0.001 + random() * 0.5;
      const stops = Array.from({ length: count }, () => ({
        lat: 32 + random() * spread,
        lng: 34.8 + random() * spread * 3,
      }));
      const { points } = project(stops, W, H, 22);
      const placed = placeScale(points, W, H, SIZE);
      for (const p of points) expect(intersects(pinBox(p), placed)).toBe(false);
    }
  });
});

describe('the day map shows where it is', () => {
  let local: LocalPlaces;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() });
    local = createLocalPlaces({ cacheDir: config.places.cacheDir, own: noOwnPlaces, log: silentLog });
    await local.ready();
  }, 180_000);

  it('Natural Earth: land at Tel Aviv, open sea off it, the Israel–Jordan border at Eilat', () => {
    expect(basemapWithin({ west: 34.6, south: 31.95, east: 34.9, north: 32.15 }).land.length).toBeGreaterThan(
      0,
    );
    expect(basemapWithin({ west: 33.0, south: 32.5, east: 33.3, north: 32.7 })).toEqual({
      land: [],
      lakes: [],
      borders: [],
    });
    expect(
      basemapWithin({ west: 34.8, south: 29.4, east: 35.1, north: 29.7 }).borders.length,
    ).toBeGreaterThan(0);
  });

  it('Natural Earth: the Sea of Galilee and the Dead Sea are lakes on the land, Tel Aviv has none', () => {
    const galilee = basemapWithin({ west: 35.45, south: 32.65, east: 35.75, north: 32.95 });
    expect(galilee.land.length).toBeGreaterThan(0);
    expect(galilee.lakes.length).toBeGreaterThan(0);
    expect(basemapWithin({ west: 35.3, south: 31.0, east: 35.6, north: 31.8 }).lakes.length).toBeGreaterThan(0);
    expect(basemapWithin({ west: 34.6, south: 31.95, east: 34.9, north: 32.15 }).lakes).toEqual([]);
  });

  it("the gazetteer's towns around a day's stops, most important first", async () => {
    const area = dayMapArea(TEL_AVIV)!;
    const towns = await local.townsWithin(area, 16, 'english');
    expect(towns.length).toBeGreaterThan(3);
    for (const t of towns) {
      expect(t.lat).toBeGreaterThanOrEqual(area.south);
      expect(t.lng).toBeLessThanOrEqual(area.east);
    }
    expect(towns.map((t) => t.name)).toContain('Tel Aviv');
    expect((await local.townsWithin(area, 16, 'hebrew')).map((t) => t.name)).toContain('תל אביב');
  });

  for (const language of ['english', 'hebrew'] as const) {
    it(`a coastal day (Tel Aviv) is drawn with sea, land and a nearby town's name (${language})`, async () => {
      const towns = await local.townsWithin(dayMapArea(TEL_AVIV)!, 16, language);
      const bytes = await render(language, [day('01', TEL_AVIV, null)], [towns]);
      const text = pdfText(bytes, 2);
      expect(towns.some((t) => text.includes(t.name))).toBe(true);
      // The map's page as pixels: the sea's blue and the land's sand are both there (not a bare grid).
      const png = execFileSync('pdftoppm', ['-f', '2', '-l', '2', '-r', '40', '-png', '-'], { input: bytes });
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const count = (r: number, g: number, b: number) => {
        let n = 0;
        for (let i = 0; i < data.length; i += info.channels) {
          if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 12) n++;
        }
        return n;
      };
      expect(count(0xdc, 0xeb, 0xf5)).toBeGreaterThan(200); // sea
      expect(count(0xf4, 0xf2, 0xec)).toBeGreaterThan(200); // land
    });
  }
});

import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TripChecksResponse, TripLegsResponse } from '@rides/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshPlaceKeys } from '../../src/db/place-keys.js';
import { refreshTripCells } from '../../src/db/trip-cells.js';
import {
  accommodations,
  attractions,
  bookingDocuments,
  tripBookings,
  tripExpenses,
  tripParticipants,
  rideAttractions,
  rideAuthorizedUsers,
  rideCells,
  rideExtraInformation,
  rides,
  tripComments,
  tripInvites,
  tripListItems,
  tripLists,
  users,
} from '../../src/db/schema/index.js';
import { signSessionToken } from '../../src/lib/tokens.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { injectBounded } from '../helpers/inject-bounded.js';
import { newUser } from './trip-editing-fixtures.js';

/**
 * Issue 15 point 1, decision 0023: a private trip's content reaches no one the view policy refuses, through any call.
 *
 * A private trip is seeded with a marker in every text it holds (title, text, attractions' titles, texts, addresses,
 * links, place ids and photos, its stay, its day note and trip section, its cover and album) and with coordinates found
 * nowhere else, 1 km from a public trip, so every search around there would find it. Then EVERY call of the contract,
 * as the OpenAPI document lists it (a new call is walked without a change here), is made as a visitor, as another user
 * and as another manager, with its parameters taken from the private trip (its id, its attraction, stay and note ids,
 * its coordinates, its days, its place ids; a trip id also the public neighbour's and the caller's own trip). Twice: a
 * write of the first pass that copied something into the caller's own trip is read back by the second. No answer may
 * hold a marker or the coordinates. The same is checked of the pages' HTML. Both ways: the trip's author, planner and
 * authorised user do get its attractions from the calls that leaked them.
 */

const MARK = 'Zq7PRIV';
/** The private trip's coordinates (and its stay's): no other row is within 1e-4° of them. */
const AT = { lat: 31.77123, lng: 35.12137 };
const STAY_AT = { lat: 31.77341, lng: 35.12419 };
/** Their digits as any answer would print them (rounded to 3, 4 or 5 decimals, or in full). */
const COORDINATE_TEXTS = ['31.771', '35.121', '31.773', '35.124'];

let t: TestApp;
let webDist: string;
type Person = { id: number; headers: Record<string, string> };
let author: Person;
let planner: Person;
let granted: Person;
let stranger: Person;
let otherManager: Person;
const ids = {
  privateRide: 0,
  publicRide: 0,
  ownRides: new Map<number, number>(),
  /** Attractions only the private trip places. */
  privateAttractions: [] as number[],
  /** Placed in the private trip and in the public one: public. */
  shared: 0,
  /** The author's, placed in no trip. */
  unplaced: 0,
  stay: 0,
  extra: [] as number[],
  list: 0,
  item: 0,
  comment: 0,
  invite: 0,
  /** Its booking's document and a held mail (issue 34). */
  documents: [] as number[],
  /** Its expense (issue 35). */
  expense: 0,
};
/** The token of the private trip's invitation (revoked: whoever walks it is told so, and joins nothing). */
const INVITE_TOKEN = 'zq7privateInviteToken_0123456789abcdefghijkl';
const START = '2031-06-01';
const DAYS = ['2031-06-01', '2031-06-02', '2031-06-03'];

/** A built web app in miniature (the pages' HTML carries a trip's data: static-spa.ts). */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rides-web-private-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

async function insertAttraction(
  authorId: number,
  title: string,
  at: { lat: number; lng: number },
  extra: Partial<typeof attractions.$inferInsert> = {},
) {
  const [row] = await t.db.db
    .insert(attractions)
    .values({ authorId, title, lat: at.lat, lng: at.lng, ...extra })
    .returning({ id: attractions.id });
  return (row as { id: number }).id;
}

async function insertTrip(authorId: number, values: Partial<typeof rides.$inferInsert>) {
  const [row] = await t.db.db
    .insert(rides)
    .values({
      authorId,
      title: 'A trip',
      startDate: START,
      endDate: DAYS[DAYS.length - 1] as string,
      ...values,
    })
    .returning({ id: rides.id });
  return (row as { id: number }).id;
}

beforeAll(async () => {
  webDist = fakeWebDist();
  t = await createTestApp({ WEB_DIST: webDist, WEB_SSR_DIST: join(webDist, 'no-ssr-here') });
  const db = t.db.db;
  author = await newUser(t);
  planner = await newUser(t, 'manager');
  granted = await newUser(t);
  stranger = await newUser(t);
  otherManager = await newUser(t, 'manager');
  const publicAuthor = await newUser(t);

  ids.privateRide = await insertTrip(author.id, {
    title: `${MARK} trip title`,
    text: `<p>${MARK} trip text</p>`,
    type: 'private',
    rideManagerId: planner.id,
    topPageImageUrl: `https://img.example/${MARK}-cover.jpg`,
    photosAlbumLink: `https://album.example/${MARK}`,
  });
  await db.insert(rideAuthorizedUsers).values({ rideId: ids.privateRide, userId: granted.id });
  for (const [i, day] of DAYS.entries()) {
    const id = await insertAttraction(
      author.id,
      `Hidden ${MARK}garden ${i}`,
      { lat: AT.lat + i * 1e-5, lng: AT.lng + i * 1e-5 },
      {
        text: `<p>${MARK} attraction text ${i}</p>`,
        address: `${MARK} street ${i}`,
        link: `https://site.example/${MARK}/${i}`,
        imageUrl: `https://img.example/${MARK}-${i}.jpg`,
        placeId: `${MARK}-place-${i}`,
        // Closed whenever it is planned (issue 36): the day's warnings name it to the trip's people.
        ...(i === 0 ? { osmOpeningHours: 'off' } : {}),
      },
    );
    ids.privateAttractions.push(id);
    await db
      .insert(rideAttractions)
      .values({ rideId: ids.privateRide, attractionId: id, plannedDate: day, position: 0 });
  }
  const [stay] = await db
    .insert(accommodations)
    .values({
      rideId: ids.privateRide,
      name: `${MARK} hotel`,
      countryAndCity: `${MARK} land, ${MARK} city`,
      address: `${MARK} hotel street`,
      text: `<p>${MARK} stay text</p>`,
      link: `https://hotel.example/${MARK}`,
      imageUrl: `https://img.example/${MARK}-hotel.jpg`,
      lat: STAY_AT.lat,
      lng: STAY_AT.lng,
      checkInDate: DAYS[0] as string,
      checkOutDate: DAYS[2] as string,
      bookingConfirmation: `${MARK}-CONF`,
    })
    .returning({ id: accommodations.id });
  ids.stay = (stay as { id: number }).id;
  const extra = await db
    .insert(rideExtraInformation)
    .values([
      { rideId: ids.privateRide, title: '', text: `<p>${MARK} day note</p>`, date: DAYS[1] as string },
      { rideId: ids.privateRide, title: `${MARK} section`, text: `<p>${MARK} section text</p>`, date: null },
    ])
    .returning({ id: rideExtraInformation.id });
  ids.extra = extra.map((e) => e.id);
  // Its comments and shared lists (issue 33, decision 0066): the trip's people's own, as private as the trip.
  const [list] = await db
    .insert(tripLists)
    .values({ rideId: ids.privateRide, name: `${MARK} list` })
    .returning({ id: tripLists.id });
  ids.list = (list as { id: number }).id;
  const [item] = await db
    .insert(tripListItems)
    .values({ listId: ids.list, clientId: 'private-item-1', text: `${MARK} item` })
    .returning({ id: tripListItems.id });
  ids.item = (item as { id: number }).id;
  const [comment] = await db
    .insert(tripComments)
    .values({
      rideId: ids.privateRide,
      userId: author.id,
      targetType: 'day',
      targetId: DAYS[0] as string,
      text: `${MARK} comment`,
    })
    .returning({ id: tripComments.id });
  ids.comment = (comment as { id: number }).id;
  // Its invitation (issue 33, decision 0063), revoked: its page and its accept tell nothing of the trip either way.
  const [invite] = await db
    .insert(tripInvites)
    .values({
      rideId: ids.privateRide,
      tokenHash: createHash('sha256').update(INVITE_TOKEN).digest('hex'),
      email: 'invited@example.com',
      role: 'editor',
      invitedBy: author.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      revokedAt: new Date(),
    })
    .returning({ id: tripInvites.id });
  ids.invite = (invite as { id: number }).id;
  // Its bookings (issue 34, decision 0068): a confirmed one with its document, and a forwarded mail held for review.
  const [document] = await db
    .insert(bookingDocuments)
    .values({
      rideId: ids.privateRide,
      state: 'attached',
      fileName: `${MARK}-ticket.pdf`,
      contentType: 'application/pdf',
      bytes: Buffer.from(`%PDF-1.4 ${MARK} ticket`),
      uploadedBy: author.id,
    })
    .returning({ id: bookingDocuments.id });
  ids.documents.push((document as { id: number }).id);
  const [held] = await db
    .insert(bookingDocuments)
    .values({
      rideId: ids.privateRide,
      state: 'held',
      fileName: `${MARK}-mail.eml`,
      contentType: 'message/rfc822',
      bytes: Buffer.from(`Subject: ${MARK} mail`),
      fromAddress: `${MARK.toLowerCase()}@example.com`,
      subject: `${MARK} mail`,
    })
    .returning({ id: bookingDocuments.id });
  ids.documents.push((held as { id: number }).id);
  await db.insert(tripBookings).values({
    rideId: ids.privateRide,
    matchKey: `flight|${MARK}|`,
    documentId: ids.documents[0] ?? null,
    reservation: {
      id: 'private-1',
      type: 'flight',
      reservationNumber: MARK,
      travellers: [`${MARK} traveller`],
      start: { date: START, place: { name: `${MARK} airport`, lat: AT.lat, lng: AT.lng } },
      source: { kind: 'schema.org', confidence: 1 },
    },
  });
  // Its stay's booking, with a price: offered as an expense (issue 35) to those who read the money, by the stay's name.
  await db.insert(tripBookings).values({
    rideId: ids.privateRide,
    matchKey: `lodging|${MARK}-stay|`,
    stayId: ids.stay,
    reservation: {
      id: 'private-2',
      type: 'lodging',
      reservationNumber: `${MARK}-stay`,
      name: `${MARK} hotel`,
      travellers: [],
      start: { date: START, place: { name: `${MARK} hotel`, lat: STAY_AT.lat, lng: STAY_AT.lng } },
      end: { date: DAYS[2] as string },
      price: { amountMinor: 98_700, currency: 'EUR' },
      source: { kind: 'schema.org', confidence: 1 },
    },
  });

  // Its money (issue 35, decision 0069): an expense and a traveller without an account.
  const [participant] = await db
    .insert(tripParticipants)
    .values({ rideId: ids.privateRide, name: `${MARK} traveller` })
    .returning({ id: tripParticipants.id });
  const [spent] = await db
    .insert(tripExpenses)
    .values({
      rideId: ids.privateRide,
      clientId: 'private-expense-1',
      amountMinor: 123_456,
      currency: 'ILS',
      day: START,
      category: 'food',
      paidBy: [{ personId: author.id, amountMinor: 123_456 }],
      split: { mode: 'equal', among: [author.id, -(participant as { id: number }).id] },
      note: `${MARK} dinner`,
      homeCurrency: 'ILS',
      rate: '1',
      rateSource: 'same',
      homeAmountMinor: 123_456,
      shares: { [author.id]: 61_728, [-(participant as { id: number }).id]: 61_728 },
      homePaid: { [author.id]: 123_456 },
      homeOwed: { [author.id]: 61_728, [-(participant as { id: number }).id]: 61_728 },
    })
    .returning({ id: tripExpenses.id });
  ids.expense = (spent as { id: number }).id;

  // The public neighbour, 1 km away, with a stay; and one attraction it shares with the private trip.
  ids.publicRide = await insertTrip(publicAuthor.id, {
    title: 'Open trip',
    text: '<p>open</p>',
    isBasedRide: true,
  });
  const open = await insertAttraction(publicAuthor.id, 'Open viewpoint', { lat: 31.78, lng: 35.13 });
  ids.shared = await insertAttraction(
    publicAuthor.id,
    'Shared museum',
    { lat: 31.781, lng: 35.131 },
    { placeId: 'shared-place' },
  );
  await db.insert(rideAttractions).values([
    { rideId: ids.publicRide, attractionId: open, plannedDate: DAYS[0] as string, position: 0 },
    { rideId: ids.publicRide, attractionId: ids.shared, plannedDate: DAYS[1] as string, position: 0 },
    { rideId: ids.privateRide, attractionId: ids.shared, plannedDate: DAYS[2] as string, position: 1 },
  ]);
  await db.insert(accommodations).values({
    rideId: ids.publicRide,
    name: 'Open hotel',
    lat: 31.779,
    lng: 35.129,
    checkInDate: DAYS[0] as string,
    checkOutDate: DAYS[2] as string,
  });
  // The author's attraction in no trip (created, then taken off its day): the author's alone.
  ids.unplaced = await insertAttraction(
    author.id,
    `Draft ${MARK}spot`,
    { lat: AT.lat - 2e-5, lng: AT.lng - 2e-5 },
    { text: `<p>${MARK} draft</p>` },
  );

  // Each walker's own trip (a base trip they may edit), to try copying the private content into.
  for (const p of [stranger, otherManager])
    ids.ownRides.set(p.id, await insertTrip(p.id, { title: 'My own', isBasedRide: true }));
  // Rows written here bypass the edit transaction, which keeps the map summary: summarise them as it would, so the map
  // of trips has the private trip's cells and only the view policy can keep them out of its answer.
  await refreshTripCells(db, [ids.privateRide, ids.publicRide]);
  // And our places' search keys (db/place-keys.ts), so only the view policy keeps the private ones out of autocomplete.
  await refreshPlaceKeys(db, { rideIds: [ids.privateRide, ids.publicRide], attractionIds: [ids.unplaced] });
  const privateCells = await db
    .select({ cell: rideCells.geoCell })
    .from(rideCells)
    .where(eq(rideCells.rideId, ids.privateRide));
  expect(privateCells.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await t?.dispose();
  rmSync(webDist, { recursive: true, force: true });
});

/** An answer's body as text, whatever its encoding. */
function bodyText(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  return res.body;
}

/** What of the private trip an answer holds (empty: nothing). */
function leaks(text: string): string[] {
  const found: string[] = [];
  if (text.includes(MARK))
    found.push(text.slice(Math.max(0, text.indexOf(MARK) - 80), text.indexOf(MARK) + 40));
  for (const c of COORDINATE_TEXTS) if (text.includes(c)) found.push(c);
  return found;
}

// ------------------------------------------------------------------------------------------- the calls, from OpenAPI

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}
interface Operation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Call {
  method: string;
  /** The route as OpenAPI writes it, e.g. /api/attraction_api/{id}/{source}. */
  route: string;
  url: string;
  headers: Record<string, string>;
  payload?: unknown;
}

/** The enum values a schema allows (directly or through anyOf / oneOf). */
function enumOf(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
    .map(enumOf)
    .filter((e) => e !== undefined);
  return alternatives.length > 0 ? alternatives.flat() : undefined;
}

/**
 * The values to try for a parameter, by its name, from the private trip. A parameter this does not know fails the test:
 * a new call must say here what of the private trip to ask it for.
 */
function valuesFor(
  where: string,
  name: string,
  schema: JsonSchema | undefined,
  ownTrip: number | undefined,
): unknown[] {
  const allowed = enumOf(schema);
  if (allowed) return allowed;
  // The private trip's attractions (the one it shares with the public trip too), and its author's unplaced one.
  const privateAttractionIds = [...ids.privateAttractions, ids.shared, ids.unplaced];
  switch (name) {
    case 'rideId':
    case 'ride_id':
      return [ids.privateRide, ids.publicRide, ...(ownTrip ? [ownTrip] : [])];
    case 'attractionId':
      return privateAttractionIds;
    case 'id':
      // An attraction, a stay, a note, a comment, an expense (numbers), or a place of our own data (strings: places_details).
      return where === 'path' && /places_details/.test(currentRoute)
        ? [...privateAttractionIds.map((id) => `at:${id}`), `ac:${ids.stay}`, `${MARK}-place-0`]
        : [...privateAttractionIds, ids.stay, ...ids.extra, ids.comment, ids.expense];
    case 'listId':
      return [ids.list];
    case 'itemId':
      return [ids.item];
    case 'inviteId':
      return [ids.invite];
    case 'documentId':
      return ids.documents;
    case 'token':
      return [INVITE_TOKEN];
    case 'placeId':
      return [`${MARK}-place-0`, `at:${ids.privateAttractions[0]}`];
    case 'googlePlaceId':
      return [`${MARK}-place-0`];
    case 'lat':
      return [AT.lat];
    case 'lng':
      return [AT.lng];
    // A day of the editing calls, or of the legs' (dayId, issue 36: the same 0-based index).
    case 'dayIndex':
    case 'dayId':
      return [0, 1];
    case 'radius_km':
      return [schema?.maximum ?? 50];
    case 'q':
      return ['hidden zq7priv', 'draft zq7priv'];
    case 'data':
      return [dataHeader('googleAttractions'), dataHeader('googleRestorant')];
    case 'groupId':
    case 'categoryId':
    case 'subcategoryId':
      return [1];
    case 'ref':
      return ['a-photo-reference'];
    case 'userId':
      // The admin's device screens (decision 0035): the private trip's author, whose devices only an admin may read.
      return [author.id];
    default:
      throw new Error(
        `no value for ${where} parameter "${name}" of ${currentRoute}: say what of the private trip to ask it for`,
      );
  }
}
let currentRoute = '';

/**
 * The Data header every call gets (the calls that read one read their own fields of it): a search's type, and a day
 * and a source for adding a maps place (a Google id our own attraction came from is looked up locally when Google is
 * not configured).
 */
const dataHeader = (type: 'googleAttractions' | 'googleRestorant') =>
  JSON.stringify({ type, date: '01-06-2031', source: 'google' });

/** A JSON body from the schema: the fields a call needs, from the private trip where they name it. */
function bodyFor(schema: JsonSchema, ownTrip: number | undefined): Record<string, unknown>[] {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const known = [
    'rideId',
    'ride_id',
    'id',
    'attractionId',
    'lat',
    'lng',
    'googlePlaceId',
    'placeId',
    'radius_km',
  ];
  const body: Record<string, unknown> = {};
  let variants: Record<string, unknown>[] = [body];
  for (const [name, p] of Object.entries(props)) {
    if (known.includes(name)) {
      const values = valuesFor('body', name, p, ownTrip);
      variants = variants.flatMap((v) => values.map((value) => ({ ...v, [name]: value })));
    } else if (required.has(name)) {
      body[name] = plainValue(name, p);
    }
  }
  return variants.map((v) => ({ ...body, ...v }));
}

/** A plausible value for a field no rule above names (a required field of a body). */
function plainValue(name: string, p: JsonSchema): unknown {
  const e = enumOf(p);
  if (e) return e[0];
  const type = Array.isArray(p.type)
    ? p.type.find((x) => x !== 'null')
    : (p.type ?? p.anyOf?.[0]?.type ?? p.allOf?.[0]?.type);
  if (/date/i.test(name)) return '02-06-2031';
  if (/email/i.test(name)) return 'walker@example.com';
  switch (type) {
    case 'integer':
    case 'number':
      return p.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `walk ${name}`;
  }
}

/** Every call of the contract with the private trip's values, as OpenAPI lists them. */
async function contractCalls(headers: Record<string, string>, ownTrip: number | undefined): Promise<Call[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, Operation>> }>();
  const calls: Call[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      currentRoute = route;
      let variants: { path: string; query: URLSearchParams; headers: Record<string, string> }[] = [
        {
          path: route,
          query: new URLSearchParams(),
          headers: { ...headers, data: dataHeader('googleAttractions') },
        },
      ];
      for (const p of op.parameters ?? []) {
        // An optional query parameter is left out unless it places the search at the private trip.
        if (p.in === 'query' && !p.required && !['lat', 'lng', 'radius_km', 'q'].includes(p.name)) continue;
        const values = valuesFor(p.in, p.name, p.schema, ownTrip);
        variants = variants.flatMap((v) =>
          values.map((value) => {
            const next = { path: v.path, query: new URLSearchParams(v.query), headers: { ...v.headers } };
            if (p.in === 'path')
              next.path = next.path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
            else if (p.in === 'query') next.query.set(p.name, String(value));
            else next.headers[p.name.toLowerCase()] = String(value);
            return next;
          }),
        );
      }
      const json = op.requestBody?.content?.['application/json']?.schema;
      const bodies: (Record<string, unknown> | undefined)[] = json ? bodyFor(json, ownTrip) : [undefined];
      for (const v of variants) {
        for (const payload of bodies) {
          const query = v.query.toString();
          calls.push({
            method: method.toUpperCase(),
            route,
            url: `${v.path}${query ? `?${query}` : ''}`,
            headers: v.headers,
            payload,
          });
        }
      }
    }
  }
  return calls;
}

async function send(call: Call): Promise<LightMyRequestResponse> {
  return injectBounded(t.app, {
    method: call.method as 'GET',
    url: call.url,
    headers: {
      ...call.headers,
      'accept-encoding': 'gzip',
      ...(call.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(call.payload !== undefined ? { payload: call.payload as Record<string, unknown> } : {}),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

/** A signed-in header for the person's current token version (a walked sign_out_everywhere ended the earlier ones). */
async function signedIn(person: Person, role: 'user' | 'manager' = 'user'): Promise<Record<string, string>> {
  const [row] = await t.db.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, person.id));
  return {
    authorization: `Bearer ${await signSessionToken(t.config.jwtSecret, 1, { id: person.id, role, tokenVersion: row?.v ?? 0 })}`,
  };
}

/** The pages whose HTML the server fills with a trip's data. */
const pages = () => [
  '/',
  `/single_ride_with_map/${ids.privateRide}`,
  `/single_ride_with_map_attraction/${ids.privateRide}/${ids.privateAttractions[0]}`,
  `/single_ride_with_map_attraction/${ids.publicRide}/${ids.privateAttractions[0]}`,
  `/single_ride_with_map/${ids.publicRide}`,
];

describe('a private trip’s content reaches no one the view policy refuses', () => {
  const walkers = async () =>
    [
      ['a visitor', {} as Record<string, string>, undefined],
      ['another user', await signedIn(stranger, 'user'), ids.ownRides.get(stranger.id)],
      ['another manager', await signedIn(otherManager, 'manager'), ids.ownRides.get(otherManager.id)],
    ] as const;
  /** Calls that end the caller's sessions go last, so the walker is signed in for all the others. */
  const endsSession = (c: Call) => /sign_out/.test(c.route);

  it('walks every registered API route: none is left out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    // Compared by shape: the router prints the parameter names of routes that share a node as alternatives ({a}|{b}).
    const shape = (path: string) =>
      path
        .replace(/:(\w+)/g, '{$1}')
        .split('/')
        .map((part) => (part.includes('{') ? '{}' : part))
        .join('/');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${shape(path)}`),
      ),
    );
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const m = /(\/api\/\S*) \(([A-Z, ]+)\)/.exec(line);
        if (!m || m[1]?.startsWith('/api/docs')) return [];
        const path = shape(m[1] as string);
        return (m[2] as string)
          .split(', ')
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${path}`);
      });
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('through no call of the contract (every call OpenAPI lists, twice over) and no page', async () => {
    const walked = new Set<string>();
    const answered = new Map<string, number>();
    // Every leak found, listed at the end (one failing call does not hide the others).
    const found: string[] = [];
    const check = (what: string, text: string) => {
      const leaked = leaks(text);
      if (leaked.length > 0) found.push(`${what}: ${leaked.join(' | ')}`);
    };
    for (const pass of [1, 2]) {
      for (const [who, headers, ownTrip] of await walkers()) {
        const calls = await contractCalls(headers, ownTrip);
        for (const call of [...calls.filter((c) => !endsSession(c)), ...calls.filter(endsSession)]) {
          const res = await send(call);
          walked.add(`${call.method} ${call.route}`);
          if (res.statusCode === 200)
            answered.set(
              `${call.method} ${call.route}`,
              (answered.get(`${call.method} ${call.route}`) ?? 0) + 1,
            );
          check(
            `pass ${pass}, ${who}: ${call.method} ${call.url} ${JSON.stringify(call.payload ?? '')}`,
            bodyText(res),
          );
        }
      }
      for (const [who, headers] of await walkers()) {
        for (const url of pages()) {
          const res = await t.app.inject({
            method: 'GET',
            url,
            headers: { ...headers, 'accept-encoding': 'gzip' },
          });
          expect(res.statusCode, url).toBe(200);
          check(`${who}: page ${url}`, bodyText(res));
        }
      }
    }
    expect(found).toEqual([]);
    // The walk reached the calls that leaked (they answered, with nothing of the private trip), and many more.
    for (const call of [
      'GET /api/attraction_api/{id}/{source}',
      'GET /api/places_autocomplete',
      'GET /api/serch_activity_by_location_with_google_api/{rideId}/{lat}/{lng}',
      'GET /api/serch_attractions_by_location_api/{rideId}/{lat}/{lng}',
      'GET /api/serch_accommodations_by_location_api/{lat}/{lng}',
      'POST /api/global_rides_api',
      'GET /api/home_rides_api',
      'GET /api/get_all_sertch_point',
      'GET /api/user_rides_api',
      // The legs of a day (issue 36): of the public neighbour and the walker's own trip.
      'GET /api/trips/{rideId}/legs',
      // The day's warnings (issue 36 point 3).
      'GET /api/trips/{rideId}/checks',
    ]) {
      expect(answered.get(call) ?? 0, call).toBeGreaterThan(0);
    }
    expect(walked.size).toBeGreaterThan(60);
  }, 240_000); // some 3,000 requests: tens of seconds on a busy machine

  it('while the public neighbour and the attraction it shares stay public', async () => {
    const shared = await t.app.inject({
      method: 'GET',
      url: `/api/attraction_api/${ids.shared}/internal?language=english`,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<{ attraction: { title: string } }>().attraction.title).toBe('Shared museum');
    const near = await t.app.inject({
      method: 'GET',
      url: `/api/serch_activity_by_location_with_google_api/${ids.publicRide}/${AT.lat}/${AT.lng}`,
      headers: { data: JSON.stringify({ type: 'googleAttractions' }) },
    });
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json<{ attractions: { id: number | null }[] }>().attractions.map((a) => a.id)).toEqual(
      expect.arrayContaining([ids.shared]),
    );
    const suggestions = await t.app.inject({
      method: 'GET',
      url: '/api/places_autocomplete?q=shared%20museum&language=english',
    });
    expect(suggestions.json<{ suggestions: { id: string }[] }>().suggestions.map((s) => s.id)).toContain(
      `at:${ids.shared}`,
    );
  });
});

describe('a private trip’s attractions reach those the view policy lets view it', () => {
  const viewers = () =>
    [
      ['its author', author],
      ['its planner', planner],
      ['its authorised user', granted],
    ] as const;
  const refused = async () =>
    [
      ['a visitor', {} as Record<string, string>],
      ['another user', await signedIn(stranger)],
    ] as const;

  const attraction = (id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/attraction_api/${id}/internal?language=english`, headers });
  const details = (id: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/places_details/local/at:${id}?language=english`, headers });
  const suggested = async (q: string, headers: Record<string, string>) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/places_autocomplete?q=${encodeURIComponent(q)}&language=english`,
        headers,
      })
    )
      .json<{ suggestions: { id: string }[] }>()
      .suggestions.map((s) => s.id);
  const nearby = async (rideId: number, headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/serch_activity_by_location_with_google_api/${rideId}/${AT.lat}/${AT.lng}`,
      headers: { ...headers, data: JSON.stringify({ type: 'googleAttractions' }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ attractions: { id: number | null }[] }>().attractions.map((a) => a.id);
  };

  it('attraction_api, places_details, places_autocomplete and the activity search near a public trip', async () => {
    const first = ids.privateAttractions[0] as number;
    for (const [who, person] of viewers()) {
      const res = await attraction(first, person.headers);
      expect(res.statusCode, who).toBe(200);
      expect(res.json<{ attraction: { title: string } }>().attraction.title, who).toBe(
        `Hidden ${MARK}garden 0`,
      );
      expect((await details(first, person.headers)).statusCode, who).toBe(200);
      expect(await suggested('hidden zq7priv', person.headers), who).toEqual(
        expect.arrayContaining(ids.privateAttractions.map((id) => `at:${id}`)),
      );
      expect(await nearby(ids.publicRide, person.headers), who).toEqual(
        expect.arrayContaining(ids.privateAttractions),
      );
      // A signed-in reader's suggestions are theirs: no shared cache keeps them.
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/places_autocomplete?q=hidden&language=english',
        headers: person.headers,
      });
      expect(answer.headers['cache-control'], who).toMatch(/^private/);
    }
    for (const [who, headers] of await refused()) {
      expect((await attraction(first, headers)).statusCode, who).toBe(404);
      expect((await details(first, headers)).statusCode, who).toBe(404);
      expect(await suggested('hidden zq7priv', headers), who).toEqual([]);
      const found = await nearby(ids.publicRide, headers);
      expect(found, who).toContain(ids.shared);
      for (const id of ids.privateAttractions) expect(found, who).not.toContain(id);
    }
  });

  it('an attraction placed in no trip is its author’s alone', async () => {
    expect((await attraction(ids.unplaced, author.headers)).statusCode).toBe(200);
    expect(await suggested('draft zq7priv', author.headers)).toContain(`at:${ids.unplaced}`);
    for (const [who, headers] of [
      ...(await refused()),
      ['its trip’s planner', planner.headers],
      ['an authorised user', granted.headers],
    ] as const) {
      expect((await attraction(ids.unplaced, headers)).statusCode, who).toBe(404);
      expect(await suggested('draft zq7priv', headers), who).not.toContain(`at:${ids.unplaced}`);
    }
  });

  it('its legs (issue 36): its stops and the way between them to its people, nothing to anyone else', async () => {
    const legs = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/trips/${ids.privateRide}/legs?mode=walk`, headers });
    for (const [who, person] of viewers()) {
      const res = await legs(person.headers);
      expect(res.statusCode, who).toBe(200);
      const stops = res
        .json<TripLegsResponse>()
        .days.flatMap((d) => d.legs.flatMap((l) => [`${l.fromKind}:${l.fromId}`, `${l.toKind}:${l.toId}`]));
      expect(stops, who).toEqual(
        expect.arrayContaining([
          ...ids.privateAttractions.map((id) => `attraction:${id}`),
          `stay:${ids.stay}`,
        ]),
      );
    }
    for (const [who, headers] of await refused()) {
      const res = await legs(headers);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({
        ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
      });
    }
  });

  it('its warnings (issue 36 point 3): its closed garden to its people, nothing to anyone else', async () => {
    const checks = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/trips/${ids.privateRide}/checks?mode=walk`, headers });
    for (const [who, person] of viewers()) {
      const res = await checks(person.headers);
      expect(res.statusCode, who).toBe(200);
      expect(res.json<TripChecksResponse>().warnings, who).toContainEqual(
        expect.objectContaining({
          code: 'closed_at_planned_time',
          dayId: 0,
          activityId: ids.privateAttractions[0],
        }),
      );
    }
    for (const [who, headers] of await refused()) {
      const res = await checks(headers);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({
        ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride',
      });
    }
  });

  it("a planner's catalogue shows a trip's author who is not its planner only what they may see", async () => {
    // A client's private trip planned by the private attractions' author: its catalogue is theirs.
    const client = await newUser(t);
    const clientTrip = await insertTrip(client.id, {
      title: 'Client trip',
      type: 'private',
      rideManagerId: author.id,
    });
    const catalogue = async (headers: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/serch_attractions_of_ride_manger_by_location_api/${clientTrip}/${AT.lat}/${AT.lng}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const forOwner = (await catalogue(author.headers))
      .json<{ attractions: { id: number }[] }>()
      .attractions.map((a) => a.id);
    expect(forOwner).toEqual(expect.arrayContaining([...ids.privateAttractions, ids.unplaced]));
    const forClient = await catalogue(await signedIn(client));
    expect(leaks(forClient.body)).toEqual([]);
    expect(forClient.json<{ attractions: unknown[] }>().attractions).toEqual([]);
  });

  it('its stay’s priced booking is offered as an expense to its author, who reads its money', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/trips/${ids.privateRide}/expenses`,
      headers: author.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ offers: unknown[] }>().offers).toEqual([
      expect.objectContaining({
        title: `${MARK} hotel`,
        amount: '987.00',
        currency: 'EUR',
        stayId: ids.stay,
      }),
    ]);
  });

  // Last: the authorised user's placing it in a public trip makes that attraction public.
  it('another user cannot place it in their own trip, by id or by its place id', async () => {
    const own = ids.ownRides.get(stranger.id) as number;
    const strangerHeaders = await signedIn(stranger);
    const byId = await t.app.inject({
      method: 'POST',
      url: `/api/add_attraction_to_ride_api/${own}/${ids.privateAttractions[0]}`,
      headers: { ...strangerHeaders, 'content-type': 'application/json' },
      payload: { date: '01-06-2031' },
    });
    expect(byId.statusCode, byId.body).toBe(403);
    const byPlace = await t.app.inject({
      method: 'GET',
      url: `/api/add_google_attraction_to_ride_api/${own}/${MARK}-place-1`,
      headers: { ...strangerHeaders, data: JSON.stringify({ date: '01-06-2031' }) },
    });
    expect(byPlace.statusCode, byPlace.body).toBeGreaterThanOrEqual(400);
    // Its authorised user may (they may view the trip placing it).
    const grantedOwn = await insertTrip(granted.id, { title: 'Granted own', isBasedRide: true });
    const allowed = await t.app.inject({
      method: 'POST',
      url: `/api/add_attraction_to_ride_api/${grantedOwn}/${ids.privateAttractions[2]}`,
      headers: { ...granted.headers, 'content-type': 'application/json' },
      payload: { date: '01-06-2031' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

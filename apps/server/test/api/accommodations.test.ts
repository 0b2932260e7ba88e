import {
  addDays,
  isoToTripDate,
  type AccommodationSavedResponse,
  type RideAccommodationsResponse,
} from '@rides/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { createAccommodationsService } from '../../src/modules/accommodations/accommodations.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectCode, makeTrip, newUser, readTrip, snapshot, START } from './trip-editing-fixtures.js';

/** The accommodation calls and every rule of issue 6 (000 §5, 001 §5), both ways, through the editing transaction. */

let t: TestApp;
let author: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await createTestApp();
  author = await newUser(t);
  stranger = await newUser(t);
});
afterAll(() => t.dispose());

/** A stay of nights [first, first + nights) of a trip starting START, as the form sends it. */
const stay = (first: number, nights: number, extra: Record<string, unknown> = {}) => ({
  name: 'Hotel Yam',
  country: 'Israel',
  city: 'Haifa',
  address: 'Ben Gurion 28',
  link: 'www.hotel-yam.example',
  text: '<p>Sea view<script>alert(1)</script></p>',
  lat: 32.81,
  lng: 34.98,
  rate: 4.5,
  booking_confirmation: 'ABC-123',
  check_in_date: isoToTripDate(addDays(START, first)),
  check_out_date: isoToTripDate(addDays(START, first + nights)),
  ...extra,
});

const create = (rideId: number, body: unknown, headers = author.headers) =>
  call(t, 'POST', `/api/create_accommodation_and_add_to_ride_api/${rideId}`, { headers, payload: body });
const update = (id: number, body: unknown, headers = author.headers) =>
  call(t, 'POST', `/api/update_accommodation_api/${id}`, { headers, payload: body });
const remove = (id: number, headers = author.headers) =>
  call(t, 'GET', `/api/delete_accommodation_api/${id}`, { headers });
const list = async (rideId: number, headers: Record<string, string> = author.headers) => {
  const res = await call(t, 'GET', `/api/ride_accommodations_api/${rideId}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RideAccommodationsResponse>();
};
const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { field: string; code: string }[] }).errors;

describe('create_accommodation_and_add_to_ride_api', () => {
  it('adds a booked stay the trip page and the checklist show at once, with the spec forms of place and link', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 6 });
    await readTrip(t, rideId, author.headers); // the trip is cached before the change
    const res = await create(
      rideId,
      stay(1, 2, { name: '  Hotel Yam  ', link: 'www.hotel-yam.example/חדרים?x=1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<AccommodationSavedResponse>().accommodation;
    expect(saved).toMatchObject({
      name: 'Hotel Yam',
      cuntry_and_city: 'Israel, Haifa',
      link: 'http://www.hotel-yam.example/?x=1',
      text: '<p>Sea view</p>',
      rate: 4.5,
      latitude: 32.81,
      longtitude: 34.98,
      booking_confirmation: 'ABC-123',
      check_in_date: isoToTripDate(addDays(START, 1)),
      check_out_date: isoToTripDate(addDays(START, 3)),
      status: 'booked',
      firestDayAtThisAccommodation: true,
      ordered_by_user: false,
      paralel_ride_accommodation: null,
    });
    const trip = await readTrip(t, rideId, author.headers);
    expect(trip.attractionsByDay.map((d) => d.accommodation?.id ?? null)).toEqual([
      null,
      saved.id,
      saved.id,
      null,
      null,
      null,
    ]);
    expect(trip.attractionsByDay[2]?.accommodation?.firestDayAtThisAccommodation).toBe(false);
    const groups = await list(rideId);
    expect(groups.ride.map((a) => a.id)).toEqual([saved.id]);
    expect(groups.baseRide).toEqual([]);
    expect(groups.nightsWithoutStay).toEqual([0, 3, 4]);
    expect(groups.isAuthor).toBe(true);
  });

  it('keeps a link with a scheme, and takes "country, city" as sent when no country or city is given', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    const res = await create(
      rideId,
      stay(0, 1, {
        link: 'https://booking.example/h/1',
        country: '',
        city: '',
        cuntry_and_city: 'Italy, Rome',
      }),
    );
    expect(res.json<AccommodationSavedResponse>().accommodation).toMatchObject({
      link: 'https://booking.example/h/1',
      cuntry_and_city: 'Italy, Rome',
    });
    const city = await create(rideId, stay(1, 1, { country: '', city: 'Rome' }));
    expect(city.json<AccommodationSavedResponse>().accommodation.cuntry_and_city).toBe('Rome');
  });

  it('takes a url-encoded form (the old clients) with numbers as text', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    const form = new URLSearchParams(
      Object.entries(stay(0, 2)).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await call(t, 'POST', `/api/create_accommodation_and_add_to_ride_api/${rideId}`, {
      headers: { ...author.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccommodationSavedResponse>().accommodation).toMatchObject({
      latitude: 32.81,
      rate: 4.5,
    });
  });

  it('lists every problem at once (name, both dates, location) with the first as the code, and stores nothing', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    const before = await snapshot(t, rideId);
    const res = await create(rideId, { name: ' ', booking_confirmation: 'x'.repeat(41), lat: '', lng: '' });
    expectCode(res, 400, 'accommodation_name_required');
    expect(errorsOf(res)).toEqual([
      { field: 'name', code: 'accommodation_name_required' },
      { field: 'check_in_date', code: 'check_in_required' },
      { field: 'check_out_date', code: 'check_out_required' },
      { field: 'booking_confirmation', code: 'booking_confirmation_too_long' },
      { field: 'location', code: 'accommodation_location_required' },
    ]);
    expect(await snapshot(t, rideId)).toEqual(before);
  });

  it('name: at most 140 characters (141 refused), Hebrew counted in characters', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    expectCode(
      await create(rideId, stay(0, 1, { name: 'א'.repeat(141) })),
      400,
      'accommodation_name_too_long',
    );
    expect((await create(rideId, stay(0, 1, { name: 'א'.repeat(140) }))).statusCode).toBe(200);
  });

  it('booking confirmation: at most 40 (41 refused)', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    const res = await create(rideId, stay(0, 1, { booking_confirmation: '1'.repeat(41) }));
    expectCode(res, 400, 'booking_confirmation_too_long');
    expect(errorsOf(res)).toEqual([{ field: 'booking_confirmation', code: 'booking_confirmation_too_long' }]);
    expect((await create(rideId, stay(0, 1, { booking_confirmation: '1'.repeat(40) }))).statusCode).toBe(200);
  });

  it('dates: check-in not before the first day, check-out not after the last (date_are_not_in_range); the edges pass', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 5 }); // START .. START+4
    expectCode(await create(rideId, stay(-1, 2)), 400, 'date_are_not_in_range');
    expectCode(await create(rideId, stay(3, 2)), 400, 'date_are_not_in_range');
    expect((await create(rideId, stay(0, 1))).statusCode).toBe(200);
    expect((await create(rideId, stay(3, 1))).statusCode).toBe(200); // leaves on the last day
    const back = await create(rideId, stay(2, 0));
    expectCode(back, 400, 'check_out_before_check_in');
    expectCode(await create(rideId, stay(2, 1, { check_in_date: 'yesterday' })), 400, 'check_in_required');
    // The other wire forms of a date: M/D/YYYY and YYYY-MM-DD.
    const [y, m, d] = addDays(START, 1).split('-');
    expect(
      (
        await create(
          rideId,
          stay(1, 1, { check_in_date: `${Number(m)}/${Number(d)}/${y}`, check_out_date: addDays(START, 2) }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a map location is required (none, out of range, or 0,0)', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    for (const where of [
      { lat: null, lng: null },
      { lat: 95, lng: 10 },
      { lat: 0, lng: 0 },
      { lat: 'north', lng: 3 },
    ]) {
      expectCode(await create(rideId, stay(0, 1, where)), 400, 'accommodation_location_required');
    }
  });

  it('refuses an image that is not a web or uploaded address, and a rate outside 0-5', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    const image = await create(rideId, stay(0, 1, { image: 'javascript:alert(1)' }));
    expectCode(image, 400, 'bad_request');
    expect(errorsOf(image)).toEqual([{ field: 'image', code: 'bad_request' }]);
    expectCode(await create(rideId, stay(0, 1, { rate: 7 })), 400, 'bad_request');
    const ok = await create(rideId, stay(0, 1, { image: '/uploads/accommodation/1_x.webp' }));
    expect(ok.json<AccommodationSavedResponse>().accommodation.image).toBe('/uploads/accommodation/1_x.webp');
  });

  it('no two booked stays share a night (you_Are_having_double_booking, 409); back to back is fine; a suggestion may be overlapped', async () => {
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      days: 8,
      stays: [{ firstDay: 0, nights: 3, ordered: false }],
    });
    expect((await create(rideId, stay(1, 3))).statusCode).toBe(200); // nights 1..3, over the suggestion
    const before = await snapshot(t, rideId);
    for (const [first, nights] of [
      [3, 2],
      [0, 2],
      [2, 1],
      [0, 7],
    ] as const) {
      const res = await create(rideId, stay(first, nights));
      expectCode(res, 409, 'you_Are_having_double_booking');
      expect(errorsOf(res)).toEqual([{ field: 'check_in_date', code: 'you_Are_having_double_booking' }]);
    }
    expect(await snapshot(t, rideId)).toEqual(before);
    expect((await create(rideId, stay(4, 2))).statusCode).toBe(200);
    expect((await create(rideId, stay(0, 1))).statusCode).toBe(200);
  });

  it('in a copy: the booking is ordered_by_user and stands in for the suggestion it shares most nights with', async () => {
    const base = await makeTrip(t, { authorId: stranger.id, days: 6, isBasedRide: true });
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      days: 6,
      basedRideId: base.rideId,
      stays: [
        { firstDay: 0, nights: 2, ordered: false },
        { firstDay: 2, nights: 3, ordered: false },
      ],
    });
    const suggestions = (await list(rideId)).baseRide;
    expect(suggestions.map((s) => s.status)).toEqual(['base_trip_accomodation', 'base_trip_accomodation']);
    const res = await create(rideId, stay(1, 3)); // nights 1, 2, 3: one with the first, two with the second
    const booked = res.json<AccommodationSavedResponse>().accommodation;
    expect(booked).toMatchObject({
      ordered_by_user: true,
      status: 'booked',
      paralel_ride_accommodation: suggestions[1]?.id,
    });
    const trip = await readTrip(t, rideId, author.headers);
    // A day shows the booking where there is one, the suggestion otherwise.
    expect(trip.attractionsByDay.map((d) => (d.accommodation ?? d.base_trip_accommodation)?.id)).toEqual([
      suggestions[0]?.id,
      booked.id,
      booked.id,
      booked.id,
      suggestions[1]?.id,
      undefined,
    ]);
    // Day changes now need /force (the ordered stay): issue 5's rule sees it.
    expectCode(
      await call(t, 'GET', `/api/add_day_to_ride_api/${rideId}/0`, { headers: author.headers }),
      409,
      'rideHaveOrderedAccommodation',
    );
  });
});

describe('navigation address (000 §2 "navigation address if different")', () => {
  it('is kept trimmed, shown with the stay, cleared with an empty text, refused past 2000 characters, and copied', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4, isBasedRide: true });
    const res = await create(rideId, stay(0, 2, { navigation_address: '  HaNamal 5, Haifa (car park)  ' }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<AccommodationSavedResponse>().accommodation;
    expect(saved.navigation_address).toBe('HaNamal 5, Haifa (car park)');
    expect(
      (await readTrip(t, rideId, author.headers)).attractionsByDay[0]?.accommodation?.navigation_address,
    ).toBe('HaNamal 5, Haifa (car park)');
    expect((await list(rideId)).ride[0]?.navigation_address).toBe('HaNamal 5, Haifa (car park)');
    // A stay without one navigates to its place: null, not ''.
    const plain = (await create(rideId, stay(2, 1))).json<AccommodationSavedResponse>().accommodation;
    expect(plain.navigation_address).toBeNull();

    // Another traveller's copy keeps it with the suggestion.
    const copy = await call(t, 'GET', `/api/add_ride_to_user_api/${rideId}`, { headers: stranger.headers });
    expect(copy.statusCode, copy.body).toBe(200);
    const copied = await list(copy.json<{ newRideId: number }>().newRideId, stranger.headers);
    expect(copied.baseRide.map((a) => a.navigation_address)).toEqual(['HaNamal 5, Haifa (car park)', null]);

    const tooLong = await update(saved.id, stay(0, 2, { navigation_address: 'x'.repeat(2001) }));
    expectCode(tooLong, 400, 'accommodation_field_too_long');
    expect(errorsOf(tooLong)).toEqual([
      { field: 'navigation_address', code: 'accommodation_field_too_long' },
    ]);
    const cleared = await update(saved.id, stay(0, 2, { navigation_address: '   ' }));
    expect(cleared.json<AccommodationSavedResponse>().accommodation.navigation_address).toBeNull();
  });
});

describe('update_accommodation_api and delete_accommodation_api', () => {
  it('the author changes a stay (the trip page shows it), its own nights do not count as a double booking', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 6 });
    const id = (await create(rideId, stay(0, 2))).json<AccommodationSavedResponse>().accommodation.id;
    await readTrip(t, rideId);
    const res = await update(id, stay(0, 3, { name: 'Hotel Gal', booking_confirmation: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccommodationSavedResponse>().accommodation).toMatchObject({
      id,
      name: 'Hotel Gal',
      booking_confirmation: null,
    });
    const trip = await readTrip(t, rideId);
    expect(trip.attractionsByDay[2]?.accommodation?.name).toBe('Hotel Gal');
  });

  it('the same rules on update: all problems listed, overlap with another booking refused, nothing changed', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 6 });
    const a = (await create(rideId, stay(0, 2))).json<AccommodationSavedResponse>().accommodation.id;
    await create(rideId, stay(3, 2));
    const before = await snapshot(t, rideId);
    expectCode(await update(a, stay(1, 3)), 409, 'you_Are_having_double_booking');
    const bad = await update(a, stay(0, 2, { name: '', lat: '' }));
    expectCode(bad, 400, 'accommodation_name_required');
    expect(errorsOf(bad)?.map((e) => e.code)).toEqual([
      'accommodation_name_required',
      'accommodation_location_required',
    ]);
    expectCode(await update(a, stay(4, 5)), 400, 'date_are_not_in_range');
    expect(await snapshot(t, rideId)).toEqual(before);
  });

  it('the author deletes a stay: gone from the trip page and the checklist; again: 404', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    const id = (await create(rideId, stay(0, 2))).json<AccommodationSavedResponse>().accommodation.id;
    await readTrip(t, rideId);
    const res = await remove(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ServerMassageCode: 'success', rideId, id });
    expect((await readTrip(t, rideId)).attractionsByDay.every((d) => d.accommodation === null)).toBe(true);
    expect((await list(rideId)).ride).toEqual([]);
    expectCode(await remove(id), 404, 'not_found');
    expectCode(await update(id, stay(0, 1)), 404, 'not_found');
  });

  it('deleting a booking leaves the suggestion it stood in for', async () => {
    const base = await makeTrip(t, { authorId: stranger.id, days: 4, isBasedRide: true });
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      days: 4,
      basedRideId: base.rideId,
      stays: [{ firstDay: 0, nights: 2, ordered: false }],
    });
    const id = (await create(rideId, stay(0, 2))).json<AccommodationSavedResponse>().accommodation.id;
    expect((await remove(id)).statusCode).toBe(200);
    expect((await list(rideId)).baseRide).toHaveLength(1);
  });
});

describe('who may', () => {
  it('nobody signed in: 401 on every change; bad ids: 400', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    const id = (await create(rideId, stay(0, 1))).json<AccommodationSavedResponse>().accommodation.id;
    expectCode(await create(rideId, stay(1, 1), {}), 401, 'user_is_not_authorized');
    expectCode(await update(id, stay(1, 1), {}), 401, 'user_is_not_authorized');
    expectCode(await remove(id, {}), 401, 'user_is_not_authorized');
    expectCode(await create(0, stay(1, 1)), 400, 'bad_request');
    expectCode(await remove(Number.NaN), 400, 'bad_request');
    expectCode(await create(999_999, stay(1, 1)), 404, 'not_found');
  });

  it("another user may not add, change or delete a trip's stays (403); its author may", async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 4 });
    const id = (await create(rideId, stay(0, 1))).json<AccommodationSavedResponse>().accommodation.id;
    const before = await snapshot(t, rideId);
    expectCode(
      await create(rideId, stay(1, 1), stranger.headers),
      403,
      'uesr_is_not_authorize_to_edit_this_ride',
    );
    expectCode(
      await update(id, stay(1, 1), stranger.headers),
      403,
      'uesr_is_not_authorize_to_edit_this_ride',
    );
    expectCode(await remove(id, stranger.headers), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expect(await snapshot(t, rideId)).toEqual(before);
    // A manager who is not the author is refused too.
    const manager = await newUser(t, 'manager');
    expectCode(
      await create(rideId, stay(1, 1), manager.headers),
      403,
      'uesr_is_not_authorize_to_edit_this_ride',
    );
    expect((await update(id, stay(1, 1), author.headers)).statusCode).toBe(200);
  });

  it('a locked trip refuses every change, to its author too (403)', async () => {
    const { rideId } = await makeTrip(t, {
      authorId: author.id,
      days: 4,
      stays: [{ firstDay: 0, nights: 1, ordered: true }],
    });
    const [row] = await t.db.db
      .select({ id: accommodations.id })
      .from(accommodations)
      .where(eq(accommodations.rideId, rideId));
    const { rides } = await import('../../src/db/schema/index.js');
    await t.db.db.update(rides).set({ isLocked: true }).where(eq(rides.id, rideId));
    t.app.rides.invalidateTrip(rideId);
    expectCode(await create(rideId, stay(1, 1)), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expectCode(await update(row?.id as number, stay(1, 1)), 403, 'uesr_is_not_authorize_to_edit_this_ride');
    expectCode(await remove(row?.id as number), 403, 'uesr_is_not_authorize_to_edit_this_ride');
  });

  it("the checklist follows the trip's view rule: a public trip to anyone, a private one to its author only", async () => {
    const open = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      stays: [{ firstDay: 0, nights: 1, ordered: true }],
    });
    const anyone = await list(open.rideId, {});
    expect(anyone.isAuthor).toBe(false);
    expect(anyone.ride).toHaveLength(1);
    // The booking's confirmation number is the author's alone.
    expect(anyone.ride[0]?.booking_confirmation).toBeNull();
    expect((await list(open.rideId)).ride[0]?.booking_confirmation).toBe('CONF-0');
    const closed = await makeTrip(t, {
      authorId: author.id,
      days: 3,
      type: 'private',
      stays: [{ firstDay: 0, nights: 1, ordered: true }],
    });
    expect((await list(closed.rideId)).ride).toHaveLength(1);
    for (const headers of [{}, stranger.headers]) {
      expectCode(
        await call(t, 'GET', `/api/ride_accommodations_api/${closed.rideId}`, { headers }),
        403,
        'user_does_not_have_permission_to_this_private_ride',
      );
    }
    expectCode(await call(t, 'GET', '/api/ride_accommodations_api/999999', {}), 404, 'not_found');
  });
});

describe('fail_to_update_accommodation', () => {
  it('a failure that is not a refusal is answered fail_to_update_accommodation (500), logged', async () => {
    const logged: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
    const service = createAccommodationsService({
      db: t.db.db,
      rides: t.app.rides,
      log,
      editRide: async () => {
        throw new Error('disk full');
      },
    });
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    await expect(
      service.create(rideId, stay(0, 1), { id: author.id, role: 'user', isAdmin: false }),
    ).rejects.toEqual(new AppError('fail_to_update_accommodation'));
    expect(logged.join('')).toContain('disk full');
  });
});

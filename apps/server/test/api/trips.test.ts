import {
  addDays,
  attractionResponse,
  isoToTripDate,
  rideAttractionsResponse,
  rideHeaderResponse,
  userInfoResponse,
  type RideAttractionsResponse,
} from '@rides/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/db/seed/index.js';
import { ride1 } from '../../src/db/seed/data/rides-israel-1.js';
import { ride843 } from '../../src/db/seed/data/rides-israel-843.js';
import type { TestApp } from '../helpers/app.js';
import { createTripsTestApp, demoBearer, get, strangerBearer } from './trips-fixtures.js';

/** The trip page's read calls (000 §2, §3, §6, §7) on the demo content; nothing here writes. */
describe('trip view (read only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTripsTestApp();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const page = async (id: number | string, headers: Record<string, string> = {}) => {
    const res = await get(t, `/api/ride_attractions_api/${id}`, headers);
    return { res, body: res.statusCode === 200 ? rideAttractionsResponse.parse(res.json()) : undefined };
  };
  const okPage = async (id: number, headers: Record<string, string> = {}): Promise<RideAttractionsResponse> => {
    const { res, body } = await page(id, headers);
    expect(res.statusCode, res.body).toBe(200);
    return body as RideAttractionsResponse;
  };

  describe('ride_attractions_api', () => {
    it('demo trip 1: 14 days in order, DD/MM/YYYY headers, attractions in the author\'s order', async () => {
      const body = await okPage(1);
      expect(body.ServerMassageCode).toBe('success');
      expect(body.ride).toMatchObject({
        id: 1,
        title: ride1.title,
        start_date: isoToTripDate(ride1.startDate),
        end_date: isoToTripDate(addDays(ride1.startDate, 13)),
        dates_hidden: false,
        duration: 14,
        language: 'hebrew',
        type: 'public',
        is_based_ride: true,
        category_name: 'template',
        is_demo: false,
      });
      expect(body.attractionsByDay).toHaveLength(14);
      body.attractionsByDay.forEach((day, i) => {
        const iso = addDays(ride1.startDate, i);
        expect(day.dateTime).toBe(`${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} 00:00`);
        expect(day.dateTime?.split(' 00:00')[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(day.daily_attractions.map((a) => a.title)).toEqual(ride1.days[i]?.attractions.map((a) => a.title));
      });
      expect(body.ride.rideExtraInformation.length).toBe(ride1.extraInformation.length);
      const notes = ride1.days.flatMap((d, i) => (d.note ? [i] : []));
      expect(body.ride.rideExtraInformationByDay.map((n) => n.dayIndex)).toEqual(notes);
    });

    it('gives both spellings of an attraction\'s coordinates and image, and the spec\'s time and date formats', async () => {
      const body = await okPage(1);
      const day2 = body.attractionsByDay[1]?.daily_attractions ?? [];
      for (const a of day2) {
        expect(a.latitude).toBe(a.lat);
        expect(a.longtitude).toBe(a.lng);
        expect(a.imageUrl).toBe(a.image);
        expect(a.plannedDate).toBe('3/16/2026');
      }
      const first = day2[0];
      expect(first?.dateTime).toBe('09:00:00 AM');
      // Untimed activities keep their place and answer null.
      expect(day2.some((a) => a.dateTime === null)).toBe(true);
      const raw = (await get(t, '/api/ride_attractions_api/1')).json() as { attractionsByDay: { daily_attractions: Record<string, unknown>[] }[] };
      expect(Object.keys(raw.attractionsByDay[0]?.daily_attractions[0] ?? {})).toEqual(
        expect.arrayContaining(['lat', 'lng', 'latitude', 'longtitude', 'image', 'imageUrl', 'imageHtmlAttributions', 'placeId', 'openingHours', 'reviews', 'category_id', 'subcategory_id', 'plannedDate', 'dateTime', 'googleImage', 'affiliate', 'authorId']),
      );
    });

    it('shows the affiliate button of an attraction with a mapped place id', async () => {
      const body = await okPage(1);
      const first = body.attractionsByDay[0]?.daily_attractions[0];
      expect(first?.affiliate).toMatchObject({ affiliateSource: 'getyourguide', link: expect.stringMatching(/^https:\/\//) });
      expect(first?.placeId).toMatch(/^demo-/);
    });

    it('a day without a booked stay shows the base trip suggestion', async () => {
      const body = await okPage(1);
      const day = body.attractionsByDay[0];
      expect(day?.accommodation).toBeNull();
      expect(day?.base_trip_accommodation).toMatchObject({ status: 'base_trip_accomodation', firestDayAtThisAccommodation: true });
      // Trip 843: day 6 (index 5) has only the base trip's suggestion.
      const b843 = await okPage(843);
      expect(b843.attractionsByDay[5]?.accommodation).toBeNull();
      expect(b843.attractionsByDay[5]?.base_trip_accommodation?.name).toBe(ride843.accommodations[3]?.name);
    });

    it("trip 843's booked stays are the days' accommodation, with check-in/out dates and the first-night flag", async () => {
      const body = await okPage(843);
      const [d0, d1, d2] = body.attractionsByDay;
      const stay = ride843.accommodations[0];
      expect(d0?.accommodation).toMatchObject({
        name: stay?.name,
        status: 'booked',
        cuntry_and_city: stay?.cuntry_and_city,
        check_in_date: isoToTripDate(ride843.startDate),
        check_out_date: isoToTripDate(addDays(ride843.startDate, 2)),
        firestDayAtThisAccommodation: true,
        ordered_by_user: true,
      });
      expect(d0?.accommodation?.latitude).toBe(stay?.lat);
      expect(d0?.accommodation?.longtitude).toBe(stay?.lng);
      expect(d1?.accommodation).toMatchObject({ name: stay?.name, firestDayAtThisAccommodation: false });
      expect(d2?.accommodation?.name).toBe(ride843.accommodations[1]?.name);
      // The last day has no night.
      expect(body.attractionsByDay[9]?.accommodation).toBeNull();
      // The stays timeline: consecutive nights in one place, nights counted.
      expect(body.highLevelRideLocations[0]).toMatchObject({ numberOfDays: 2, id: d0?.accommodation?.id });
      expect(body.highLevelRideLocations.reduce((n, l) => n + l.numberOfDays, 0)).toBe(9);
    });

    it("answers the trip's hotel widget mapping on its accommodations (trip 1 has one)", async () => {
      const body = await okPage(1);
      expect(body.attractionsByDay[0]?.base_trip_accommodation?.hotelAffiliate).toMatchObject({ aid: 'demo-aid', destination_type: 'city' });
    });

    it.each(['abc', '-1', '0', '1.5', '99999999999'])('ride id %s -> 400 bad_request', async (id) => {
      const { res } = await page(id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
    });

    it('an unknown ride -> 404 not_found', async () => {
      const { res } = await page(987654);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ServerMassageCode: 'not_found' });
    });
  });

  describe('private trip 228', () => {
    const code = 'user_does_not_have_permission_to_this_private_ride';
    it('anonymous -> 403', async () => {
      const { res } = await page(228);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ServerMassageCode: code });
      const header = await get(t, '/api/ride_header_api/228');
      expect(header.statusCode).toBe(403);
      expect((await get(t, '/api/user_info_from_ride_id_api/228')).statusCode).toBe(403);
    });

    it('a signed-in user without access -> 403', async () => {
      const { res } = await page(228, await strangerBearer(t));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ServerMassageCode: code });
    });

    it('the author -> 200, isAuthor true, dates shown', async () => {
      const headers = await demoBearer(t, 'subdomain');
      const body = await okPage(228, headers);
      expect(body.ride).toMatchObject({ id: 228, type: 'private', dates_hidden: false });
      expect(body.ride.start_date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(body.attractionsByDay).toHaveLength(19);
      // Private trips never offer the hotel widget.
      expect(body.attractionsByDay.every((d) => ((d.accommodation ?? d.base_trip_accommodation)?.hotelAffiliate ?? null) === null)).toBe(true);
      const header = await get(t, '/api/ride_header_api/228', headers);
      expect(rideHeaderResponse.parse(header.json())).toMatchObject({ isAuthor: true, ride: { id: 228 } });
    });

    it('an authorised user (ride_authorized_users) -> 200, isAuthor false', async () => {
      const headers = await demoBearer(t, 'traveller');
      await okPage(228, headers);
      const header = await get(t, '/api/ride_header_api/228', headers);
      expect(header.statusCode).toBe(200);
      expect(rideHeaderResponse.parse(header.json()).isAuthor).toBe(false);
    });
  });

  describe('ride_header_api', () => {
    it('is the same ride object without days; isAuthor false for anonymous and others, true for the author', async () => {
      const full = await okPage(1);
      const anon = rideHeaderResponse.parse((await get(t, '/api/ride_header_api/1')).json());
      expect(anon).toEqual({ ServerMassageCode: 'success', ride: full.ride, isAuthor: false, role: null });
      const other = rideHeaderResponse.parse((await get(t, '/api/ride_header_api/1', await strangerBearer(t))).json());
      expect(other.isAuthor).toBe(false);
      const author = rideHeaderResponse.parse((await get(t, '/api/ride_header_api/1', await demoBearer(t, 'planner'))).json());
      expect(author.isAuthor).toBe(true);
      expect(author.role).toBe('owner');
    });

    it('validates the id like the page', async () => {
      expect((await get(t, '/api/ride_header_api/abc')).statusCode).toBe(400);
      expect((await get(t, '/api/ride_header_api/987654')).statusCode).toBe(404);
    });
  });

  describe('user_info_from_ride_id_api', () => {
    it("gives the author's block", async () => {
      const res = await get(t, '/api/user_info_from_ride_id_api/1');
      expect(res.statusCode).toBe(200);
      const planner = DEMO_ACCOUNTS.planner;
      expect(userInfoResponse.parse(res.json())).toEqual({
        ServerMassageCode: 'success',
        userInfo: {
          profile_image: null,
          name: planner.userName,
          title: planner.title,
          about: planner.about,
          facebook_link: planner.facebookLink,
          instagram_link: planner.instagramLink,
          website_link: planner.websiteLink,
        },
      });
      expect((await get(t, '/api/user_info_from_ride_id_api/x')).statusCode).toBe(400);
      expect((await get(t, '/api/user_info_from_ride_id_api/987654')).statusCode).toBe(404);
    });
  });

  describe('attraction_api', () => {
    it('an attraction of the trip -> 200 with opening hours and reviews', async () => {
      const body = await okPage(1);
      const all = body.attractionsByDay.flatMap((d) => d.daily_attractions);
      const withHours = all.find((a) => a.openingHours !== null && a.reviews.length > 0) ?? all.find((a) => a.openingHours !== null);
      expect(withHours).toBeDefined();
      const res = await get(t, `/api/attraction_api/${withHours?.id}/internal?language=hebrew`);
      expect(res.statusCode).toBe(200);
      const { attraction } = attractionResponse.parse(res.json());
      expect(attraction).toMatchObject({
        id: withHours?.id,
        title: withHours?.title,
        openingHours: { weekday_text: withHours?.openingHours?.weekday_text },
        reviews: withHours?.reviews,
        latitude: withHours?.lat,
        longtitude: withHours?.lng,
      });
      expect(Array.isArray(attraction.images)).toBe(true);
      expect(attraction.openingHours?.weekday_text.length).toBeGreaterThan(0);
      const anyReviews = all.find((a) => a.reviews.length > 0);
      if (anyReviews) {
        const r = attractionResponse.parse((await get(t, `/api/attraction_api/${anyReviews.id}/internal`)).json());
        expect(r.attraction.reviews[0]).toEqual({ author_name: expect.any(String), rating: expect.any(Number), text: expect.any(String) });
      }
    });

    it('unknown id -> 404, non-numeric id -> 400, bad source or language -> 400, google without Google -> 503', async () => {
      expect((await get(t, '/api/attraction_api/987654/internal')).statusCode).toBe(404);
      const nonNumeric = await get(t, '/api/attraction_api/abc/internal');
      expect(nonNumeric.statusCode).toBe(400);
      expect(nonNumeric.json()).toMatchObject({ ServerMassageCode: 'bad_request' });
      expect((await get(t, '/api/attraction_api/1/elsewhere')).statusCode).toBe(400);
      expect((await get(t, '/api/attraction_api/1/internal?language=french')).statusCode).toBe(400);
      // No Google on this server and no attraction of ours from that place: the server says it cannot look it up.
      const google = await get(t, '/api/attraction_api/ChIJ123/google?language=english');
      expect(google.statusCode).toBe(503);
      expect(google.json()).toEqual({ ServerMassageCode: 'places_not_configured' });
      expect((await get(t, '/api/attraction_api/ChIJ%2F..%2Fx/google')).statusCode).toBe(400);
    });
  });
});

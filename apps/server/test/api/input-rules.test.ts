import { addDays, isoToTripDate } from '@rides/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides, users } from '../../src/db/schema/index.js';
import { createTestApp, nextIp, postJson, registerUser, uniqueEmail, type TestApp } from '../helpers/app.js';
import { call, makeTrip, newUser, START } from './trip-editing-fixtures.js';

/**
 * The text rule and the free-form JSON rule of the contract (issue 15 point 3, decision 0025) through the real calls,
 * on both drivers: a NUL (or another C0 control) in any text and a deeply nested screen_info answered 500 before; now
 * 400 with the field's code, nothing stored, and every other field still read (the answer names only the bad field).
 */

const NUL = 'a\u0000b';
let t: TestApp;
let author: Awaited<ReturnType<typeof newUser>>;
let manager: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await createTestApp();
  author = await newUser(t);
  manager = await newUser(t, 'manager');
});
afterAll(() => t.dispose());

type Answer = { ServerMassageCode: string; errors?: { field: string; code: string }[] };
/** 400 text_has_control_characters (or the code given) naming exactly this field. */
function expectFieldRefused(res: LightMyRequestResponse, field: string, code = 'text_has_control_characters') {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<Answer>();
  expect(body.ServerMassageCode, res.body).toBe(code);
  expect(body.errors, res.body).toEqual([{ field, code }]);
}

function deepObject(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { w: v };
  return v;
}
/** The nesting as raw JSON text (what an attacker sends; building it as an object is not needed). */
const deepJson = (depth: number) => `${'{"w":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('accounts and contact', () => {
  it('registration: a NUL in the user name is 400 text_has_control_characters on userName; nobody is registered', async () => {
    const email = uniqueEmail('nul');
    const res = await postJson(t.app, '/api/register_new_user_api', { email, password: 'secret-123', userName: `Dana${NUL}` });
    expectFieldRefused(res, 'userName');
    expect(await t.db.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('registration and sign-in: a screen_info 20,000 deep is 400 json_field_too_large on screen_info', async () => {
    const email = uniqueEmail('deep');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register_new_user_api',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"secret-123","userName":"Dana","screen_info":${deepJson(20_000)}}`,
    });
    expectFieldRefused(register, 'screen_info', 'json_field_too_large');
    const user = await registerUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/app_login',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${user.email}","password":"${user.password}","screen_info":${deepJson(20_000)}}`,
    });
    expectFieldRefused(login, 'screen_info', 'json_field_too_large');
    // A real screen_info, as an object or as JSON text, still signs in.
    for (const screen_info of [{ width: 390, height: 844, pixelRatio: 3 }, '{"width":390,"height":844}']) {
      const ok = await postJson(t.app, '/api/app_login', { email: user.email, password: user.password, screen_info, timezone: 'Asia/Jerusalem' });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    expectFieldRefused(await postJson(t.app, '/api/app_login', { email: user.email, password: user.password, screen_info: deepObject(5) }), 'screen_info', 'json_field_too_large');
  });

  it('sign-in: a NUL in the time zone of a known user is 400 on timezone (it was stored with the device: 500)', async () => {
    const user = await registerUser(t.app);
    const res = await postJson(t.app, '/api/app_login', { email: user.email, password: user.password, timezone: `Asia/Jerusalem${NUL}` });
    expectFieldRefused(res, 'timezone');
    const languages = await postJson(t.app, '/api/app_login', { email: user.email, password: user.password, languages: ['he', `en${NUL}`] });
    expectFieldRefused(languages, 'languages.1');
  });

  it('contact form: a NUL in the name is 400 on name; the escape character in the message too', async () => {
    expectFieldRefused(await postJson(t.app, '/api/contact_form_api', { name: `Dana${NUL}`, email: 'dana@example.com', message: 'Hello' }), 'name');
    expectFieldRefused(await postJson(t.app, '/api/contact_form_api', { name: 'Dana', email: 'dana@example.com', message: 'Hi \u001b[2J' }), 'message');
  });
});

describe('trips, extra information, attractions, stays and categories', () => {
  const newTrip = (body: Record<string, unknown>) =>
    call(t, 'POST', '/api/add_ride_api', {
      headers: author.headers,
      payload: { title: 'Galilee', checkIn: isoToTripDate(START), checkOut: isoToTripDate(addDays(START, 3)), ...body },
    });

  it('a trip: NUL in the title or the text is 400 on that field; nothing is created', async () => {
    const before = (await t.db.db.select({ id: rides.id }).from(rides)).length;
    expectFieldRefused(await newTrip({ title: `Galilee${NUL}` }), 'title');
    expectFieldRefused(await newTrip({ text: `<p>${NUL}</p>` }), 'text');
    expect((await t.db.db.select({ id: rides.id }).from(rides)).length).toBe(before);
  });

  it('a CR LF from an old textarea is kept as a newline (normalised, not refused)', async () => {
    const res = await newTrip({ title: 'Crlf', text: 'line 1\r\nline 2\rline 3' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db.select({ text: rides.text }).from(rides).where(eq(rides.id, res.json<{ rideId: number }>().rideId));
    expect(row?.text).not.toContain('\r');
    expect(row?.text).toContain('line 1\nline 2\nline 3');
  });

  it('control characters written as HTML character references are not stored either', async () => {
    const res = await newTrip({ title: 'Entities', text: '<p>a&#1;b&#x1b;c&#0;d</p>' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db.select({ text: rides.text }).from(rides).where(eq(rides.id, res.json<{ rideId: number }>().rideId));
    expect(row?.text).toBe('<p>abc\ufffdd</p>');
  });

  it('the same rule in a url-encoded form and in a multipart form', async () => {
    const fields = { title: `Galilee${NUL}`, checkIn: isoToTripDate(START), checkOut: isoToTripDate(addDays(START, 3)) };
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/add_ride_api',
      headers: { ...author.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expectFieldRefused(urlencoded, 'title');
    const boundary = '----input-rules';
    const multipart = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/add_ride_api',
      headers: { ...author.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${multipart}--${boundary}--\r\n`,
    });
    expectFieldRefused(res, 'title');
  });

  it('extra information, an attraction and a stay: 400 on the field, the other fields read', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3 });
    expectFieldRefused(
      await call(t, 'POST', '/api/add_extra_information_to_ride', { headers: author.headers, payload: { ride_id: rideId, title: 'Note', text: NUL } }),
      'text',
    );
    expectFieldRefused(
      await call(t, 'POST', `/api/create_attraction_and_add_to_ride_api/${rideId}`, {
        headers: author.headers,
        payload: { title: 'Port', lat: 32.8, lng: 35, address: `Dock 1${NUL}`, navigation_address: 'Gate 2' },
      }),
      'address',
    );
    expectFieldRefused(
      await call(t, 'POST', `/api/create_accommodation_and_add_to_ride_api/${rideId}`, {
        headers: author.headers,
        payload: {
          name: `Hotel${NUL}`,
          lat: 32.81,
          lng: 34.98,
          check_in_date: isoToTripDate(START),
          check_out_date: isoToTripDate(addDays(START, 1)),
        },
      }),
      'name',
    );
  });

  it('a category name: NUL in the multipart JSON and in a JSON body is 400 text_has_control_characters', async () => {
    const boundary = '----category';
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/create_category_api',
      headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ name: `Museums${NUL}` })}\r\n--${boundary}--\r\n`,
    });
    expectFieldRefused(multipart, 'name');
    const json = await call(t, 'POST', '/api/create_category_api', { headers: manager.headers, payload: { data: { name: `Museums${NUL}` } } });
    expect(json.statusCode, json.body).toBe(400);
    expect(json.json<Answer>().ServerMassageCode).toBe('text_has_control_characters');
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/create_category_api',
      headers: { ...manager.headers, 'content-type': 'application/json' },
      payload: `{"data":{"name":"Deep","x":${deepJson(20_000)}}}`,
    });
    expectFieldRefused(deep, 'data', 'json_field_too_large');
  });

  it('a Data header (JSON in a header): control characters escaped inside its JSON are 400 on Data (already so; kept)', async () => {
    const { rideId } = await makeTrip(t, { authorId: author.id, days: 3, perDay: [['One'], [], []] });
    for (const data of ['{"date":"5/11/2031\\u0000"}', '{"date":"\\u00005/11/2031"}', '"\\u001b"']) {
      const res = await call(t, 'GET', `/api/move_day_attractions_by_date_api/${rideId}/0`, { headers: author.headers, data });
      expect(res.statusCode, `${data}: ${res.body}`).toBe(400);
      expect(res.json<Answer>()).toEqual({ ServerMassageCode: 'bad_request', errors: [{ field: 'Data', code: 'bad_request' }] });
    }
  });

  it('the place search: a NUL in q is 400 on q (it reached the SQL of our own places)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/places_autocomplete?q=${encodeURIComponent(`Haifa${NUL}`)}` });
    expectFieldRefused(res, 'q');
  });
});

import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfExports, rideAuthorizedUsers, rides, users } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.js';
import { bearer, createTripsTestApp, demoBearer, strangerBearer } from './trips-fixtures.js';

/**
 * POST /api/generate-trip-pdf (issue 19 point 1): the view policy decides, both ways; each export is recorded in
 * pdf_exports only when the PDF was made; bad input answers a code, never 500. The PDF's text is read back with
 * pdftotext (poppler-utils), as a person reading the file would.
 */

let t: TestApp;
/** The demo's Hebrew public trip (14 days), an English public trip, and the private white-label trip. */
const ids = { hebrew: 0, english: 0, private: 0 };

/** The PDF's text; poppler wraps right-to-left and embedded runs in bidi controls, which are not the document's text. */
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
/**
 * Text compared as its words and numbers in order: poppler rebuilds the logical order of a right-to-left line from the
 * glyphs' positions with a simpler rule than Unicode's, and puts spaces and punctuation next to an embedded number on
 * the wrong side ("יום 1 ·" comes back as "יום · 1", "14 יום" as "14יום"); the words and numbers themselves, and their order, are what a
 * renderer without bidi gets wrong (reversed words, numbers and word order).
 */
const words = (s: string) => ` ${(s.match(/[\u05d0-\u05ea]+|(?:(?![\u05d0-\u05ea])\p{L})+|\p{N}+/gu) ?? []).join(' ')} `;
const pdfInfo = (bytes: Buffer) => execFileSync('pdfinfo', ['-'], { input: bytes }).toString('utf8');

function exportPdf(body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/generate-trip-pdf', payload: body as string, headers });
}

async function exportRows() {
  return t.db.db.select().from(pdfExports).orderBy(pdfExports.id);
}

beforeAll(async () => {
  t = await createTripsTestApp();
  const all = await t.db.db
    .select({ id: rides.id, title: rides.title, language: rides.language, type: rides.type, manager: rides.rideManagerId })
    .from(rides)
    .orderBy(rides.id);
  ids.hebrew = all.find((r) => r.language === 'hebrew' && r.type === 'public' && r.title.includes('14'))?.id ?? 0;
  ids.english = all.find((r) => r.language === 'english' && r.type === 'public')?.id ?? 0;
  ids.private = all.find((r) => r.type === 'private')?.id ?? 0;
  expect(ids.hebrew * ids.english * ids.private).toBeGreaterThan(0);
});
afterAll(async () => t?.dispose());
beforeEach(async () => {
  await t.db.db.delete(pdfExports);
});

describe('generate-trip-pdf: who may export', () => {
  it('a visitor exports a public Hebrew trip: a PDF named by the title, its text in logical order, the export recorded', async () => {
    const [ride] = await t.db.db.select().from(rides).where(eq(rides.id, ids.hebrew));
    const res = await exportPdf({ rideId: ids.hebrew });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(`${ride?.title}.pdf`)}`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    // Hebrew comes out in reading order (a renderer without bidi gives the words reversed).
    for (const word of (ride?.title ?? '').split(/\s+/).filter((w) => /[\u0590-\u05ff]{2,}/.test(w)))
      expect(text).toContain(word);
    expect(words(text)).toContain(words(ride?.title ?? ''));
    expect(words(text)).toContain(words('יום 14'));
    expect(text).toContain(`${TEST_PUBLIC_URL}/single_ride_with_map/${ids.hebrew}`);
    expect(pdfInfo(res.rawPayload)).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    const rows = await exportRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rideId: ids.hebrew,
      userId: null,
      rideTitle: ride?.title,
      rideStartDate: ride?.startDate,
      rideEndDate: ride?.endDate,
    });
  });

  it('a form body and Letter paper: an English trip left to right on US Letter, recorded with the signed-in user', async () => {
    const headers = await demoBearer(t, 'traveller');
    const res = await exportPdf(`rideId=${ids.english}&paperSize=letter`, {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(200);
    expect(pdfInfo(res.rawPayload)).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Day 1');
    expect(text).toMatch(/Page 1 of \d+/);
    const [traveller] = await t.db.db.select().from(users).where(eq(users.email, 'traveller@demo.rides.local'));
    expect((await exportRows()).map((r) => r.userId)).toEqual([traveller?.id]);
  });

  it('a private trip: refused to a visitor and to a stranger (403, nothing recorded), exported by its planner and an authorised client', async () => {
    const anonymous = await exportPdf({ rideId: ids.private });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ ServerMassageCode: 'user_does_not_have_permission_to_this_private_ride' });
    const stranger = await exportPdf({ rideId: ids.private }, await strangerBearer(t));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().ServerMassageCode).toBe('user_does_not_have_permission_to_this_private_ride');
    expect(await exportRows()).toHaveLength(0);

    const [ride] = await t.db.db.select().from(rides).where(eq(rides.id, ids.private));
    const planner = await exportPdf({ rideId: ids.private }, await bearer(t, ride?.rideManagerId ?? 0, 'manager'));
    expect(planner.statusCode).toBe(200);
    expect(words(pdfText(planner.rawPayload))).toContain(words('יום 1'));

    const [client] = await t.db.db
      .insert(users)
      .values({ email: `client.${Date.now()}@example.com`, userName: 'Client' })
      .returning({ id: users.id });
    const clientId = (client as { id: number }).id;
    await t.db.db.insert(rideAuthorizedUsers).values({ rideId: ids.private, userId: clientId });
    t.app.rides.invalidateTrip(ids.private); // written here behind the access module's back: its cache is told
    const granted = await exportPdf({ rideId: ids.private }, await bearer(t, clientId));
    expect(granted.statusCode).toBe(200);
    expect((await exportRows()).map((r) => r.userId)).toEqual([ride?.rideManagerId, clientId]);
  });
});

describe('generate-trip-pdf: bad input answers a code and records nothing', () => {
  it('an unknown trip is 404 not_found', async () => {
    const res = await exportPdf({ rideId: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().ServerMassageCode).toBe('not_found');
    expect(await exportRows()).toHaveLength(0);
  });

  it.each([
    ['missing', {}],
    ['text', { rideId: 'abc' }],
    ['zero', { rideId: 0 }],
    ['negative', { rideId: -3 }],
    ['fraction', { rideId: 1.5 }],
    ['beyond 32 bits', { rideId: 2_147_483_648 }],
    ['an object', { rideId: { id: 1 } }],
    ['an unknown paper size', { rideId: 1, paperSize: 'A3' }],
  ])('rideId %s is 400 bad_request', async (_what, body) => {
    const res = await exportPdf(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().ServerMassageCode).toBe('bad_request');
    expect(await exportRows()).toHaveLength(0);
  });

  it('a body that is not JSON is a coded 400', async () => {
    const res = await exportPdf('{"rideId":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().ServerMassageCode).toBe('string');
  });
});

describe('generate-trip-pdf: every render worker busy', () => {
  it('with the queue full, an export is refused at once with 503 service_unavailable and Retry-After, and not recorded', async () => {
    // One worker and no queue: of exports sent together, the first is made and the others find the pool full.
    const busy = await createTestApp({}, { pdfPool: { size: 1, queueLimit: 0 } });
    try {
      await seedDemo(busy.db.db, { passwordHash: 'not-a-hash' });
      await busy.db.db.delete(pdfExports); // the demo's own exports (the billing report's)
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => busy.app.inject({ method: 'POST', url: '/api/generate-trip-pdf', payload: { rideId: ids.hebrew } })),
      );
      const made = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(made.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const r of refused) {
        expect(r.statusCode).toBe(503);
        expect(r.json()).toEqual({ ServerMassageCode: 'service_unavailable' });
        expect(r.headers['retry-after']).toBe('5');
      }
      expect(await busy.db.db.select().from(pdfExports)).toHaveLength(made.length);
      // Once the worker is free again, the next export is made.
      const later = await busy.app.inject({ method: 'POST', url: '/api/generate-trip-pdf', payload: { rideId: ids.hebrew } });
      expect(later.statusCode).toBe(200);
    } finally {
      await busy.dispose();
    }
  }, 120_000);
});

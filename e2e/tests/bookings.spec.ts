import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import nodemailer from 'nodemailer';
import { INBOUND_SMTP_PORT } from '../playwright.config.js';
import { expect, test } from '../support/fixtures.js';
import { auth, EDITING_BASE_URL, locale, newUser, shot, text, toast } from '../support/editing.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * Issue 34 "Done when": a traveller drops a mail and a PDF on their trip, checks the one preview, corrects a field,
 * confirms, and sees the stay and the flight on their days; the trip is extended to take the flight ("extend the trip").
 * The documents are the server's test corpus: an Airbnb mail in Hebrew (a stay, 2-5 June 2027, in Jerusalem) and an El
 * Al e-ticket PDF (LY 541 Tel Aviv - Athens, 20 May 2027 08:00), on a trip of 22 May - 5 June 2027. Hebrew on a desktop,
 * English on a phone (@phone); a visitor and a signed-in stranger see no "Add bookings". On the editing server.
 */
test.use({ baseURL: EDITING_BASE_URL });

const CORPUS = join(import.meta.dirname, '../../apps/server/test/bookings/corpus');
const MAIL = join(CORPUS, 'mail-he-airbnb.eml');
const PDF = join(CORPUS, 'pdf-he-elal-eticket.pdf');
const STAY = 'דירת גן שקטה בעין כרם';

async function newTrip(request: APIRequestContext, token: string, title: string) {
  const made = await request.post('/api/add_ride_api', {
    headers: { ...auth(token), ...ownClientAddress() },
    data: { title, checkIn: '22-05-2027', checkOut: '05-06-2027', is_publick: true, language: 'hebrew' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return ((await made.json()) as { rideId: number }).rideId;
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`bookings in (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);
    /** i18next's plural form for 2: Hebrew has its own "two". */
    const two = lang === 'he' ? 'two' : 'other';

    test('a mail and a PDF dropped, one field corrected, the stay and the flight on their days @phone', async ({
      page,
      request,
    }) => {
      test.slow(); // a trip page, two documents read, a confirmation, the page read again
      const user = await newUser(request, `bookings-${lang}`, 'Noa', { signIn: true });
      const rideId = await newTrip(request, user.token, `Bookings ${lang} ${Date.now().toString(36)}`);
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/single_ride_with_map/${rideId}`);

      await page.getByRole('button', { name: text(t, 'bookings.open') }).click();
      const dialog = page.getByRole('dialog', { name: text(t, 'bookings.dialogTitle') });
      await expect(dialog.getByText(text(t, 'bookings.onTrip.empty'))).toBeVisible();
      await shot(page, `bookings-start-${lang}`, { fullPage: false });

      // Both files at once, through the picker (as a drop hands them over).
      await dialog.locator('input[type=file]').setInputFiles([MAIL, PDF]);
      await expect(dialog.getByRole('heading', { name: text(t, 'bookings.preview.title') })).toBeVisible();
      const flights = dialog.getByRole('region', { name: text(t, 'bookings.groups.flight') });
      const stays = dialog.getByRole('region', { name: text(t, 'bookings.groups.lodging') });
      // Each end with its place's zone; the flight is before the trip, so the preview offers to extend it.
      await expect(flights).toContainText('20/05/2027 08:00 TLV (Asia/Jerusalem)');
      await expect(flights).toContainText('20/05/2027 10:15 ATH (Europe/Athens)');
      await expect(flights).toContainText(text(t, 'bookings.preview.outside'));
      await expect(stays.getByRole('heading', { name: STAY })).toBeVisible();
      await expect(stays.getByRole('textbox', { name: text(t, 'bookings.fields.reservationNumber') })).toHaveValue(
        'HMZZ88XY77',
      );
      await shot(page, `bookings-preview-${lang}`, { fullPage: false });

      // One field corrected: the flight leaves at 08:30, not 08:00.
      const departure = flights.getByRole('group', { name: text(t, 'bookings.ends.transport.start') });
      await departure.getByLabel(text(t, 'bookings.fields.time')).fill('08:30');
      await expect(flights).toContainText('20/05/2027 08:30 TLV (Asia/Jerusalem)');
      const extend = dialog.getByRole('checkbox', {
        name: text(t, 'bookings.preview.extend', { start: '20/05/2027', end: '05/06/2027' }),
      });
      await extend.check();
      await shot(page, `bookings-preview-corrected-${lang}`, { fullPage: false });
      await dialog.getByRole('button', { name: text(t, `bookings.preview.add_${two}`, { count: 2 }) }).click();

      await expect(dialog.getByText(text(t, `bookings.done.added_${two}`, { count: 2 }))).toBeVisible();
      await expect(
        dialog.getByText(text(t, 'bookings.done.extended', { start: '20/05/2027', end: '05/06/2027' })),
      ).toBeVisible();
      await shot(page, `bookings-done-${lang}`, { fullPage: false });
      await dialog.getByRole('button', { name: text(t, 'bookings.done.close') }).click();
      await expect(dialog).toHaveCount(0);

      // The trip page, read again: it starts on 20 May, the flight on its first day at its (corrected) time, the stay
      // from 2 June (day 14).
      const day1 = page.locator('#trip-day-1');
      await expect(day1).toContainText('LY 541');
      await expect(day1).toContainText('08:30');
      await page
        .getByRole('navigation', { name: text(t, 'trip.daysNav') })
        .getByRole('button', { name: text(t, 'trip.dayN', { number: 14 }), exact: true })
        .click();
      await expect(page.locator('#trip-day-14')).toContainText(STAY);
      await shot(page, `bookings-trip-${lang}`, { fullPage: false });

      // The bookings are listed on the trip, each with its document.
      await page.getByRole('button', { name: text(t, 'bookings.open') }).click();
      const onTrip = dialog.getByRole('list', { name: text(t, 'bookings.onTrip.title') });
      await expect(onTrip.getByRole('listitem')).toHaveCount(2);
      await expect(onTrip.getByRole('button', { name: text(t, 'bookings.onTrip.downloadLabel', { name: STAY }) })).toBeVisible();
      const download = page.waitForEvent('download');
      await onTrip.getByRole('button', { name: text(t, 'bookings.onTrip.downloadLabel', { name: 'LY 541 TLV → ATH' }) }).click();
      expect((await download).suggestedFilename()).toBe('pdf-he-elal-eticket.pdf');

      // The same mail again: already on the trip, nothing changes.
      await dialog.locator('input[type=file]').setInputFiles([MAIL]);
      await expect(dialog.getByText(text(t, 'bookings.preview.already'))).toBeVisible();
      await dialog.getByRole('button', { name: text(t, 'bookings.preview.add_one') }).click();
      await expect(dialog.getByText(text(t, 'bookings.done.unchanged_one'))).toBeVisible();
      await expect(toast(page, text(t, 'unknown_error'))).toHaveCount(0);
    });
  });
}

test.describe('bookings in: who sees the entry (he)', () => {
  test.use({ lang: 'he' });
  const t = locale('he');

  test('a visitor and a signed-in stranger see no "Add bookings"', async ({ page, request }) => {
    const owner = await newUser(request, 'bookings-owner', 'Owner');
    const rideId = await newTrip(request, owner.token, `Bookings visitor ${Date.now().toString(36)}`);
    // A visitor: the public trip, its days, no entry.
    await page.goto(`/single_ride_with_map/${rideId}`);
    await expect(page.locator('#trip-day-1')).toBeVisible();
    await expect(page.getByRole('button', { name: text(t, 'bookings.open') })).toHaveCount(0);
    // A signed-in reader who is none of the trip's people: no entry, and the server refuses their import.
    const stranger = await newUser(request, 'bookings-stranger', 'Stranger', { signIn: true });
    await signInThroughApi(page, request, stranger.email, stranger.password);
    await page.reload();
    await expect(page.getByRole('button', { name: text(t, 'tripEditing.dayMenu', { number: 1 }) })).toHaveCount(0);
    await expect(page.locator('#trip-day-1')).toBeVisible();
    await expect(page.getByRole('button', { name: text(t, 'bookings.open') })).toHaveCount(0);
    const refused = await request.post(`/api/trips/${rideId}/bookings/import`, {
      headers: { ...auth(stranger.token), ...ownClientAddress() },
      data: { text: 'Confirmation X7K2LM' },
    });
    expect(refused.status()).toBe(403);
  });
});

test.describe('bookings by mail (he)', () => {
  test.use({ lang: 'he' });
  const t = locale('he');

  test("a mail sent over SMTP to the trip's address waits in the dialog for review, then goes on the trip", async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await newUser(request, 'bookings-mail', 'Noa', { signIn: true });
    const rideId = await newTrip(request, user.token, `Bookings mail ${Date.now().toString(36)}`);
    await signInThroughApi(page, request, user.email, user.password);
    await page.goto(`/single_ride_with_map/${rideId}`);
    await page.getByRole('button', { name: text(t, 'bookings.open') }).click();
    const dialog = page.getByRole('dialog', { name: text(t, 'bookings.dialogTitle') });
    const address = await dialog.getByRole('textbox', { name: text(t, 'bookings.forward.addressLabel') }).inputValue();
    expect(address).toMatch(/^trip-[0-9a-f]{16}@in\.rides\.test$/);

    // The traveller forwards the confirmation from their own address (the envelope's sender: one of the trip's people).
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: INBOUND_SMTP_PORT, secure: false, ignoreTLS: true });
    await transport.sendMail({ envelope: { from: user.email, to: [address] }, raw: readFileSync(MAIL) });
    transport.close();

    // Opened again, the dialog reads the trip's bookings anew: the mail waits in it.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: text(t, 'bookings.open') }).click();
    const waiting = dialog.getByRole('list', { name: text(t, 'bookings.forward.waitingTitle') });
    await expect(waiting.getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: text(t, 'bookings.forward.review') }).click();
    const stays = dialog.getByRole('region', { name: text(t, 'bookings.groups.lodging') });
    await expect(stays.getByRole('heading', { name: STAY })).toBeVisible();
    await shot(page, 'bookings-mail-review-he', { fullPage: false });
    await dialog.getByRole('button', { name: text(t, 'bookings.preview.add_one') }).click();
    await expect(dialog.getByText(text(t, 'bookings.done.added_one'))).toBeVisible();
  });
});

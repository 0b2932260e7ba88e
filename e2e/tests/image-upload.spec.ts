import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { EDITING_PORT } from '../playwright.config.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { ownClientAddress, signInThroughApi } from '../support/session.js';

/**
 * The one image field (components/upload/ImageUpload, decision 0018) on the accommodation page: a file that is not an
 * image (text named .jpg) is refused by the server with its message in the page's language and nothing replaces the
 * image; a real photo shows its preview; removing it leaves no image, and saving stores none.
 */
test.use({ baseURL: `http://127.0.0.1:${EDITING_PORT}` });

type Dict = Record<string, unknown>;
const locale = (lang: 'he' | 'en') =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../apps/web/src/locales', `${lang}.json`), 'utf8'),
  ) as Dict;
const text = (dict: Dict, key: string) => {
  const raw = key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict);
  if (typeof raw !== 'string') throw new Error(`no text ${key}`);
  return raw;
};

async function newUserWithCopy(request: APIRequestContext, prefix: string, tripId: number) {
  const email = uniqueEmail(prefix);
  const password = 'secret-123';
  const res = await request.post('/api/register_new_user_api', {
    data: { email, password, userName: 'Uploader' },
    headers: ownClientAddress(),
  });
  expect(res.ok()).toBe(true);
  const token = ((await res.json()) as { token: string }).token;
  const copy = await request.get(`/api/add_ride_to_user_api/${tripId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(copy.ok()).toBe(true);
  return { email, password, token, rideId: ((await copy.json()) as { newRideId: number }).newRideId };
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`image field (${lang})`, () => {
    test.use({ lang });
    const t = locale(lang);
    test('not an image is refused in words, a photo is previewed, then removed @phone', async ({
      page,
      request,
    }) => {
      const user = await newUserWithCopy(request, `upload-${lang}`, lang === 'he' ? 843 : 72);
      await page.goto('/');
      await signInThroughApi(page, request, user.email, user.password);
      await page.goto(`/accommodation?rideId=${user.rideId}`);
      const input = page.locator('input[type="file"]');

      await input.setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('these are words, not a picture'),
      });
      await expect(page.getByText(text(t, 'file_is_not_an_image'))).toBeVisible();
      await expect(page.getByRole('img', { name: text(t, 'imageUpload.preview') })).toHaveCount(0);

      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c83' } })
        .png()
        .toBuffer();
      await input.setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: photo });
      const preview = page.getByRole('img', { name: text(t, 'imageUpload.preview') });
      await expect(preview).toBeVisible();
      await expect(page.getByText(text(t, 'file_is_not_an_image'))).toHaveCount(0);
      const src = (await preview.getAttribute('src')) ?? '';
      const stored = await request.get(src);
      expect(stored.headers()['content-type']).toBe('image/webp');

      await page.getByRole('button', { name: text(t, 'imageUpload.remove') }).click();
      await expect(preview).toHaveCount(0);
      await expect(page.getByRole('button', { name: text(t, 'imageUpload.choose') })).toBeVisible();
    });
  });
}

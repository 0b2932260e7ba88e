import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { copyOf, EDITING_BASE_URL, locale, newUser, text } from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

/**
 * The one image field (components/upload/ImageUpload, decision 0018) on the accommodation page: a file that is not an
 * image (text named .jpg) is refused by the server with its message in the page's language and nothing replaces the
 * image; a real photo shows its preview; removing it leaves no image, and saving stores none.
 */
test.use({ baseURL: EDITING_BASE_URL });

async function newUserWithCopy(request: APIRequestContext, prefix: string, tripId: number) {
  const user = await newUser(request, prefix, 'Uploader');
  return { ...user, rideId: await copyOf(request, user.token, tripId) };
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

import type { Page } from '@playwright/test';
import {
  auth,
  copyOf,
  type Dict,
  EDITING_BASE_URL,
  locale,
  newUser,
  shot,
  text,
  toast,
} from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

/**
 * No silent overwrites (issue 33 point 3, decision 0065): two tabs of one author on the day notes of their trip. A
 * saves day 2's note; B, still showing the trip as it was, saves day 2's note too: the server refuses it (409
 * trip_changed_meanwhile), B sees what changed meanwhile and by whom, and chooses. Hebrew: "apply my change again"
 * (B's note is saved on the trip as A left it, A's is not lost); English, more cheaply: "drop my change" (A's stays).
 * The rule's cases are unit and API tests (apps/server/test/access/edit-clash.test.ts, test/api/if-match.test.ts).
 */
test.use({ baseURL: EDITING_BASE_URL });

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const saveButton = (t: Dict) =>
  new RegExp(
    `^(${escapeRe(text(t, 'tripEditing.info.add'))}|${escapeRe(text(t, 'tripEditing.info.update'))})$`,
  );

async function writeDayNote(page: Page, t: Dict, note: string) {
  const day2 = page.locator('#day-2');
  await day2.getByLabel(text(t, 'tripEditing.info.content')).first().fill(note);
  await day2
    .getByRole('button', { name: saveButton(t) })
    .first()
    .click();
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`conflicts (${lang})`, () => {
    test.use({ lang });
    test(`a stale edit is refused, said, and applied again or dropped (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const t = locale(lang);
      const user = await newUser(request, `conflict-${lang}`, `Dana ${lang}`, { signIn: true });
      // The user's own copy of a public trip in this language (843 Hebrew, 72 English; as trip-editing.spec.ts).
      const rideId = await copyOf(request, user.token, lang === 'he' ? 843 : 72);
      const form = `/ride_extra_information/${rideId}#day-2`;

      // B: this test's page. A: a second tab of the same author, with its own copy of the app (and of the trip).
      const a = await page.context().newPage();
      // As the fixture does for `page`: the language and the cookie banner answered.
      await a.addInitScript((l) => {
        localStorage.setItem('selectedLanguage', l);
        localStorage.setItem('cookieConsent', 'true');
      }, lang);
      for (const tab of [page, a]) {
        await signInThroughApi(tab, request, user.email, user.password);
        await tab.goto(form);
        await expect(
          tab
            .locator('#day-2')
            .getByRole('button', { name: saveButton(t) })
            .first(),
        ).toBeVisible();
      }

      const noteA = `A ${lang}: leave at 8`;
      const noteB = `B ${lang}: leave at 9`;
      await writeDayNote(a, t, noteA);
      await expect(toast(a, text(t, 'tripEditing.info.saved'))).toBeVisible();

      await writeDayNote(page, t, noteB);
      const dialog = page.getByRole('dialog', { name: text(t, 'conflicts.title') });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(text(t, 'conflicts.intro'))).toBeVisible();
      // Who changed what: the author's own name, "notes" on day 2's date.
      await expect(dialog.getByRole('listitem')).toContainText(`Dana ${lang}`);
      await expect(dialog.getByRole('listitem')).toContainText(text(t, 'conflicts.what.texts'));
      await shot(page, `trip-conflict-${lang}`, { fullPage: false });
      if (process.env.SHOTS_DIR) {
        // For review at a phone's width too (only when screenshots are asked for).
        const size = page.viewportSize();
        await page.setViewportSize({ width: 390, height: 780 });
        await shot(page, `trip-conflict-${lang}`, { fullPage: false });
        if (size) await page.setViewportSize(size);
      }
      // Behind the dialog the page already shows the trip as A left it.
      await expect(page.locator('#day-2').getByText(noteA)).toBeAttached();

      const notesOfDay2 = async () => {
        const res = await request.get(`/api/ride_attractions_api/${rideId}`, { headers: auth(user.token) });
        const ride = (
          (await res.json()) as { ride: { rideExtraInformationByDay: { dayIndex: number; text: string }[] } }
        ).ride;
        return ride.rideExtraInformationByDay
          .filter((n) => n.dayIndex === 1)
          .map((n) => n.text)
          .join('\n');
      };

      if (lang === 'he') {
        await dialog.getByRole('button', { name: text(t, 'conflicts.again') }).click();
        await expect(dialog).toBeHidden();
        await expect(toast(page, text(t, 'tripEditing.info.saved'))).toBeVisible();
        await expect(page.locator('#day-2').getByText(noteB)).toBeAttached();
        await expect.poll(notesOfDay2).toContain(noteB);
      } else {
        await dialog.getByRole('button', { name: text(t, 'conflicts.drop') }).click();
        await expect(dialog).toBeHidden();
        await expect(page.locator('#day-2').getByText(noteA)).toBeAttached();
        const stored = await notesOfDay2();
        expect(stored).toContain(noteA);
        expect(stored).not.toContain(noteB);
      }
      await a.close();
    });
  });
}

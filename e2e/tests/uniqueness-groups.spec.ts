import type { APIRequestContext } from '@playwright/test';
import {
  auth,
  copyOf,
  EDITING_BASE_URL,
  locale,
  login,
  PLANNER,
  shot,
  text,
  toast,
} from '../support/editing.js';
import { expect, test } from '../support/fixtures.js';
import { signInThroughApi } from '../support/session.js';

/**
 * Attraction uniqueness groups (001 §2, 002 §2.1 /editing_atractions_uniqnes; decision 0040) in Hebrew (desktop) and
 * English (phone): the demo planner opens the screen from the library and sees the demo's group and proposal; two
 * pairs of records this test makes (the same name at the same place) are proposed, one accepted, one dismissed and made
 * again and accepted; the main changes; a record moves into the other group, whose last record is then no group.
 * Anyone else is sent to / (manager-screens.spec.ts). On the editing server, with records of its own (other runs share the planner).
 */
test.use({ baseURL: EDITING_BASE_URL });

interface Group {
  AttractionUniqnessId: number;
  chosenAttraction: { id: number; title: string } | null;
  convertedUniqAtractions: { id: number; title: string }[];
}

async function groups(request: APIRequestContext, token: string): Promise<Group[]> {
  const res = await request.get('/api/attraction_uniqnes', { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { groups: Group[] }).groups;
}

/** Two records of one place (the same title, a few metres apart) in a trip of the planner's. */
async function pair(
  request: APIRequestContext,
  token: string,
  rideId: number,
  title: string,
  lat: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const dLat of [0, 0.0001]) {
    const res = await request.post(`/api/create_attraction_and_add_to_ride_api/${rideId}`, {
      headers: auth(token),
      data: { title, lat: lat + dLat, lng: 34.78 },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push(((await res.json()) as { attractionId: number }).attractionId);
  }
  return ids;
}

for (const lang of ['he', 'en'] as const) {
  test.describe(`uniqueness groups (${lang})`, () => {
    test.use({ lang });
    test.describe.configure({ timeout: 120_000 });
    const t = locale(lang);
    const TRIP = lang === 'he' ? 843 : 72;

    test('the planner accepts and dismisses proposals, sets a main and moves a record @phone', async ({
      page,
      request,
    }) => {
      const token = await login(request, PLANNER);
      const rideId = await copyOf(request, token, TRIP);
      const run = `${lang}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const first = `Fountain ${run}`;
      const second = `Gate ${run}`;
      const [a1, a2] = await pair(request, token, rideId, first, 32.08);
      const [b1] = await pair(request, token, rideId, second, 32.09);

      await signInThroughApi(page, request, PLANNER);
      await page.goto('/ride_manager_attraction');
      await page.getByRole('link', { name: text(t, 'plannerLibrary.duplicates') }).click();
      await expect(page).toHaveURL(/\/editing_atractions_uniqnes$/);
      await expect(
        page.getByRole('heading', { level: 1, name: text(t, 'uniquenessGroups.title') }),
      ).toBeVisible();

      // The demo's group (Rosh Hanikra, the Hebrew record its main) and its proposal (Masada: the same place id).
      const proposals = page.getByRole('region', { name: text(t, 'uniquenessGroups.proposalsTitle') });
      const groupsRegion = page.getByRole('region', { name: text(t, 'uniquenessGroups.groupsTitle') });
      await expect(groupsRegion.getByRole('heading', { level: 3, name: /נקרות ראש הנקרה/ })).toBeVisible();
      await expect(proposals.locator('li').filter({ hasText: 'Masada' }).first()).toContainText(
        text(t, 'uniquenessGroups.reasonPlaceId'),
      );

      // This run's two proposals, by name within 50 m.
      const firstCard = proposals.locator(':scope > ul > li').filter({ hasText: first });
      const secondCard = proposals.locator(':scope > ul > li').filter({ hasText: second });
      await expect(firstCard).toContainText(text(t, 'uniquenessGroups.reasonName'));
      await expect(firstCard.getByText(text(t, 'uniquenessGroups.suggestedMain'))).toHaveCount(1);
      await shot(page, `uniqueness-${lang}`, { fullPage: false });

      // Dismissed: not proposed again.
      await secondCard
        .getByRole('button', { name: text(t, 'uniquenessGroups.dismissNamed', { title: second }) })
        .click();
      await expect(toast(page, text(t, 'uniquenessGroups.dismissed'))).toBeVisible();
      await expect(secondCard).toHaveCount(0);
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: text(t, 'uniquenessGroups.title') }),
      ).toBeVisible();
      await expect(proposals.locator(':scope > ul > li').filter({ hasText: second })).toHaveCount(0);

      // Accepted: a group, its suggested main (the older record) marked.
      await firstCard
        .getByRole('button', { name: text(t, 'uniquenessGroups.acceptNamed', { title: first }) })
        .click();
      await expect(toast(page, text(t, 'uniquenessGroups.accepted'))).toBeVisible();
      await expect(firstCard).toHaveCount(0);
      const made = (await groups(request, token)).find((g) => g.chosenAttraction?.id === a1);
      expect(made?.convertedUniqAtractions.map((a) => a.id)).toEqual([a2]);
      const gid = made!.AttractionUniqnessId;
      const table = page.getByRole('table', {
        name: text(t, 'uniquenessGroups.groupHeading', { id: gid, name: first }),
      });
      // Its records (a phone hides the header row: cards), the main first and marked.
      const records = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await expect(records).toHaveCount(2);
      await expect(
        records.first().getByText(text(t, 'uniquenessGroups.main'), { exact: true }),
      ).toBeVisible();

      // The other record becomes the main.
      await table
        .getByRole('button', { name: text(t, 'uniquenessGroups.setMainNamed', { title: first }) })
        .click();
      await expect(toast(page, text(t, 'uniquenessGroups.mainSet'))).toBeVisible();
      await expect
        .poll(
          async () =>
            (await groups(request, token)).find((g) => g.AttractionUniqnessId === gid)?.chosenAttraction?.id,
        )
        .toBe(a2);

      // A second group through the API (the second pair, made again as a set the planner did not dismiss), then a
      // record of it moved into the first group from its row: the second group, left with one record, is no group.
      const [c1] = await pair(request, token, rideId, second, 32.09);
      const accepted = await request.post('/api/accept_attraction_uniqnes_proposal', {
        headers: auth(token),
        data: { attractionIds: [b1, c1], mainId: b1 },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
      const other = ((await accepted.json()) as { group: Group }).group.AttractionUniqnessId;
      await page.reload();
      const otherTable = page.getByRole('table', {
        name: text(t, 'uniquenessGroups.groupHeading', { id: other, name: second }),
      });
      const row = otherTable
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader') })
        .first();
      await row
        .getByRole('combobox', { name: text(t, 'uniquenessGroups.moveTo', { title: second }) })
        .selectOption(String(gid));
      await shot(page, `uniqueness-groups-${lang}`, { fullPage: true });
      await row.getByRole('button', { name: text(t, 'uniquenessGroups.move'), exact: true }).click();
      await expect(toast(page, text(t, 'uniquenessGroups.moved'))).toBeVisible();
      await expect(otherTable).toHaveCount(0);
      const now = (await groups(request, token)).find((g) => g.AttractionUniqnessId === gid);
      expect(
        [now?.chosenAttraction?.id, ...(now?.convertedUniqAtractions.map((a) => a.id) ?? [])].sort(),
      ).toEqual([a1, a2, b1].sort());
    });
  });
}

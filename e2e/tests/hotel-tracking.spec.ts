import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';

/**
 * The hotel partner link (000 §7, issue 3 item 6): before it opens, two tracking events fire (Lead and our custom
 * booking event) through lib/analytics, which is a no-op until a tracker is on the page. A deployment's Meta Pixel
 * (window.fbq) and Google Tag Manager data layer (window.dataLayer) are stood in for by stubs installed before the
 * app starts. Trip 1 carries the demo booking mapping.
 */
interface Probe {
  fbq: unknown[][];
  dataLayer: unknown[] | null;
  /** What had been sent when the click finished dispatching, i.e. before the browser followed the link. */
  atClick: { fbq: unknown[][]; dataLayer: unknown[] | null; prevented: boolean; href: string | null } | null;
  trackers: { fbq: string; dataLayer: string };
}

/** Records, at the end of every click's dispatch (a window listener runs after the app's), what was tracked. */
async function installClickProbe(page: Page, withTrackers: boolean) {
  await page.addInitScript((trackers) => {
    const w = window as unknown as Record<string, unknown>;
    const calls: unknown[][] = [];
    w.__fbqCalls = calls;
    if (trackers) {
      w.fbq = (...args: unknown[]) => void calls.push(JSON.parse(JSON.stringify(args)) as unknown[]);
      w.dataLayer = [];
    }
    w.__atClick = null;
    window.addEventListener('click', (event) => {
      const layer = Array.isArray(w.dataLayer) ? (JSON.parse(JSON.stringify(w.dataLayer)) as unknown[]) : null;
      w.__atClick = {
        fbq: JSON.parse(JSON.stringify(calls)) as unknown[][],
        dataLayer: layer,
        prevented: event.defaultPrevented,
        href: (event.target as Element | null)?.closest('a')?.href ?? null,
      };
    });
  }, withTrackers);
}

const probe = (page: Page) =>
  page.evaluate((): Probe => {
    const w = window as unknown as Record<string, unknown>;
    return {
      fbq: w.__fbqCalls as unknown[][],
      dataLayer: Array.isArray(w.dataLayer) ? (w.dataLayer as unknown[]) : null,
      atClick: w.__atClick as Probe['atClick'],
      trackers: { fbq: typeof w.fbq, dataLayer: typeof w.dataLayer },
    };
  });

interface Stay {
  id: number;
  hotelAffiliate: { destination_id: string; destination_type: string; name: string | null } | null;
}

test.describe('hotel link tracking', () => {
  // The interface is the user's language, never the trip's (decision 0042): this Hebrew trip is read in Hebrew.
  test.use({ lang: 'he' });
  test.beforeEach(async ({ context }) => {
    // The partner's page opens in a new tab; it is answered here, never fetched from the internet.
    await context.route(/^https:\/\/www\.booking\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>partner</title>' }),
    );
  });

  test('with a tracker on the page, Lead and the booking event fire with the stay before the link opens', async ({
    page,
    request,
  }) => {
    await installClickProbe(page, true);
    const trip = (await (await request.get('/api/ride_attractions_api/1')).json()) as {
      attractionsByDay: { accommodation: Stay | null; base_trip_accommodation: Stay | null }[];
    };
    const first = trip.attractionsByDay.map((d) => d.accommodation ?? d.base_trip_accommodation).find((s) => s?.hotelAffiliate);
    expect(first?.hotelAffiliate).toBeTruthy();
    const affiliate = first!.hotelAffiliate!;
    const payload = {
      ride_id: 1,
      accommodation_id: first!.id,
      destination_id: affiliate.destination_id,
      destination_type: affiliate.destination_type,
      content_name: affiliate.name,
    };

    await page.goto('/single_ride_with_map/1');
    const hotels = page.getByRole('link', { name: /^מלונות מומלצים ב/ }).first();
    const href = await hotels.getAttribute('href');
    expect(href).toMatch(/^https:\/\/www\.booking\.com\/searchresults\.html\?aid=demo-aid&/);
    // Nothing is sent just by showing the page.
    expect((await probe(page)).fbq).toEqual([]);

    const popup = page.waitForEvent('popup');
    await hotels.click();
    await expect((await popup)).toHaveURL(href!);

    const { atClick, fbq, dataLayer } = await probe(page);
    expect(atClick?.href).toBe(href);
    expect(atClick?.prevented).toBe(false);
    // Both events, in order, were with the trackers when the click ended: before the browser followed the link.
    expect(atClick?.fbq).toEqual([
      ['track', 'Lead', payload],
      ['trackCustom', 'booking_click', payload],
    ]);
    expect(atClick?.dataLayer).toEqual([
      { event: 'Lead', ...payload },
      { event: 'booking_click', ...payload },
    ]);
    // And nothing more afterwards.
    expect(fbq).toEqual(atClick?.fbq);
    expect(dataLayer).toEqual(atClick?.dataLayer);
  });

  test('without a tracker nothing is sent, and the link still opens @phone', async ({ page }) => {
    await installClickProbe(page, false);
    const outside: string[] = [];
    page.on('request', (r) => {
      // Map tiles and photos are images from other hosts; a tracker would call out with a script, a beacon or a fetch.
      if (new URL(r.url()).hostname !== '127.0.0.1' && r.resourceType() !== 'image') outside.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/single_ride_with_map/1');
    const hotels = page.getByRole('link', { name: /^מלונות מומלצים ב/ }).first();
    const href = await hotels.getAttribute('href');
    const popup = page.waitForEvent('popup');
    await hotels.click();
    await expect((await popup)).toHaveURL(href!);

    const { atClick, trackers } = await probe(page);
    expect(atClick?.href).toBe(href);
    expect(atClick?.prevented).toBe(false);
    expect(atClick?.fbq).toEqual([]);
    expect(atClick?.dataLayer).toBeNull();
    // The app installs no tracker of its own and calls no outside service for it.
    expect(trackers).toEqual({ fbq: 'undefined', dataLayer: 'undefined' });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});

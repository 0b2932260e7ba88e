import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsConfigured, configureAnalytics, track } from '../src/lib/analytics';

/** The tracking module (000 §7): nothing until configured; a page's Meta Pixel / tag manager, or a sink of ours. */
const page = globalThis as unknown as { window?: { fbq?: unknown; dataLayer?: unknown } };

afterEach(() => {
  configureAnalytics(null);
  delete page.window;
});

describe('analytics', () => {
  it('is a no-op until configured', () => {
    expect(analyticsConfigured()).toBe(false);
    expect(() => track('Lead', { ride_id: 1 })).not.toThrow();
    page.window = {};
    expect(analyticsConfigured()).toBe(false);
    track('Lead', { ride_id: 1 });
    expect(page.window).toEqual({});
  });

  it("sends to the page's Meta Pixel (standard and custom events) and data layer, without empty properties", () => {
    const fbq = vi.fn();
    const dataLayer: unknown[] = [];
    page.window = { fbq, dataLayer };
    expect(analyticsConfigured()).toBe(true);
    track('Lead', { ride_id: 1, content_name: 'Haifa', destination_id: undefined });
    track('booking_click', { ride_id: 1 });
    expect(fbq.mock.calls).toEqual([
      ['track', 'Lead', { ride_id: 1, content_name: 'Haifa' }],
      ['trackCustom', 'booking_click', { ride_id: 1 }],
    ]);
    expect(dataLayer).toEqual([
      { event: 'Lead', ride_id: 1, content_name: 'Haifa' },
      { event: 'booking_click', ride_id: 1 },
    ]);
  });

  it('a configured sink gets the events too; a throwing target stops neither the others nor the caller', () => {
    const sink = vi.fn(() => {
      throw new Error('tracker down');
    });
    const dataLayer: unknown[] = [];
    page.window = { fbq: 'not a function', dataLayer };
    configureAnalytics(sink);
    expect(() => track('Lead', { ride_id: 2 })).not.toThrow();
    expect(sink).toHaveBeenCalledWith('Lead', { ride_id: 2 });
    expect(dataLayer).toEqual([{ event: 'Lead', ride_id: 2 }]);
    configureAnalytics(null);
    delete page.window;
    expect(analyticsConfigured()).toBe(false);
  });
});

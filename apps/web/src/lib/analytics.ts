/**
 * Tracking events (000 §7: "before a hotel link opens, two tracking events fire: a lead event and a custom booking
 * event"; 001 §2 the same on the accommodation search).
 *
 * A NO-OP until configured: the product ships no tracker, so `track()` does nothing and costs nothing. It is
 * configured in one of two ways:
 *  - a tracker on the page: a deployment that adds the Meta Pixel (`window.fbq`) or Google Tag Manager / gtag.js
 *    (`window.dataLayer`) gets every event there, with nothing else to set. A standard event (Lead) goes to
 *    `fbq('track', …)`, our own to `fbq('trackCustom', …)`; the data layer gets `{ event, ...props }`. Looked up at
 *    each event, so a tag that loads late (or never) is fine.
 *  - `configureAnalytics(sink)` once at start, for any other service; `configureAnalytics(null)` switches it off
 *    again (the page's trackers still apply).
 *
 * Events are sent synchronously, so a link's click handler has sent them before the browser follows the link. A sink
 * or tracker that throws never breaks the click that fired the event.
 */
export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;
type AnalyticsSink = (event: string, props: AnalyticsProps) => void;

/** The events the product fires (000 §7): Meta's standard Lead, and our booking click. */
export const ANALYTICS_EVENTS = { lead: 'Lead', bookingClick: 'booking_click' } as const;
/** Meta Pixel standard events among ours (the others are custom events there). */
const STANDARD_EVENTS: ReadonlySet<string> = new Set([ANALYTICS_EVENTS.lead]);

interface TrackerGlobals {
  fbq?: unknown;
  dataLayer?: unknown;
}

let sink: AnalyticsSink | null = null;

export function configureAnalytics(next: AnalyticsSink | null): void {
  sink = next;
}

/** The trackers installed on the page (none in the product as shipped). */
function pageTrackers(): AnalyticsSink[] {
  const page = (typeof window === 'undefined' ? undefined : window) as TrackerGlobals | undefined;
  const found: AnalyticsSink[] = [];
  const fbq = page?.fbq;
  if (typeof fbq === 'function')
    found.push((event, props) => fbq(STANDARD_EVENTS.has(event) ? 'track' : 'trackCustom', event, props));
  const dataLayer = page?.dataLayer;
  if (Array.isArray(dataLayer)) found.push((event, props) => dataLayer.push({ event, ...props }));
  return found;
}

export const analyticsConfigured = (): boolean => sink !== null || pageTrackers().length > 0;

/** Sends an event to every configured target; properties without a value are left out. */
export function track(event: string, props: AnalyticsProps = {}): void {
  const targets = sink ? [sink, ...pageTrackers()] : pageTrackers();
  if (targets.length === 0) return;
  const payload: AnalyticsProps = {};
  for (const [key, value] of Object.entries(props)) if (value !== undefined) payload[key] = value;
  for (const target of targets) {
    try {
      // Each target gets its own copy: a tracker may keep or change what it is given.
      target(event, { ...payload });
    } catch {
      // Tracking must never stop the user's action.
    }
  }
}

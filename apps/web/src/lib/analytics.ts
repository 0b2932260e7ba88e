/**
 * Tracking events (000 §7: "before a hotel link opens, two tracking events fire: a lead event and a custom booking
 * event"; 001 §2 the same on the accommodation search).
 *
 * A NO-OP until configured: the product ships no tracker, so `track()` does nothing and costs nothing until the
 * app (or a white-label deployment) calls `configureAnalytics(sink)` once at start, for example with a Meta Pixel
 * or a Google tag:
 *
 *   configureAnalytics((event, props) => window.fbq?.(event === 'Lead' ? 'track' : 'trackCustom', event, props));
 *
 * `configureAnalytics(null)` switches it off again. A sink that throws never breaks the click that fired the event.
 */
export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;
export type AnalyticsSink = (event: string, props: AnalyticsProps) => void;

let sink: AnalyticsSink | null = null;

export function configureAnalytics(next: AnalyticsSink | null): void {
  sink = next;
}

export const analyticsConfigured = (): boolean => sink !== null;

export function track(event: string, props: AnalyticsProps = {}): void {
  if (!sink) return;
  try {
    sink(event, props);
  } catch {
    // Tracking must never stop the user's action.
  }
}

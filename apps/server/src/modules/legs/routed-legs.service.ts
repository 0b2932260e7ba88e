import type { GeoPoint, LegMode, RoutingService } from '@rides/contract';
import type { Database } from '../../db/client.js';
import type { RoutingProviders } from '../../providers/routing/index.js';
import { RoutingProviderError, type RoutedFigures } from '../../providers/routing/types.js';
import {
  keepLeg,
  keptLegs,
  legEnds,
  legKeyOf,
  legKeyText,
  pruneRoutedLegs,
  type LegKey,
} from './legs.repository.js';

/**
 * The routed legs of one call (issue 36 point 1, decision 0071): for the legs of a trip by one mode, the configured
 * service's answers, within one deadline for the whole call.
 *
 *  - Kept first: answers in routed_legs (shared by every process) younger than the mode's MAX_AGE_DAYS.
 *  - The rest are asked of the service, CONCURRENCY at a time for the call, each within the provider's time-out; one
 *    leg asked by two calls at once is one request. What has answered when the deadline comes (DEADLINE_MS from the
 *    call's start) is routed; everything else is the caller's to estimate. No new request starts after the deadline;
 *    those running go on (to their own time-out) and keep their answers for the next call.
 *  - A service that could not be reached (no connection, an error, a time-out, an answer not of its protocol) is left
 *    alone for REST_MS: meanwhile every leg by its modes is estimated at once, instead of each waiting for it. A "no
 *    route" answer (an island, a point far from any road) is that leg's estimate, and nothing against the service.
 *  - Both ends of a leg are rounded to 1e-5 degree (the cache's key) before they are asked; a leg whose ends round to
 *    one point is not asked (it is no distance).
 */
export const DEADLINE_MS = 2000;
export const CONCURRENCY = 6;
export const REST_MS = 30_000;
/** Answers older than this are asked again: roads change slowly, timetables every season. */
export const MAX_AGE_DAYS: Record<LegMode, number> = { walk: 30, drive: 30, bike: 30, transit: 7 };
/** Kept answers older than the oldest usable are removed, at most once a day per process. */
const PRUNE_EVERY_MS = 86_400_000;

export interface LegEnds {
  from: GeoPoint;
  to: GeoPoint;
}

export interface RoutedLegs {
  /** The service that answers `mode`, or null (estimated). */
  serviceFor(mode: LegMode): RoutingService | null;
  /** The routed figures of these legs by `mode` (by legKeyText of legKeyOf(from, to)): those known within the deadline. */
  route(db: Database, mode: LegMode, legs: readonly LegEnds[]): Promise<Map<string, RoutedFigures>>;
  /** Waits for the requests still running (each within its time-out) and their answers kept: the server's close. */
  settled(): Promise<void>;
}

export interface RoutedLegsDeps {
  providers: RoutingProviders;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
  deadlineMs?: number;
  restMs?: number;
  concurrency?: number;
}

export function createRoutedLegs(deps: RoutedLegsDeps): RoutedLegs {
  const now = deps.now ?? (() => new Date());
  const deadlineMs = deps.deadlineMs ?? DEADLINE_MS;
  const restMs = deps.restMs ?? REST_MS;
  const concurrency = deps.concurrency ?? CONCURRENCY;
  /** Until when each service is left alone (epoch ms). */
  const restUntil = new Map<RoutingService, number>();
  /** Requests in flight, by service, mode and leg: a second asker waits for the same answer. */
  const inFlight = new Map<string, Promise<RoutedFigures | null>>();
  let lastPrune = 0;

  const resting = (service: RoutingService) => (restUntil.get(service) ?? 0) > Date.now();

  function prune(db: Database) {
    const at = Date.now();
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    const oldest = Math.max(...Object.values(MAX_AGE_DAYS));
    pruneRoutedLegs(db, new Date(now().getTime() - oldest * 86_400_000)).catch((err: unknown) =>
      deps.log?.warn({ err }, 'routed legs: pruning failed'),
    );
  }

  /** One leg asked of the service (or joined to the same request in flight); null: not answered. */
  function ask(db: Database, mode: LegMode, key: LegKey): Promise<RoutedFigures | null> {
    const provider = deps.providers[mode];
    if (!provider) return Promise.resolve(null);
    const id = `${provider.service}:${mode}:${legKeyText(key)}`;
    const running = inFlight.get(id);
    if (running) return running;
    const { from, to } = legEnds(key);
    const answer = (async () => {
      try {
        const figures = await provider.route(from, to, mode);
        try {
          await keepLeg(db, provider.service, mode, key, figures, now());
          prune(db);
        } catch (err) {
          deps.log?.warn({ err, service: provider.service }, 'routed legs: keeping an answer failed');
        }
        return figures;
      } catch (err) {
        if (err instanceof RoutingProviderError && err.kind === 'no_route') return null;
        if (!resting(provider.service))
          deps.log?.warn(
            { err: err instanceof Error ? err.message : String(err), service: provider.service },
            `routing service unreachable; legs are estimated for ${restMs / 1000} s`,
          );
        restUntil.set(provider.service, Date.now() + restMs);
        return null;
      } finally {
        inFlight.delete(id);
      }
    })();
    inFlight.set(id, answer);
    return answer;
  }

  return {
    serviceFor: (mode) => deps.providers[mode]?.service ?? null,

    async settled() {
      await Promise.allSettled([...inFlight.values()]);
    },

    async route(db, mode, legs) {
      const out = new Map<string, RoutedFigures>();
      const provider = deps.providers[mode];
      if (!provider) return out;
      const started = Date.now();
      const keys = new Map<string, LegKey>();
      for (const leg of legs) {
        const key = legKeyOf(leg.from, leg.to);
        if (key.fromLat === key.toLat && key.fromLng === key.toLng) continue;
        keys.set(legKeyText(key), key);
      }
      if (keys.size === 0) return out;
      const freshAfter = new Date(now().getTime() - MAX_AGE_DAYS[mode] * 86_400_000);
      for (const [text, figures] of await keptLegs(
        db,
        provider.service,
        mode,
        [...keys.values()],
        freshAfter,
      ))
        out.set(text, figures);
      const missing = [...keys].filter(([text]) => !out.has(text));
      if (missing.length === 0 || resting(provider.service)) return out;

      let open = true;
      let next = 0;
      const worker = async () => {
        while (open && next < missing.length && !resting(provider.service)) {
          const [text, key] = missing[next++] as [string, LegKey];
          const figures = await ask(db, mode, key);
          if (open && figures) out.set(text, figures);
        }
      };
      const workers = Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.max(0, deadlineMs - (Date.now() - started)));
      });
      await Promise.race([workers, deadline]);
      clearTimeout(timer);
      open = false;
      return out;
    },
  };
}

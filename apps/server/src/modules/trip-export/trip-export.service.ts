import { randomBytes } from 'node:crypto';
import {
  isPrivateRideWire,
  tripExportPath,
  TRIP_EXPORT_TYPES,
  webcalOf,
  type CalendarFeedResponse,
  type TripExportFormat,
} from '@rides/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { TripViewer } from '../access/trip-access.policy.js';
import type { TripsService } from '../trips/trips.service.js';
import type { RideView } from '../trips/trips.presenter.js';
import { exportModel, type ExportTrip } from './export-model.js';
import { tripGpx } from './gpx.js';
import { tripIcs } from './ics.js';
import { tripKml } from './kml.js';
import { createTripExportRepository } from './trip-export.repository.js';

/**
 * The trip's files (ICS, GPX, KML) and its calendar feed's address (issue 19 points 3, 4; decision 0033). Access is
 * the one view policy's, through the rides module's view (the same cached trip and the same answer as the trip page:
 * unknown 404, a private trip the viewer may not view 403); a feed token stands for the viewer it was made for.
 */

export interface TripExportFile {
  body: string;
  type: string;
  /** A file name from the trip's title (letters of any script, digits, spaces and dashes), with the format's extension. */
  fileName: string;
}

export interface TripExportServiceOptions {
  db: Database;
  rides: TripsService;
  /** The host of the events' UIDs (PUBLIC_URL's, else localhost): the same on every request, as calendars match by UID. */
  uidHost: string;
  now?: () => Date;
}

const newToken = () => randomBytes(32).toString('base64url');

/**
 * The export model of a presented trip, made once per presentation: getTripView hands out the rides cache's own
 * objects (the same ride and day list until the trip changes or leaves the cache), so a subscribed calendar's polls,
 * and the GPX and KML after the ICS, do not convert every text again (the HTML of 900 activities to plain text was
 * most of a 60-day export). Held weakly: the model goes with the cache's entry.
 */
const models = new WeakMap<object, { ride: object; trip: ExportTrip }>();

function modelOf(view: RideView): ExportTrip {
  const known = models.get(view.attractionsByDay);
  if (known?.ride === view.ride) return known.trip;
  const trip = exportModel(view);
  models.set(view.attractionsByDay, { ride: view.ride, trip });
  return trip;
}

export function fileNameOf(title: string, rideId: number, format: TripExportFormat): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || `trip-${rideId}`}.${format}`;
}

export function createTripExportService(opts: TripExportServiceOptions) {
  const repo = createTripExportRepository(opts.db);
  const now = opts.now ?? (() => new Date());
  const host = opts.uidHost;

  /** The viewer a request reads as: a feed token's user when it matches this trip, else the request's own. */
  async function viewerOf(
    rideId: number,
    viewer: TripViewer,
    token: string | undefined,
  ): Promise<TripViewer> {
    if (!token) return viewer;
    return (await repo.feedUser(rideId, token)) ?? viewer;
  }

  /** The feed's address on the site's public address (plugins/public-address.ts). */
  function feedAnswer(rideId: number, token: string | null, publicAddress: string): CalendarFeedResponse {
    const url = `${publicAddress}${tripExportPath(rideId, 'ics')}${token ? `?token=${token}` : ''}`;
    return { ServerMassageCode: 'success', feedUrl: url, webcalUrl: webcalOf(url), hasToken: token !== null };
  }

  /**
   * Whether the viewer's feed needs a token of its own: a private trip's always (it is read as that viewer), and a
   * public trip's when the viewer reads more of it than anyone (its author: the stays' confirmation numbers, which a
   * plain address, read by a calendar without the viewer's session, would not carry). A private trip's feed calls need
   * a signed-in viewer.
   */
  async function ownFeed(rideId: number, viewer: TripViewer): Promise<boolean> {
    const view = await opts.rides.getTripView(rideId, viewer);
    return isPrivateRideWire(view.ride) || (viewer !== null && view.mayReadBookings);
  }

  return {
    async exportFile(
      rideId: number,
      format: TripExportFormat,
      viewer: TripViewer,
      token?: string,
    ): Promise<TripExportFile> {
      const view = await opts.rides.getTripView(rideId, await viewerOf(rideId, viewer, token));
      const trip = modelOf(view);
      const at = now();
      const body =
        format === 'ics'
          ? await tripIcs({ trip, host, now: at, version: (hash) => repo.calendarVersion(rideId, hash) })
          : format === 'gpx'
            ? tripGpx(trip, at)
            : tripKml(trip);
      return { body, type: TRIP_EXPORT_TYPES[format], fileName: fileNameOf(trip.title, rideId, format) };
    },

    /** ride_calendar_feed_api: the address to subscribe to (a private trip's, and its bookings' readers', carry the viewer's token). */
    async feedAddress(
      rideId: number,
      viewer: TripViewer,
      publicAddress: string,
    ): Promise<CalendarFeedResponse> {
      if (!(await ownFeed(rideId, viewer))) return feedAnswer(rideId, null, publicAddress);
      if (!viewer) throw new AppError('user_is_not_authorized');
      return feedAnswer(rideId, await repo.feedToken(rideId, viewer.id, newToken()), publicAddress);
    },

    /** reset_ride_calendar_feed_api: a new token; the old address stops working. A public trip's address has none. */
    async resetFeed(
      rideId: number,
      viewer: TripViewer,
      publicAddress: string,
    ): Promise<CalendarFeedResponse> {
      if (!(await ownFeed(rideId, viewer))) return feedAnswer(rideId, null, publicAddress);
      if (!viewer) throw new AppError('user_is_not_authorized');
      return feedAnswer(rideId, await repo.replaceFeedToken(rideId, viewer.id, newToken()), publicAddress);
    },

    /**
     * DELETE /api/trips/{rideId}/calendar-feed (issue 33 point 6, decision 0066): the viewer's own token goes, so the
     * address a calendar app subscribed to stops working; the next ride_calendar_feed_api makes a new one. Only ever
     * the viewer's own row, so it needs no view of the trip (a removed member may still revoke theirs).
     */
    async revokeFeed(rideId: number, viewer: TripViewer) {
      if (!viewer) throw new AppError('user_is_not_authorized');
      return { ServerMassageCode: 'success', revoked: await repo.deleteFeedToken(rideId, viewer.id) };
    },
  };
}

export type TripExportService = ReturnType<typeof createTripExportService>;

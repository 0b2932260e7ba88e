import type { PlaceSource } from './calls/places.js';

/*
 * GET /api/client_config: the public settings the web app needs, the same for everyone. Plain types, no zod: the web
 * reads them in every page's first JS (lib/client-config.ts); the server's response schema is calls/client-config.ts,
 * checked against these types both ways.
 */

/** The planners landing page's settings (/for-planners, decision 0031): null = not set. */
export interface ForPlannersSettings {
  demoUrl: string | null;
  calendarUrl: string | null;
  /** Digits with the country code (wa.me). */
  whatsappNumber: string | null;
  whatsappMessage: string | null;
  phone: string | null;
  email: string | null;
  socialUrl: string | null;
}

export interface ClientConfigResponse {
  ServerMassageCode: string;
  /** Google and Facebook sign-in: configured when the id is there, and where their sign-in pages are. */
  googleClientId: string | null;
  googleAuthUrl: string;
  facebookAppId: string | null;
  facebookAuthUrl: string;
  /** /booking's partner map: the widget's script and our affiliate id (trips with a mapping use theirs); null = off. */
  bookingWidget: { scriptUrl: string; aid: string | null } | null;
  forPlanners: ForPlannersSettings;
  /** Which places source answers the "where" boxes and the activity search (decision 0012): local when none is connected. */
  placesSource: PlaceSource;
}

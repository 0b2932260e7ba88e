import { z } from 'zod';
import type { ClientConfigResponse } from '../client-config.js';
import { PLACE_SOURCES } from './places.js';

/** GET /api/client_config's response schema (the server's), kept apart from the plain types the web reads. */
export const clientConfigResponse = z.object({
  ServerMassageCode: z.string(),
  googleClientId: z.string().nullable(),
  googleAuthUrl: z.string(),
  facebookAppId: z.string().nullable(),
  facebookAuthUrl: z.string(),
  bookingWidget: z.object({ scriptUrl: z.string(), aid: z.string().nullable() }).nullable(),
  forPlanners: z.object({
    demoUrl: z.string().nullable(),
    calendarUrl: z.string().nullable(),
    whatsappNumber: z.string().nullable(),
    whatsappMessage: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    socialUrl: z.string().nullable(),
  }),
  placesSource: z.enum(PLACE_SOURCES),
});

/** The schema and the types say the same, both ways: a field added to one and not the other is a type error. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaMatchesTypes: Same<z.infer<typeof clientConfigResponse>, ClientConfigResponse> = true;

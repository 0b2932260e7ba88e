import { z } from 'zod';
import type { ServerMassageCode } from './codes.js';

/** Every response body carries ServerMassageCode (DESIGN.md §4). */
export const envelope = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ServerMassageCode: z.string(), ...shape });

export const errorResponse = z.object({
  ServerMassageCode: z.string(),
  /** Field-level problems, each a translation key (the same keys the web shows). */
  errors: z.array(z.object({ field: z.string(), code: z.string() })).optional(),
  /** trip_changed_meanwhile (decision 0065): the trip's current version (the If-Match to send again). */
  version: z.number().int().optional(),
  /** trip_changed_meanwhile: what changed since the caller's version, oldest first (trip-version.ts TripChangeSince). */
  changes: z
    .array(
      z.object({
        version: z.number().int(),
        type: z.string(),
        target: z.record(z.string(), z.unknown()),
        userId: z.number().int().nullable(),
        userName: z.string().nullable(),
        at: z.string(),
      }),
    )
    .optional(),
  /**
   * upstream_changed of a pull (issue 37): the original's version now and its changes as GET …/upstream lists them
   * (calls/lineage.ts tripChangeWire), so the caller shows the new changes without asking again.
   */
  upstream: z
    .object({ version: z.number().int(), changes: z.array(z.record(z.string(), z.unknown())) })
    .optional(),
});
export type ErrorResponse = {
  ServerMassageCode: ServerMassageCode | string;
  errors?: { field: string; code: string }[];
};

export const okResponse = envelope({});

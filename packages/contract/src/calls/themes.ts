import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * subdomain_theme (no auth, 000 §9): the white-label theme of the host the request came to. A host with more
 * dots than the configured count (SUBDOMAIN_DOT_COUNT, default 2) is a sub-domain named by its first label;
 * an unknown sub-domain, or none, gets the default theme. Decision: docs/decisions/0010-white-label-themes.md.
 */

/** The eight colour variables of a theme (000 §9), CSS colours ("#rrggbb"). */
export const themeColors = z.object({
  primary: z.string(),
  primaryTextColor: z.string(),
  secondary: z.string(),
  secondaryTextColor: z.string(),
  primaryBackground: z.string(),
  secondaryBackground: z.string(),
  mainTextBackgroundColor: z.string(),
  rideItineraryBackgroundColor: z.string(),
});
export type ThemeColorsWire = z.infer<typeof themeColors>;

export const subdomainTheme = z.object({
  name: z.string(),
  /** The sub-domain this theme answers for; null for the default theme. */
  subdomain: z.string().nullable(),
  colors: themeColors,
  /** A data: URL or a path on our site; null when the theme has no logo. */
  logoUrl: z.string().nullable(),
  isDefault: z.boolean(),
  /** Whether the signed-in user is this theme's sub-domain manager (000 §6). Never the manager's id. */
  isManager: z.boolean(),
});
export type SubdomainThemeWire = z.infer<typeof subdomainTheme>;

export const subdomainThemeResponse = envelope({ theme: subdomainTheme });
export type SubdomainThemeResponse = z.infer<typeof subdomainThemeResponse>;

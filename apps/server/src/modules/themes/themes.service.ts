import type { SubdomainThemeWire } from '@rides/contract';
import type { Database } from '../../db/client.js';
import type { SubdomainTheme } from '../../db/schema/index.js';
import { createThemesRepository } from './themes.repository.js';

/**
 * The sub-domain label of a host name (no port), or null on the main site (000 §9): only a host with more
 * dots than `dotCount` has one, and it is the first label. IP addresses never have one. Case-insensitive; a
 * trailing dot (fully qualified name) is ignored.
 */
export function subdomainOfHost(hostname: string, dotCount: number): string | null {
  let host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return null; // IPv6 literal
  // request.hostname has no port in Fastify 5; strip one anyway if a caller passes a Host header.
  host = host.replace(/:\d+$/, '');
  if (host.includes(':') || /^[\d.]+$/.test(host)) return null;
  const labels = host.split('.');
  if (labels.length - 1 <= dotCount) return null;
  return labels[0] || null;
}

/** Used when the table has no default row (a new PostgreSQL without the demo content): the web app's own look. */
const BUILT_IN_DEFAULT: SubdomainTheme = {
  id: 0,
  name: 'default',
  subdomain: null,
  isDefault: true,
  userId: null,
  colors: {
    primary: '#0b7a7a',
    primaryTextColor: '#ffffff',
    secondary: '#b45309',
    secondaryTextColor: '#ffffff',
    primaryBackground: '#f8f9fa',
    secondaryBackground: '#e7f6f6',
    mainTextBackgroundColor: '#ffffff',
    rideItineraryBackgroundColor: '#f1f3f5',
  },
  logoUrl: null,
  createdAt: new Date(0),
};

interface ThemeTable {
  bySubdomain: Map<string, SubdomainTheme>;
  fallback: SubdomainTheme;
}

/**
 * Themes are configuration: read once and kept in memory. Whatever changes a theme row (the CLI) publishes
 * `{ kind: 'themes' }` on the change feed, and changes.ts calls `invalidate()` in every process (decision 0027);
 * the next request reads the table again.
 */
export function createThemesService(deps: { db: Database; dotCount: number }) {
  const repo = createThemesRepository(deps.db);
  let table: Promise<ThemeTable> | null = null;

  const load = (): Promise<ThemeTable> => {
    if (table) return table;
    const loading = repo.all().then((rows) => {
      const bySubdomain = new Map<string, SubdomainTheme>();
      for (const row of rows) if (row.subdomain) bySubdomain.set(row.subdomain.toLowerCase(), row);
      return { bySubdomain, fallback: rows.find((r) => r.isDefault) ?? BUILT_IN_DEFAULT };
    });
    table = loading;
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (table === loading) table = null;
    });
    return loading;
  };

  return {
    /** The theme for a request's host name, and whether `userId` is its sub-domain manager. */
    async themeForHost(hostname: string, userId: number | null): Promise<SubdomainThemeWire> {
      const { bySubdomain, fallback } = await load();
      const sub = subdomainOfHost(hostname, deps.dotCount);
      const theme = (sub !== null && bySubdomain.get(sub)) || fallback;
      return {
        name: theme.name,
        subdomain: theme.subdomain,
        colors: { ...theme.colors },
        logoUrl: theme.logoUrl,
        isDefault: theme.isDefault,
        isManager: userId !== null && theme.userId !== null && theme.userId === userId,
      };
    },
    /** Forget the cached themes; call after any change to the themes table. */
    invalidate(): void {
      table = null;
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;

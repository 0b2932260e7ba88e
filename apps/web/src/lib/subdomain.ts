import { useSyncExternalStore } from 'react';

/**
 * White-label sub-domain mode (000 §9): the sub-domain is read from the host only when the host has
 * more dots than a configured count (VITE_SUBDOMAIN_DOT_COUNT, default 2), e.g. with 2,
 * "acme.rides.example.com" is the sub-domain "acme" while "rides.example.com" is the main site.
 * The server applies the same rule with SUBDOMAIN_DOT_COUNT (keep both equal); see decision 0010.
 */
export const DEFAULT_SUBDOMAIN_DOT_COUNT = 2;

export function configuredDotCount(
  raw: string | undefined = import.meta.env?.VITE_SUBDOMAIN_DOT_COUNT,
): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : DEFAULT_SUBDOMAIN_DOT_COUNT;
}

/** The sub-domain label of a host name, or null on the main site. IP addresses never have one. */
export function subdomainOf(hostname: string, dotCount: number): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return null;
  const dots = host.split('.').length - 1;
  if (dots <= dotCount) return null;
  return host.split('.')[0] || null;
}

export function currentSubdomain(): string | null {
  if (typeof window === 'undefined') return null;
  return subdomainOf(window.location.hostname, configuredDotCount());
}

export const isSubdomainMode = (): boolean => currentSubdomain() !== null;

/** What the app knows of the host's theme (features/theme fetches it and publishes it here). */
interface SubdomainThemeInfo {
  name: string;
  /** A data: URL or a path; null when the theme has none. */
  logoUrl: string | null;
  /** The signed-in user is this sub-domain's manager (000 §6). */
  isManager: boolean;
  /** The server answered the default theme (an unknown sub-domain). */
  isDefault: boolean;
}

let themeInfo: SubdomainThemeInfo | null = null;
const listeners = new Set<() => void>();

export function publishSubdomainTheme(info: SubdomainThemeInfo | null): void {
  themeInfo = info;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The host's theme once known (null on the main site and until the first answer on a sub-domain). */
export const useSubdomainTheme = (): SubdomainThemeInfo | null =>
  useSyncExternalStore(subscribe, () => themeInfo, () => null);

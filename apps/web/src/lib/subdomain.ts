/**
 * White-label sub-domain mode (000 §9): the sub-domain is read from the host only when the host has
 * more dots than a configured count (VITE_SUBDOMAIN_DOT_COUNT, default 2), e.g. with 2,
 * "acme.rides.example.com" is the sub-domain "acme" while "rides.example.com" is the main site.
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

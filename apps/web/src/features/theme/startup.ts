import type { SubdomainThemeWire } from '@rides/contract';
import { local } from '../../lib/storage';
import { isSubdomainMode, publishSubdomainTheme } from '../../lib/subdomain';
import './theme.css';

/**
 * The part of white-labelling that is in the first download: the theme last seen on this host, applied before the
 * first paint, so a returning visitor sees no colour change. The rest (the call, the colour arithmetic) loads only
 * on a sub-domain, as ThemeSync.
 */
const CACHE_KEY = 'subdomainTheme';

interface CachedTheme {
  host: string;
  theme: SubdomainThemeWire;
  /** The CSS variables computed from the theme (colors.ts), so applying them needs no arithmetic. */
  vars: Record<string, string>;
}

export function readCachedTheme(host: string): CachedTheme | undefined {
  try {
    const cached = JSON.parse(local.get(CACHE_KEY) ?? 'null') as CachedTheme | null;
    return cached?.host === host && cached.theme?.colors && cached.vars ? cached : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedTheme(host: string, theme: SubdomainThemeWire, vars: Record<string, string>): void {
  // isManager belongs to a user, not to the host: never kept.
  local.set(CACHE_KEY, JSON.stringify({ host, theme: { ...theme, isManager: false }, vars }));
}

/** Sets the variables inline on <html> (they win over Mantine's stylesheet) and tells the app about the theme. */
export function applyThemeVariables(theme: SubdomainThemeWire, vars: Record<string, string>): void {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
  publishSubdomainTheme({ name: theme.name, logoUrl: theme.logoUrl, isManager: theme.isManager, isDefault: theme.isDefault });
}

export function applyCachedTheme(): void {
  if (!isSubdomainMode()) return;
  const cached = readCachedTheme(window.location.host);
  if (cached) applyThemeVariables({ ...cached.theme, isManager: false }, cached.vars);
}

import { useEffect } from 'react';
import { useSession } from '../../lib/session-store';
import { publishSubdomainTheme } from '../../lib/subdomain';
import { useSubdomainThemeQuery } from './api/subdomain-theme';
import { themeVariables } from './colors';
import { applyThemeVariables, readCachedTheme, writeCachedTheme } from './startup';

/**
 * On a white-label sub-domain (providers.tsx loads this module only there), asks the server for the host's theme
 * once per signed-in user (isManager depends on the user) and applies it: the `--rides-*` variables and Mantine's
 * brand shades on <html>. Until the answer, the theme last seen on this host stands in.
 */
export default function ThemeSync() {
  const session = useSession();
  const host = window.location.host;
  const { data, isPlaceholderData } = useSubdomainThemeQuery(session?.token ?? null, () => readCachedTheme(host)?.theme);
  useEffect(() => {
    if (!data) return;
    // A stand-in (another user's answer is not kept): nobody is the manager until the server says so.
    if (isPlaceholderData) return publishSubdomainTheme({ ...data, isManager: false });
    const vars = themeVariables(data.colors);
    applyThemeVariables(data, vars);
    writeCachedTheme(host, data, vars);
  }, [data, isPlaceholderData, host]);
  return null;
}

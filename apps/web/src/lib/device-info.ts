/** Device info sent with sign-in and registration (001 §7). */
export interface DeviceInfo {
  screen_info: string;
  timezone: string;
  languages: string;
}

export function deviceInfo(): DeviceInfo {
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    timezone = '';
  }
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
  return {
    screen_info: `${screen.width}x${screen.height}@${window.devicePixelRatio || 1}`,
    timezone,
    languages: langs.filter(Boolean).join(','),
  };
}

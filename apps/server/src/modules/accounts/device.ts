import { createHash } from 'node:crypto';

/** What a sign-in tells us about the device (001 §7: screen_info, timezone, languages; plus the user agent). */
export interface DeviceInfo {
  userAgent: string;
  screenInfo: string;
  timezone: string;
  languages: string;
}

const asText = (v: unknown, max: number): string => {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : JSON.stringify(v);
  return s.slice(0, max);
};

export function deviceInfoFrom(
  body: { screen_info?: unknown; timezone?: unknown; languages?: unknown },
  userAgent: string | undefined,
): DeviceInfo {
  return {
    userAgent: asText(userAgent, 500),
    screenInfo: asText(body.screen_info, 200),
    timezone: asText(body.timezone, 100),
    languages: asText(body.languages, 200),
  };
}

/** Stable fingerprint of a device for credential-sharing detection (002 §2.3). */
export const deviceFingerprint = (d: DeviceInfo): string =>
  createHash('sha256')
    .update([d.userAgent, d.screenInfo, d.timezone, d.languages].join('\n'))
    .digest('hex')
    .slice(0, 32);

/** A readable device name ("Chrome on Android") from the user agent. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser/.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'unknown system';
  return `${browser} on ${os}`;
}

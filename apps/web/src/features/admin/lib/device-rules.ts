import type { DeviceAnalysis, SuspiciousSort } from '@rides/contract';
import type { SortState } from './table-rules';

/**
 * The device management screen's rules (002 §4, §9) as pure functions, so each threshold is tested in one place and the
 * components only draw. Colours are tones (the spec's Bootstrap-like words); `toneColor` maps them to the theme.
 */
type Tone = 'danger' | 'warning' | 'info' | 'success' | 'secondary' | 'neutral';

export const TONE_COLORS: Record<Tone, string> = {
  danger: 'red',
  warning: 'orange',
  info: 'blue',
  success: 'green',
  secondary: 'gray',
  neutral: 'gray',
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 002 §9: the device-count bar is count over 10 as a percentage, capped at 100. */
export const deviceCountPercent = (count: number): number => Math.min(100, Math.max(0, (count / 10) * 100));

/** 002 §9: 6 or more devices danger, 4 or more warning, else success. */
export const deviceCountTone = (count: number): Tone =>
  count >= 6 ? 'danger' : count >= 4 ? 'warning' : 'success';

/** 002 §4: HIGH, MEDIUM, LOW; anything else (an older server's word) is neutral. */
export function riskTone(level: string | null | undefined): Tone {
  if (level === 'HIGH') return 'danger';
  if (level === 'MEDIUM') return 'warning';
  if (level === 'LOW') return 'success';
  return 'neutral';
}

type DeviceStatus = 'active' | 'recent' | 'inactive';

const parseTime = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
};

/** 002 §4: last sign-in under 24 hours ago Active, under 168 hours Recent, else (or unreadable) Inactive. */
export function deviceStatus(lastLogin: string | null | undefined, now: Date): DeviceStatus {
  const t = parseTime(lastLogin);
  if (t === null) return 'inactive';
  const hours = (now.getTime() - t) / HOUR_MS;
  if (hours < 24) return 'active';
  if (hours < 168) return 'recent';
  return 'inactive';
}

export const STATUS_TONES: Record<DeviceStatus, Tone> = {
  active: 'success',
  recent: 'warning',
  inactive: 'secondary',
};

/** 002 §9: a device's sign-in count badge: 50+ danger, 20+ warning, 5+ info, else secondary. */
export const loginCountTone = (count: number): Tone =>
  count >= 50 ? 'danger' : count >= 20 ? 'warning' : count >= 5 ? 'info' : 'secondary';

/** 002 §9: a device's share of the busiest device's sign-ins, in whole percent (0 when nobody signed in). */
export const activityPercent = (count: number, busiest: number): number =>
  busiest > 0 ? Math.round((Math.max(0, count) / busiest) * 100) : 0;

/** 002 §9: the activity bar's colour: 80%+ danger, 50%+ warning, 20%+ info, else success. */
export const activityTone = (percent: number): Tone =>
  percent >= 80 ? 'danger' : percent >= 50 ? 'warning' : percent >= 20 ? 'info' : 'success';

/** 002 §9: the days between a device's first and last sign-in, at least 1 ("N logins over D days"). */
export function daysActive(
  firstLogin: string | null | undefined,
  lastLogin: string | null | undefined,
): number {
  const first = parseTime(firstLogin);
  const last = parseTime(lastLogin);
  if (first === null || last === null) return 1;
  return Math.max(1, Math.ceil((last - first) / DAY_MS));
}

type RelativeDay =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date'; date: Date };

/** Calendar days between two instants in the viewer's time zone: "yesterday" is the day before, not 24 hours ago. */
const calendarDaysBetween = (from: Date, to: Date): number => {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / DAY_MS);
};

/**
 * 002 §8, §9: a sign-in time as today, yesterday, N days ago under 7 days, else the full date; missing is "N/A" and
 * unreadable "Invalid Date". A time ahead of the viewer's clock (a skewed device) reads as today.
 */
export function relativeDay(value: string | null | undefined, now: Date): RelativeDay {
  if (value === null || value === undefined || value.trim() === '') return { kind: 'missing' };
  const t = parseTime(value);
  if (t === null) return { kind: 'invalid' };
  const date = new Date(t);
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'daysAgo', days };
  return { kind: 'date', date };
}

type Recommendation = 'high' | 'multipleDevices' | 'medium' | 'low' | 'bestPractices';

/**
 * 002 §9: HIGH asks to contact the user and consider a password reset; 5 or more devices asks for monitoring; MEDIUM
 * a moderate note; LOW a normal-use note; the security best practices always close the list.
 */
export function recommendations(a: Pick<DeviceAnalysis, 'risk_level' | 'device_count'>): Recommendation[] {
  const list: Recommendation[] = [];
  if (a.risk_level === 'HIGH') list.push('high');
  if (a.device_count >= 5) list.push('multipleDevices');
  if (a.risk_level === 'MEDIUM') list.push('medium');
  if (a.risk_level === 'LOW') list.push('low');
  list.push('bestPractices');
  return list;
}

/** 002 §2.3: the table opens sorted by device count, the most first (the server sorts; decision 0035). */
export const DEFAULT_SORT: SortState<SuspiciousSort> = { column: 'device_count', descending: true };
/** The columns that sort from A first. */
export const TEXT_SORTS: readonly SuspiciousSort[] = ['email', 'username'];

/** The initials of the profile's avatar: the first letters of the name's first two words. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => [...w][0]!.toLocaleUpperCase())
      .join('') || '?'
  );
}

/** A mail draft (the profile's "contact user"): the address and the texts encoded for a mailto: link. */
export const mailDraft = (email: string, subject: string, body: string): string =>
  `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

/** One day of the analysis chart: the sign-ins of each device that day (zero when it had none). */
interface ChartDay {
  day: string;
  counts: Map<number, number>;
  total: number;
}

/**
 * The analysis chart's days: every day of the period up to `now` (UTC days, as the server counts them), each with
 * its devices' sign-ins, so quiet days show as gaps rather than being skipped.
 */
export function chartDays(daily: DeviceAnalysis['daily_logins'], periodDays: number, now: Date): ChartDay[] {
  const byDay = new Map<string, Map<number, number>>();
  for (const row of daily) {
    const counts = byDay.get(row.day) ?? new Map<number, number>();
    counts.set(row.device_id, (counts.get(row.device_id) ?? 0) + row.logins);
    byDay.set(row.day, counts);
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: ChartDay[] = [];
  for (let i = periodDays - 1; i >= 0; i--) {
    const day = new Date(today - i * DAY_MS).toISOString().slice(0, 10);
    const counts = byDay.get(day) ?? new Map<number, number>();
    days.push({ day, counts, total: [...counts.values()].reduce((s, n) => s + n, 0) });
  }
  return days;
}

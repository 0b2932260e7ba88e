import type { TFunction } from 'i18next';
import type { LegMode } from '@rides/contract';

/**
 * A leg's time and distance in the reader's language (issue 36 point 1): "12 min walk · 900 m", "1 h 5 min drive ·
 * 48 km"; in Hebrew "12 דק׳ הליכה · 900 מ׳". The words are the `legs` texts; the numbers Intl's, in the language's
 * way (grouping, decimal sign). Pure: the unit test gives it i18next with the real texts.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Numbers as the language writes them: at most one decimal. */
function formatNumber(value: number, lang: string): string {
  const locale = lang === 'he' ? 'he-IL' : 'en-US';
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    numberFormats.set(locale, f);
  }
  return f.format(value);
}

/** Whole minutes: under half a minute "under a minute", under an hour "12 min", then "1 h", "1 h 5 min". */
export function formatDuration(seconds: number, t: TFunction, lang: string): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes === 0) return t('legs.duration.underMinute');
  if (minutes < 60) return t('legs.duration.minutes', { minutes: formatNumber(minutes, lang) });
  const hours = formatNumber(Math.floor(minutes / 60), lang);
  const rest = minutes % 60;
  return rest === 0
    ? t('legs.duration.hours', { hours })
    : t('legs.duration.hoursMinutes', { hours, minutes: formatNumber(rest, lang) });
}

/** Under a kilometre in metres (to 10 m), under 10 km to a tenth of a kilometre, then whole kilometres. */
export function formatDistance(metres: number, t: TFunction, lang: string): string {
  const m = Math.max(0, metres);
  const rounded = Math.round(m / 10) * 10;
  if (rounded < 1000) return t('legs.distance.metres', { value: formatNumber(rounded, lang) });
  const km = m < 9950 ? Math.round(m / 100) / 10 : Math.round(m / 1000);
  return t('legs.distance.kilometres', { value: formatNumber(km, lang) });
}

/** "12 min walk · 900 m": a leg (or a day's legs together) by a mode. */
export function formatLeg(
  figures: { durationS: number; distanceM: number },
  mode: LegMode,
  t: TFunction,
  lang: string,
): string {
  return t('legs.line', {
    travel: t(`legs.travel.${mode}`, { duration: formatDuration(figures.durationS, t, lang) }),
    distance: formatDistance(figures.distanceM, t, lang),
  });
}

/** "Driving time: 1 h 28 min · 92 km": a day's legs together, in its header. */
export function formatDayTotal(
  totals: { durationS: number; distanceM: number },
  mode: LegMode,
  t: TFunction,
  lang: string,
): string {
  return t(`legs.total.${mode}`, {
    duration: formatDuration(totals.durationS, t, lang),
    distance: formatDistance(totals.distanceM, t, lang),
  });
}

import { useTranslation } from 'react-i18next';
import { toDisplayMoment } from '../../../lib/display-date';

/**
 * A moment (ISO time) or a trip's calendar date (YYYY-MM-DD) as the app's one date format (lib/display-date.ts), "N/A" when missing and
 * "Invalid Date" when unreadable (002 §8). A calendar date is read in UTC, so it is the same day everywhere.
 */
export function DateText({
  value,
  withTime = false,
}: {
  value: string | null | undefined;
  withTime?: boolean;
}) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <span>{t('admin.dates.missing')}</span>;
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(calendarDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return <span>{t('admin.dates.invalid')}</span>;
  const text = toDisplayMoment(calendarDay ? value : date, { time: withTime && !calendarDay });
  return <time dateTime={calendarDay ? value : date.toISOString()}>{text}</time>;
}

import { useTranslation } from 'react-i18next';
import { toDisplayMoment } from '../../../lib/display-date';
import { relativeDay } from '../lib/device-rules';

/**
 * A sign-in time as today, yesterday, N days ago or the full date (002 §9), "Invalid Date" or "N/A" (002 §8). The
 * exact time is in the element's title and its machine-readable datetime.
 */
export function RelativeDate({ value, now }: { value: string | null | undefined; now: Date }) {
  const { t } = useTranslation();
  const day = relativeDay(value, now);
  switch (day.kind) {
    case 'missing':
      return <span>{t('admin.dates.missing')}</span>;
    case 'invalid':
      return <span>{t('admin.dates.invalid')}</span>;
    default: {
      const exact = new Date(value!);
      const full = toDisplayMoment(exact, { time: true }) ?? '';
      const text =
        day.kind === 'today'
          ? t('admin.dates.today')
          : day.kind === 'yesterday'
            ? t('admin.dates.yesterday')
            : day.kind === 'daysAgo'
              ? t('admin.dates.daysAgo', { count: day.days })
              : toDisplayMoment(day.date);
      return (
        <time dateTime={exact.toISOString()} title={full}>
          {text}
        </time>
      );
    }
  }
}

import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../lib/format';

interface DaySelectProps {
  label: string;
  /** YYYY-MM-DD of each day of the trip. */
  dates: string[];
  value: number;
  onChange: (dayIndex: number) => void;
  /** A day that cannot be chosen (the day the activities are on now). */
  exclude?: number;
  autoFocus?: boolean;
}

/**
 * Picks a day of the trip by name and date ("Day 3 – 17/03/2026"). Only the trip's own days are offered, so a date
 * outside the trip (day_not_in_trip_range, 000 §5) cannot be chosen; the server checks again. Reads `trip.dayN`:
 * a lazy door to a dialog that shows it loads the 'trip' texts.
 */
export function DaySelect({ label, dates, value, onChange, exclude, autoFocus }: DaySelectProps) {
  const { t } = useTranslation();
  const data = dates
    .map((iso, i) => ({ value: String(i), label: `${t('trip.dayN', { number: i + 1 })} – ${toDisplayDate(iso) ?? iso}` }))
    .filter((_, i) => i !== exclude);
  return (
    <NativeSelect
      label={label}
      data={data}
      value={String(value)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      data-autofocus={autoFocus || undefined}
    />
  );
}

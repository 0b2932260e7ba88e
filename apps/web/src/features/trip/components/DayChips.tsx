import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_CHIPS_ID } from '../hooks/useFocusedDay';
import classes from './Trip.module.css';

/** Sticky 'day N' chips (000 §2): the focused day is highlighted; a click scrolls to the day. */
export function DayChips({ count, focused, onPick }: { count: number; focused: number; onPick: (i: number) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Keep the highlighted chip in view on narrow screens.
  useEffect(() => {
    const chip = ref.current?.querySelector<HTMLElement>('[aria-current="true"]');
    const bar = ref.current;
    if (!chip || !bar) return;
    const c = chip.getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    if (c.left < b.left || c.right > b.right) bar.scrollLeft += c.left - b.left - (b.width - c.width) / 2;
  }, [focused]);
  return (
    <nav id={DAY_CHIPS_ID} className={classes.chips} aria-label={t('trip.daysNav')} ref={ref}>
      {Array.from({ length: count }, (_, i) => (
        <button
          type="button"
          key={i}
          className={classes.chip}
          aria-current={i === focused ? 'true' : undefined}
          onClick={() => onPick(i)}
        >
          {t('trip.dayN', { number: i + 1 })}
        </button>
      ))}
    </nav>
  );
}

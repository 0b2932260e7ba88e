import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_CHIPS_ID } from '../hooks/useFocusedDay';
import classes from './Trip.module.css';

/** Sticky 'day N' chips (000 §2): the focused day is highlighted; a click scrolls to the day. */
export function DayChips({ count, focused, onPick }: { count: number; focused: number; onPick: (i: number) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Keep the highlighted chip in view on narrow screens. Measured in the next frame, after the browser's own layout:
  // measuring during the first render forced a layout of the whole page in the middle of building it (~300 ms on
  // a phone). The first day's chip is where the row starts: nothing to do until the focus moves.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current && focused === 0) return;
    moved.current = true;
    const frame = requestAnimationFrame(() => {
      const chip = ref.current?.querySelector<HTMLElement>('[aria-current="true"]');
      const bar = ref.current;
      if (!chip || !bar) return;
      const c = chip.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      if (c.left < b.left || c.right > b.right) bar.scrollLeft += c.left - b.left - (b.width - c.width) / 2;
    });
    return () => cancelAnimationFrame(frame);
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

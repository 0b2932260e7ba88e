import { useCallback, useEffect, useRef, useState } from 'react';
import { layOutAllDays } from '../lib/days-layout';

/** 000 §9: an item scrolled to is left 140 px below the top; the day under 100 / 200 / 210 px is the focused one. */
const SCROLL_OFFSET = 140;
const FOCUS_LINE = 210;

export const dayElementId = (index: number) => `trip-day-${index + 1}`;
export const DAY_CHIPS_ID = 'trip-day-chips';

/**
 * Our sticky stack (site header, trip header, day chips) can be taller than the old page's, so the spec's offsets
 * are kept as minimums and grow to clear the bottom of the stuck day chips.
 */
function stickyBottom(): number {
  // Where the chips' bottom is once stuck (their CSS top plus their height), wherever they are now.
  const chips = document.getElementById(DAY_CHIPS_ID);
  if (!chips) return 0;
  const top = parseFloat(getComputedStyle(chips).top);
  return Math.min((Number.isFinite(top) ? top : 0) + chips.offsetHeight, 300);
}
const scrollOffset = () => Math.max(SCROLL_OFFSET, stickyBottom() + 12);
const focusLine = () => Math.max(FOCUS_LINE, stickyBottom() + 40);

/**
 * The day the reader is on: the last day whose top has passed the focus line (210 px from the top of the
 * viewport, below the sticky header and day chips). A passive scroll listener, throttled to one frame.
 * `scrollToDay` scrolls a day to 140 px from the top and focuses it right away (the chip highlights at once).
 */
export function useFocusedDay(dayCount: number) {
  const [focused, setFocused] = useState(0);
  /** True once the first day has reached the focus line (000 §2: the floating map link shows only then). */
  const [started, setStarted] = useState(false);
  const frame = useRef(0);
  const pinnedUntil = useRef(0);

  useEffect(() => {
    if (dayCount === 0) return;
    const measure = () => {
      frame.current = 0;
      // While a chip's smooth scroll runs, the chosen day stays highlighted.
      if (Date.now() < pinnedUntil.current) return;
      pinnedUntil.current = 0;
      let current = 0;
      const line = focusLine();
      const first = document.getElementById(dayElementId(0));
      setStarted(first !== null && first.getBoundingClientRect().top <= line);
      for (let i = 0; i < dayCount; i++) {
        const el = document.getElementById(dayElementId(i));
        if (!el) continue;
        if (el.getBoundingClientRect().top <= line) current = i;
        else break;
      }
      setFocused(current);
    };
    const onScroll = () => {
      if (!frame.current) frame.current = requestAnimationFrame(measure);
    };
    // The first measure waits for a frame too: measuring while the page is being built forces its layout early.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [dayCount]);

  const scrollToDay = useCallback((index: number, instant = false) => {
    const el = document.getElementById(dayElementId(index));
    if (!el) return;
    setFocused(index);
    setStarted(true);
    // The chosen day stays highlighted until the scroll ends ('scrollend', or 2 s where it is not supported).
    pinnedUntil.current = Date.now() + 2000;
    const release = () => {
      pinnedUntil.current = 0;
      window.removeEventListener('scrollend', release);
    };
    window.addEventListener('scrollend', release);
    scrollToElement(el, instant);
  }, []);

  return { focused, started, scrollToDay };
}

/** Scrolls an element to 140 px (or just below the sticky day chips) below the top of the viewport (smoothly unless reduced motion is asked for). */
export function scrollToElement(el: HTMLElement, instant = false): void {
  layOutAllDays();
  const reduce = instant || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const top = el.getBoundingClientRect().top + window.scrollY - scrollOffset();
  window.scrollTo({ top: Math.max(top, 0), behavior: reduce ? 'auto' : 'smooth' });
}

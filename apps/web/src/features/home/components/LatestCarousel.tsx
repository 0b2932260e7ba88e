import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { HomeRide } from '@rides/contract';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HomeTripCard } from './HomeTripCard';
import classes from './LatestCarousel.module.css';

/** 001 §2 / §9, 002 §2.9: the latest shared trips advance every 5000 ms. */
const LATEST_CAROUSEL_INTERVAL_MS = 5000;

/** Cards in view: the CSS decides (--per-view by width); the script reads it back to know the last position. */
function readPerView(el: HTMLElement | null): number {
  if (!el) return 1;
  const n = Number.parseInt(getComputedStyle(el).getPropertyValue('--per-view'), 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/**
 * The latest shared trips (WAI-ARIA carousel pattern). Moves one card every 5 s, wrapping at the end; stops while
 * pointed at or focused in, while the tab is hidden or the carousel off screen, when the reader pressed pause, and
 * entirely when they prefer reduced motion. Previous/next buttons sit on the reading side's start/end, and the
 * track moves with the reading direction (RTL: the next card comes from the left). Cards out of view are inert,
 * so Tab never lands on a hidden link; announcements are polite only when the reader moved it.
 */
export function LatestCarousel({ rides }: { rides: readonly HomeRide[] }) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLElement>(null);
  const [perView, setPerView] = useState(1);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [userMoved, setUserMoved] = useState(false);
  const trackId = useId();
  const count = rides.length;
  const last = Math.max(0, count - perView);
  const current = Math.min(index, last);
  const playing = last > 0 && !reducedMotion && !paused && !hovered && !focused && onScreen;

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const update = () => setPerView(readPerView(el));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = root.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting), { threshold: 0.25 });
    observer.observe(el);
    const onVisibility = () => {
      if (document.hidden) setOnScreen(false);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (Math.min(i, last) >= last ? 0 : Math.min(i, last) + 1)), LATEST_CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, last]);

  const go = useCallback(
    (step: 1 | -1) => {
      setUserMoved(true);
      setIndex((i) => {
        const from = Math.min(i, last);
        return step === 1 ? (from >= last ? 0 : from + 1) : from <= 0 ? last : from - 1;
      });
    },
    [last],
  );

  if (count === 0) return null;
  const shownTo = Math.min(count, current + perView);

  return (
    <section
      ref={root}
      className={classes.carousel}
      aria-roledescription={t('home.latest.role')}
      aria-labelledby="latest-title"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={classes.controls}>
        {last > 0 && !reducedMotion && (
          <button
            type="button"
            className={classes.control}
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? t('home.latest.play') : t('home.latest.pause')}
            title={paused ? t('home.latest.play') : t('home.latest.pause')}
          >
            {paused ? <IconPlayerPlay aria-hidden size={20} /> : <IconPlayerPause aria-hidden size={20} />}
          </button>
        )}
        <p className={classes.position} aria-live={userMoved ? 'polite' : 'off'} aria-atomic="true" data-testid="latest-position">
          {shownTo === current + 1
            ? t('home.latest.positionOne', { number: current + 1, count })
            : t('home.latest.position', { from: current + 1, to: shownTo, count })}
        </p>
        {last > 0 && (
          <>
            <button
              type="button"
              className={classes.control}
              onClick={() => go(-1)}
              aria-controls={trackId}
              aria-label={t('home.latest.previous')}
              title={t('home.latest.previous')}
            >
              {/* Chevrons point along the reading direction (flipped in RTL by the stylesheet). */}
              <IconChevronLeft aria-hidden size={22} className={classes.chevron} />
            </button>
            <button
              type="button"
              className={classes.control}
              onClick={() => go(1)}
              aria-controls={trackId}
              aria-label={t('home.latest.next')}
              title={t('home.latest.next')}
            >
              <IconChevronRight aria-hidden size={22} className={classes.chevron} />
            </button>
          </>
        )}
      </div>
      <div ref={viewport} className={classes.viewport}>
        <ul
          id={trackId}
          className={classes.track}
          style={{ '--index': current } as CSSProperties}
          data-index={current}
          aria-live="off"
        >
          {rides.map((ride, i) => {
            const inView = i >= current && i < current + perView;
            return (
              <li
                key={ride.id}
                className={classes.slide}
                aria-roledescription={t('home.latest.slide')}
                aria-label={t('home.latest.slideLabel', { number: i + 1, count })}
                aria-hidden={!inView}
                inert={!inView}
              >
                <HomeTripCard ride={ride} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

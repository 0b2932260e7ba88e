import { useEffect, useRef, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FallbackImage, PLACEHOLDER_WIDE } from '../../../components/FallbackImage';
import classes from './Search.module.css';

/** 001 §2 /search_ride: the card's images advance every 3000 ms. */
const CAROUSEL_INTERVAL_MS = 3000;

/**
 * A trip card's pictures. Advances every 3 s while the card is on screen, unless the user prefers reduced motion,
 * pressed pause, or is pointing at or focused in it (WCAG 2.2.2). Only the shown picture and the next one are
 * requested, lazily. A fixed aspect ratio, so nothing moves when they load.
 */
export function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [visible, setVisible] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const count = images.length;
  const canPlay = count > 1 && !reducedMotion;
  const playing = canPlay && !paused && !hovered && visible;

  useEffect(() => {
    const node = root.current;
    if (!node || count < 2 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(!!entry?.isIntersecting), {
      threshold: 0.5,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [count]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  if (count === 0) {
    return (
      <div className={classes.carousel}>
        <FallbackImage src={null} alt="" placeholder={PLACEHOLDER_WIDE} className={classes.carouselImage} data-active />
      </div>
    );
  }

  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <div
      ref={root}
      className={classes.carousel}
      role="group"
      aria-roledescription={t('search.carousel.role')}
      aria-label={t('search.carousel.label', { title })}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      data-reduced-motion={reducedMotion || undefined}
    >
      {images.map((src, i) =>
        // The shown picture, the next one (ready before it is due) and any already seen.
        i <= index + 1 || (index === count - 1 && i === 0) ? (
          <FallbackImage
            key={`${i}-${src}`}
            src={src}
            placeholder={PLACEHOLDER_WIDE}
            loading="lazy"
            decoding="async"
            alt={i === index ? t('search.carousel.image', { title, n: i + 1, count }) : ''}
            aria-hidden={i === index ? undefined : true}
            className={classes.carouselImage}
            data-active={i === index || undefined}
          />
        ) : null,
      )}
      {count > 1 && (
        <div className={classes.carouselControls}>
          <ActionIcon
            variant="white"
            radius="xl"
            size="md"
            onClick={() => go(-1)}
            aria-label={t('search.carousel.previous')}
          >
            <IconChevronRight aria-hidden size={18} className={classes.flipLtr} />
          </ActionIcon>
          {canPlay && (
            <ActionIcon
              variant="white"
              radius="xl"
              size="md"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? t('search.carousel.play') : t('search.carousel.pause')}
            >
              {paused ? <IconPlayerPlay aria-hidden size={16} /> : <IconPlayerPause aria-hidden size={16} />}
            </ActionIcon>
          )}
          <ActionIcon
            variant="white"
            radius="xl"
            size="md"
            onClick={() => go(1)}
            aria-label={t('search.carousel.next')}
          >
            <IconChevronLeft aria-hidden size={18} className={classes.flipLtr} />
          </ActionIcon>
          <span className={classes.carouselCount} aria-hidden>
            {index + 1}/{count}
          </span>
        </div>
      )}
    </div>
  );
}

import { useState, type CSSProperties } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '@rides/contract';
import { SHOT_HEIGHT, SHOT_WIDTH, slideSources, slideTextKey, SLIDES } from '../lib/slides';
import classes from './ScreenshotCarousel.module.css';

/**
 * The product's screenshots (002 §2.8): one slide at a time with its caption; previous (disabled on the first slide),
 * next (disabled on the last) and a dot per slide that jumps to it. The track slides the way the page reads. The
 * first shot loads with the page, the others lazily. Hidden slides are inert (no focus, no screen reader).
 */
export function ScreenshotCarousel() {
  const { t, i18n } = useTranslation();
  const language: UiLanguage = i18n.language === 'en' ? 'en' : 'he';
  const [index, setIndex] = useState(0);
  /**
   * The furthest slide whose shot is in the page: the shown one and the next. A browser counts the others, beside the
   * shown one in the track, as near enough to fetch at once, lazy or not; so they come only when one step away.
   */
  const [reach, setReach] = useState(1);
  const last = SLIDES.length - 1;
  const go = (to: number) => {
    const next = Math.min(last, Math.max(0, to));
    setIndex(next);
    setReach((r) => Math.max(r, next + 1));
  };
  // The chevrons point the way the page reads: "previous" is to the right in Hebrew.
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const PrevIcon = rtl ? IconChevronRight : IconChevronLeft;
  const NextIcon = rtl ? IconChevronLeft : IconChevronRight;
  return (
    <div
      className={classes.carousel}
      role="group"
      aria-roledescription={t('forPlanners.carousel.role')}
      aria-label={t('forPlanners.carousel.label')}
      data-testid="planners-carousel"
    >
      <div className={classes.viewport}>
        <div className={classes.track} style={{ '--slide': index } as CSSProperties}>
          {SLIDES.map((key, i) => {
            const sources = slideSources(language, key);
            const texts = slideTextKey(key);
            const hidden = i !== index;
            return (
              <div
                key={key}
                className={classes.slide}
                role="group"
                aria-roledescription={t('forPlanners.carousel.slideRole')}
                aria-label={t('forPlanners.carousel.position', { n: i + 1, total: SLIDES.length })}
                aria-hidden={hidden || undefined}
                inert={hidden}
                data-testid="planners-slide"
                data-active={hidden ? undefined : ''}
              >
                <figure className={classes.figure}>
                  <div className={classes.phone}>
                    {i <= reach && (
                      <picture>
                        <source
                          type="image/avif"
                          srcSet={sources.avif}
                          sizes="(max-width: 23em) 72vw, 280px"
                        />
                        <source
                          type="image/webp"
                          srcSet={sources.webp}
                          sizes="(max-width: 23em) 72vw, 280px"
                        />
                        <img
                          className={classes.shot}
                          src={sources.fallback}
                          width={SHOT_WIDTH}
                          height={SHOT_HEIGHT}
                          alt={t(`forPlanners.slides.${texts}.alt`)}
                          loading={i === 0 ? 'eager' : 'lazy'}
                          decoding="async"
                        />
                      </picture>
                    )}
                  </div>
                  <figcaption className={classes.caption}>
                    <span className={classes.step}>
                      {t('forPlanners.carousel.position', { n: i + 1, total: SLIDES.length })}
                    </span>
                    <strong className={classes.captionTitle}>{t(`forPlanners.slides.${texts}.title`)}</strong>
                    <span className={classes.captionText}>{t(`forPlanners.slides.${texts}.text`)}</span>
                  </figcaption>
                </figure>
              </div>
            );
          })}
        </div>
      </div>
      <div className={classes.controls}>
        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('forPlanners.carousel.previous')}
          data-testid="planners-carousel-previous"
        >
          <PrevIcon aria-hidden size={22} />
        </ActionIcon>
        <div className={classes.dots}>
          {SLIDES.map((key, i) => (
            <button
              key={key}
              type="button"
              className={classes.dot}
              onClick={() => go(i)}
              aria-label={t('forPlanners.carousel.goTo', {
                n: i + 1,
                title: t(`forPlanners.slides.${slideTextKey(key)}.title`),
              })}
              aria-current={i === index ? 'true' : undefined}
              data-testid="planners-carousel-dot"
            />
          ))}
        </div>
        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          onClick={() => go(index + 1)}
          disabled={index === last}
          aria-label={t('forPlanners.carousel.next')}
          data-testid="planners-carousel-next"
        >
          <NextIcon aria-hidden size={22} />
        </ActionIcon>
      </div>
    </div>
  );
}

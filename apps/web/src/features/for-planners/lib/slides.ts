import type { UiLanguage } from '@rides/contract';

/**
 * The carousel's five screenshots (002 §2.8), in the spec's order: real screenshots of this product on its demo trips
 * (Hebrew: trip 1, English: trip 183), taken by apps/web/scripts/for-planners-screenshots.mjs into
 * public/for-planners/<language>/<key>-<width>.<format>, at 390 and 780 pixels wide.
 */
export const SLIDES = ['full-trip', 'daily-breakdown', 'activities-by-day', 'day-map', 'navigation'] as const;
type SlideKey = (typeof SLIDES)[number];

/** The shots' size in CSS pixels (their 1x file); every file has this aspect. */
export const SHOT_WIDTH = 390;
export const SHOT_HEIGHT = 720;

/** The translation key of a slide's caption texts (forPlanners.slides.<key>.title / .text). */
export const slideTextKey = (key: SlideKey) =>
  (
    ({
      'full-trip': 'fullTrip',
      'daily-breakdown': 'dailyBreakdown',
      'activities-by-day': 'activitiesByDay',
      'day-map': 'dayMap',
      navigation: 'navigation',
    }) as const
  )[key];

export function slideSources(language: UiLanguage, key: SlideKey) {
  const file = (width: number, format: 'avif' | 'webp') =>
    `/for-planners/${language}/${key}-${width}.${format}`;
  const srcSet = (format: 'avif' | 'webp') =>
    `${file(SHOT_WIDTH, format)} ${SHOT_WIDTH}w, ${file(SHOT_WIDTH * 2, format)} ${SHOT_WIDTH * 2}w`;
  return { avif: srcSet('avif'), webp: srcSet('webp'), fallback: file(SHOT_WIDTH, 'webp') };
}

/**
 * The trip page's days skip layout while off screen (content-visibility in features/trip Trip.module.css): loading a
 * long trip then costs a phone a third of the layout work (issue 3: total blocking time). An off-screen day's height
 * is only an estimate until it has been shown, so a position computed below it would be wrong. Before any jump to a
 * position (a day chip, a stay, a restored scroll), every day is laid out for good: one layout, on the reader's action.
 */
const DAYS_LAID_OUT_ATTRIBUTE = 'data-days-laid-out';

export function layOutAllDays(): void {
  if (typeof document !== 'undefined') document.documentElement.setAttribute(DAYS_LAID_OUT_ATTRIBUTE, '');
}

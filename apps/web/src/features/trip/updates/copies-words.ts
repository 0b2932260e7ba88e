import type { PushCopyReportWire, TripCopyWire } from '@rides/contract';
import { isolateUserText } from '@rides/contract';
import type { TFunction } from 'i18next';

/**
 * A template's clients' copies in words (issue 37 point 4, decision 0075 "Push"; rule 144): each copy's counts and
 * switch in the planner's list, and what a push did to each copy. Pure: the texts come through `t` (the `tripUpdates`
 * group), the names from GET /api/trips/{rideId}/copies.
 */

/** "Dana's copy" (the owner's name isolated: it may be in the other direction). */
export function copyName(copy: Pick<TripCopyWire, 'ownerName'> | undefined, t: TFunction): string {
  return copy
    ? t('tripUpdates.copies.copyOf', { name: isolateUserText(copy.ownerName) })
    : t('tripUpdates.copies.aCopy');
}

/** "2 updates waiting · 1 conflict · 4 changes of their own"; "Up to date · ..." when nothing waits. */
export function countsWords(
  copy: Pick<TripCopyWire, 'updates' | 'conflicts' | 'ownChanges'>,
  t: TFunction,
): string {
  const parts = [
    copy.updates > 0
      ? t('tripUpdates.copies.updates', { count: copy.updates })
      : t('tripUpdates.copies.upToDate'),
  ];
  if (copy.conflicts > 0) parts.push(t('tripUpdates.copies.conflicts', { count: copy.conflicts }));
  if (copy.ownChanges > 0) parts.push(t('tripUpdates.copies.own', { count: copy.ownChanges }));
  return parts.join(' · ');
}

/** Whether the copy's owner is mailed of pushes (their switch), and how the copy was made. */
export function aboutWords(copy: Pick<TripCopyWire, 'kind' | 'notify'>, t: TFunction): string {
  return [
    t(`tripUpdates.copies.kind.${copy.kind}`),
    copy.notify ? t('tripUpdates.copies.notifyOn') : t('tripUpdates.copies.notifyOff'),
  ].join(' · ');
}

/** The copies a push starts with: those with updates to take. */
export const defaultChosen = (copies: readonly TripCopyWire[]): Set<number> =>
  new Set(copies.filter((c) => c.updates > 0).map((c) => c.rideId));

/**
 * What a push did to one copy: "Dana's copy: 2 updates taken, 1 waits for Dana to choose"; "Dana's copy: skipped:
 * locked by its owner"; "Dana's copy: nothing to take".
 */
export function reportWords(
  report: PushCopyReportWire,
  copy: TripCopyWire | undefined,
  t: TFunction,
): string {
  const name = copy ? isolateUserText(copy.ownerName) : '';
  let what: string;
  if (report.skipped) what = t(`tripUpdates.copies.report.skipped.${report.skipped}`);
  else {
    const parts: string[] = [];
    if (report.applied > 0) parts.push(t('tripUpdates.copies.report.taken', { count: report.applied }));
    if (report.waiting > 0)
      parts.push(t('tripUpdates.copies.report.waiting', { count: report.waiting, name }));
    if (report.refused.length > 0)
      parts.push(t('tripUpdates.copies.report.refused', { count: report.refused.length }));
    what = parts.length > 0 ? parts.join(', ') : t('tripUpdates.copies.report.nothing');
  }
  return t('tripUpdates.copies.report.line', { copy: copyName(copy, t), what });
}

import type { UniquenessAttraction, UniquenessGroup } from '@rides/contract';

/**
 * What the uniqueness screen shows, pure (test/uniqueness-view.test.ts): a group's records with the main first, and
 * the groups a record may be moved into.
 */

interface GroupRow {
  attraction: UniquenessAttraction;
  isMain: boolean;
}

/** A group's records, the main one first, then the others by id (the oldest first). */
export function groupRows(group: UniquenessGroup): GroupRow[] {
  const others = [...group.convertedUniqAtractions]
    .sort((a, b) => a.id - b.id)
    .map((attraction) => ({ attraction, isMain: false }));
  return group.chosenAttraction ? [{ attraction: group.chosenAttraction, isMain: true }, ...others] : others;
}

/** The name a group goes by: its main record's title, else its first record's, else its number. */
export function groupName(group: UniquenessGroup): string {
  return (
    group.chosenAttraction?.title ??
    group.convertedUniqAtractions[0]?.title ??
    `#${group.AttractionUniqnessId}`
  );
}

/** The groups a record may move into: those the viewer may change, other than its own, by their number. */
export function moveTargets(groups: readonly UniquenessGroup[], from: UniquenessGroup): UniquenessGroup[] {
  return groups
    .filter((g) => g.mayChange && g.AttractionUniqnessId !== from.AttractionUniqnessId)
    .sort((a, b) => a.AttractionUniqnessId - b.AttractionUniqnessId);
}

/** Where a record is, for telling two records of one name apart: its address, else its coordinates (5 decimals, ~1 m). */
export function placeLine(a: Pick<UniquenessAttraction, 'address' | 'lat' | 'lng'>): string {
  const address = a.address?.trim();
  return address ? address : `${a.lat.toFixed(5)}, ${a.lng.toFixed(5)}`;
}

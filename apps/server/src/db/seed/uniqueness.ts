import { inArray } from 'drizzle-orm';
import type { Transaction } from '../client.js';
import { attractions, attractionUniquenessGroups, attractionUniquenessMembers } from '../schema/index.js';

/**
 * Uniqueness groups on the demo (decision 0040), so /editing_atractions_uniqnes shows something real on a fresh
 * install: the planner wrote the Hebrew trip 1 and the English trip 183 with a record each of the same places.
 * Rosh Hanikra's two records are one group (the Hebrew one its main); Masada's two carry the same (demo) place id,
 * so they are proposed, not grouped. Demo place ids are marked "demo-" as the affiliates' are.
 */
export const DEMO_UNIQUENESS = {
  group: { main: 'he-rosh-hanikra', others: ['en-rosh-hanikra'] },
  proposal: { keys: ['he-masada', 'en-masada'], placeId: 'demo-masada' },
} as const;

export async function insertDemoUniqueness(
  tx: Transaction,
  attractionIds: Map<string, number>,
  plannerId: number,
): Promise<void> {
  const id = (key: string) => attractionIds.get(key);
  const main = id(DEMO_UNIQUENESS.group.main);
  const others = DEMO_UNIQUENESS.group.others.flatMap((k) => id(k) ?? []);
  if (main !== undefined && others.length > 0) {
    const [group] = await tx
      .insert(attractionUniquenessGroups)
      .values({ chosenAttractionId: main, createdBy: plannerId })
      .returning({ id: attractionUniquenessGroups.id });
    const groupId = (group as { id: number }).id;
    await tx
      .insert(attractionUniquenessMembers)
      .values([main, ...others].map((attractionId) => ({ attractionId, groupId })));
  }
  const proposed = DEMO_UNIQUENESS.proposal.keys.flatMap((k) => id(k) ?? []);
  if (proposed.length === DEMO_UNIQUENESS.proposal.keys.length) {
    await tx
      .update(attractions)
      .set({ placeId: DEMO_UNIQUENESS.proposal.placeId })
      .where(inArray(attractions.id, proposed));
  }
}

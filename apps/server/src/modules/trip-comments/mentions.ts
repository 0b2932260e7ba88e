import type { TripPerson } from '@rides/contract';

/**
 * The people a comment mentions (decision 0066): "@" followed by a person's name as the page inserts it (the name
 * itself, spaces and all), not followed by another letter or digit, case-insensitive. The writer never mentions
 * themselves. Pure.
 */
export function mentionedPeople(text: string, people: readonly TripPerson[], writerId: number): number[] {
  const lower = text.toLocaleLowerCase();
  const found = new Set<number>();
  for (const person of people) {
    const name = person.name.trim().toLocaleLowerCase();
    if (!name || person.userId === writerId) continue;
    const needle = `@${name}`;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      const next = lower.slice(at + needle.length, at + needle.length + 2);
      if (next === '' || !/^[\p{L}\p{N}]/u.test(next)) {
        found.add(person.userId);
        break;
      }
    }
  }
  return [...found];
}

import type { TripPerson } from '@rides/contract';

/**
 * The @mention being typed (decision 0066): "@" and the letters after it up to the cursor, when nothing but a name's
 * characters follow the @. A mention is "@" followed by the person's name as it is (the server matches the same).
 */
export function mentionAt(text: string, cursor: number): { start: number; query: string } | null {
  const before = text.slice(0, cursor);
  const m = /(^|\s)@([^@\n]{0,40})$/.exec(before);
  if (!m) return null;
  return { start: before.length - (m[2] ?? '').length - 1, query: m[2] ?? '' };
}

export function mentionChoices(
  people: readonly TripPerson[],
  query: string,
  selfId: number | null,
): TripPerson[] {
  const q = query.toLocaleLowerCase();
  return people.filter((p) => p.userId !== selfId && p.name.toLocaleLowerCase().startsWith(q)).slice(0, 6);
}

/** The text with the mention being typed replaced by "@Name ". */
export function insertMention(text: string, at: { start: number; query: string }, person: TripPerson) {
  const end = at.start + 1 + at.query.length;
  const inserted = `@${person.name} `;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), cursor: at.start + inserted.length };
}

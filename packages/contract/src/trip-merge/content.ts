/**
 * A trip's mergeable content on stable identities (issue 37, decision 0075): what a copy and its original are compared
 * on. The server builds it from the database (days' lineage ids, the attraction ids of the placements, the stays' and
 * notes' lineage ids); the contract only defines it and merges it. Plain TypeScript, no zod: the browser runs it too.
 */

/** An activity (a placed attraction): its day's stable id and its time of day ('HH:MM' or 'HH:MM:SS'), null for none. */
export interface TripActivity {
  day: string;
  time: string | null;
}

/** Where the travellers sleep: `nights` nights from the day `firstNight` (a day id). */
export interface TripStay {
  name: string;
  address: string | null;
  link: string | null;
  text: string;
  lat: number | null;
  lng: number | null;
  firstNight: string;
  nights: number;
}

/** A trip-wide section (`day` null) or a day's note. */
export interface TripNote {
  day: string | null;
  title: string;
  text: string;
}

export interface TripContent {
  title: string;
  /** The trip's description (HTML). */
  text: string;
  /** The days' stable ids in order: a day added in the middle gets a new id, a removed day's id goes. */
  days: string[];
  /** Keyed by attraction id: an attraction is at most once in a trip, and a copy places the same attraction ids. */
  activities: Record<string, TripActivity>;
  /** Every day id -> its activities in the day's order (an empty list for a day without any). */
  order: Record<string, string[]>;
  /** Keyed by the stay's lineage id (the original's row id, kept by its copies). */
  stays: Record<string, TripStay>;
  /** Keyed by the note's lineage id. */
  notes: Record<string, TripNote>;
}

/** A deep copy: the merge's functions never hand out (or change) their inputs' objects. */
export function cloneTripContent(c: TripContent): TripContent {
  const activities: Record<string, TripActivity> = {};
  for (const [id, a] of Object.entries(c.activities)) activities[id] = { ...a };
  const order: Record<string, string[]> = {};
  for (const [day, ids] of Object.entries(c.order)) order[day] = [...ids];
  const stays: Record<string, TripStay> = {};
  for (const [id, s] of Object.entries(c.stays)) stays[id] = { ...s };
  const notes: Record<string, TripNote> = {};
  for (const [id, n] of Object.entries(c.notes)) notes[id] = { ...n };
  return { title: c.title, text: c.text, days: [...c.days], activities, order, stays, notes };
}

/** Own keys in a fixed order (not insertion order, not JavaScript's integer-keys-first): determinism. */
export function sortedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).sort(compareIds);
}

/** Ids compare as strings, numerically when both are whole numbers (attraction and row ids are): '9' before '10'. */
export function compareIds(a: string, b: string): number {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const has = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/**
 * What is wrong with a content, empty when it is valid: days unique; an order for every day and none for another;
 * every activity on an existing day and in exactly its own day's order, once; orders naming only existing activities;
 * a stay's first night an existing day and its nights a whole number from 1; a note on no day or an existing one.
 */
export function tripContentProblems(c: TripContent): string[] {
  const problems: string[] = [];
  const days = new Set<string>();
  for (const day of c.days) {
    if (typeof day !== 'string' || day === '') problems.push(`day id ${String(day)} is not a text`);
    if (days.has(day)) problems.push(`day ${day} twice`);
    days.add(day);
  }
  for (const day of Object.keys(c.order))
    if (!days.has(day)) problems.push(`an order for ${day}, not a day of the trip`);
  const placed = new Map<string, string>();
  for (const day of days) {
    const ids = has(c.order, day) ? c.order[day]! : undefined;
    if (!ids) {
      problems.push(`day ${day} has no order`);
      continue;
    }
    for (const id of ids) {
      if (placed.has(id)) problems.push(`activity ${id} twice in the orders (${placed.get(id)}, ${day})`);
      placed.set(id, day);
      const activity = has(c.activities, id) ? c.activities[id] : undefined;
      if (!activity) problems.push(`day ${day}'s order names ${id}, not an activity`);
      else if (activity.day !== day)
        problems.push(`activity ${id} is on ${activity.day} but in ${day}'s order`);
    }
  }
  for (const [id, a] of Object.entries(c.activities)) {
    if (!days.has(a.day)) problems.push(`activity ${id} on ${a.day}, not a day of the trip`);
    if (!placed.has(id)) problems.push(`activity ${id} in no day's order`);
    if (a.time !== null && typeof a.time !== 'string') problems.push(`activity ${id}'s time is not a text`);
  }
  for (const [id, s] of Object.entries(c.stays)) {
    if (!days.has(s.firstNight)) problems.push(`stay ${id} starts on ${s.firstNight}, not a day of the trip`);
    if (!Number.isInteger(s.nights) || s.nights < 1) problems.push(`stay ${id} has ${s.nights} nights`);
  }
  for (const [id, n] of Object.entries(c.notes))
    if (n.day !== null && !days.has(n.day)) problems.push(`note ${id} on ${n.day}, not a day of the trip`);
  return problems;
}

/** True when the content holds together (tripContentProblems finds nothing). */
export function validTripContent(c: TripContent): boolean {
  return tripContentProblems(c).length === 0;
}

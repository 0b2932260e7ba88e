/**
 * Whether an edit sent with a stale If-Match clashes with what changed the trip since the version it read (issue 33
 * point 3, decision 0065). Pure: editTrip asks it under the ride row's lock with the trip_events rows written after
 * that version and with what this edit noted it changed; a clash answers 409 trip_changed_meanwhile and nothing is
 * applied, no clash lets the edit through on the current trip.
 *
 * The rule (docs/rules.md, "No silent overwrites"):
 * - Changes of the people around the trip (members, comments, votes, lists) never clash with a content edit.
 * - `all` on either side clashes (a change that cannot say what it touched, a reset of the trip).
 * - The same day, the same placement, the same stay or the same trip-wide field clashes.
 * - The trip's dates (the field `dates`: its first/last day, a day added or removed) move every day-based thing:
 *   `dates` clashes with any day, placement or stay, and with another `dates`.
 * - Anything else goes through (another day, another activity, another field).
 */

/** The kinds of change that are not the trip's content: they never clash with a content edit. */
export const NON_CONTENT_TYPES: ReadonlySet<string> = new Set(['members', 'comments', 'votes', 'lists', 'money']);

/** What a change touched, as trip_events.target holds it (trip-events.repository.ts TripChangeTarget). */
export interface ClashTarget {
  days?: readonly string[] | undefined;
  placements?: readonly number[] | undefined;
  stays?: readonly number[] | undefined;
  fields?: readonly string[] | undefined;
  all?: boolean | undefined;
}

export interface ClashChange {
  type: string;
  target?: ClashTarget | Record<string, unknown> | null | undefined;
}

/** The trip-wide field whose change moves every day (decision 0065). */
export const DATES_FIELD = 'dates';

const list = <T>(value: unknown): readonly T[] => (Array.isArray(value) ? (value as T[]) : []);

function intersects<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const set = new Set(a);
  return b.some((x) => set.has(x));
}

/**
 * Normalised target: a missing or empty target says nothing precise, which is `all`; a target that names its kinds
 * with empty lists (`{ fields: [] }`, a form saved unchanged) touched nothing and clashes with nothing.
 */
function normalise(target: ClashChange['target']) {
  const t = (target ?? {}) as Record<string, unknown>;
  const days = list<string>(t.days);
  const placements = list<number>(t.placements);
  const stays = list<number>(t.stays);
  const fields = list<string>(t.fields);
  const precise = ['days', 'placements', 'stays', 'fields'].some((k) => Array.isArray(t[k]));
  return { all: t.all === true || !precise, days, placements, stays, fields };
}

type Normalised = ReturnType<typeof normalise>;

const dayBased = (t: Normalised) => t.days.length + t.placements.length + t.stays.length > 0;
const movesDays = (t: Normalised) => t.fields.includes(DATES_FIELD);

/** Whether two changes of the trip's content touch the same thing. */
export function targetsClash(a: ClashChange['target'], b: ClashChange['target']): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (x.all || y.all) return true;
  if (intersects(x.days, y.days)) return true;
  if (intersects(x.placements, y.placements)) return true;
  if (intersects(x.stays, y.stays)) return true;
  if (intersects(x.fields, y.fields)) return true;
  if (movesDays(x) && dayBased(y)) return true;
  if (movesDays(y) && dayBased(x)) return true;
  return false;
}

/**
 * Whether `edit` (what this call changed) clashes with any of `since` (the changes written after the version the
 * caller read). `complete` is false when some of those changes are no longer kept (the log was pruned past the
 * caller's version): what they touched is unknown, so that clashes.
 */
export function decideClash(
  edit: ClashChange,
  since: readonly ClashChange[],
  complete = true,
): { clash: boolean } {
  if (NON_CONTENT_TYPES.has(edit.type)) return { clash: false };
  if (!complete) return { clash: true };
  const clash = since.some(
    (change) => !NON_CONTENT_TYPES.has(change.type) && targetsClash(edit.target, change.target),
  );
  return { clash };
}

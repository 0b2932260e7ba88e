import type { TripChangeSince } from '@rides/contract';

/**
 * What changed meanwhile, in words (decision 0065): each change of the 409 trip_changed_meanwhile as "who — what
 * (which days)". Pure: the dialog translates the keys; the days are shown DD/MM/YYYY as everywhere else.
 */
export type ChangeWhat =
  | 'trip'
  | 'days'
  | 'dates'
  | 'activities'
  | 'stays'
  | 'texts'
  | 'fields'
  | 'members'
  | 'comments'
  | 'votes'
  | 'lists'
  | 'money';

/** Trip-wide fields the dialog names (others are "the trip's details"). */
export const NAMED_FIELDS = [
  'title',
  'text',
  'party',
  'locked',
  'category',
  'album',
  'privacy',
  'subdomain',
] as const;
export type NamedField = (typeof NAMED_FIELDS)[number];

export interface ChangeLine {
  /** The user's name; null when unknown (a removed account). */
  who: string | null;
  what: ChangeWhat;
  /** YYYY-MM-DD, sorted, once each. */
  days: string[];
  /** Named trip-wide fields. */
  fields: NamedField[];
  /** How many changes this line stands for (the same person and kind in a row). */
  count: number;
}

const KINDS: ReadonlySet<string> = new Set([
  'trip',
  'days',
  'activities',
  'stays',
  'texts',
  'members',
  'comments',
  'votes',
  'lists',
  'money',
]);

function whatOf(change: TripChangeSince): ChangeWhat {
  const fields = change.target.fields ?? [];
  if (fields.includes('dates')) return 'dates';
  if (change.type === 'trip' && fields.some((f) => (NAMED_FIELDS as readonly string[]).includes(f)))
    return 'fields';
  return KINDS.has(change.type) ? (change.type as ChangeWhat) : 'trip';
}

/**
 * The changes as lines to show, oldest first: a person's changes of one kind in a row are one line (their days and
 * fields together), at most `max` lines.
 */
export function describeChanges(changes: readonly TripChangeSince[], max = 6): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const change of changes) {
    const what = whatOf(change);
    const who = change.userName ?? null;
    const days = (change.target.days ?? []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
    const fields = (change.target.fields ?? []).filter((f): f is NamedField =>
      (NAMED_FIELDS as readonly string[]).includes(f),
    );
    const last = lines[lines.length - 1];
    if (last && last.who === who && last.what === what) {
      last.days = [...new Set([...last.days, ...days])].sort();
      last.fields = [...new Set([...last.fields, ...fields])];
      last.count += 1;
    } else lines.push({ who, what, days: [...new Set(days)].sort(), fields: [...new Set(fields)], count: 1 });
  }
  return lines.slice(-max);
}

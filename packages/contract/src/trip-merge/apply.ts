import { cloneTripContent, type TripContent } from './content.js';
import { STAY_PLACE_FIELDS, type ActivityValue, type ChangeKind } from './diff.js';
import type { PutOnDay, TripChange } from './merge.js';
import { placedAfter } from './order.js';

/** Why an accepted change was not applied. */
export type TripChangeRefusal =
  /** No change of this merge has this id. */
  | 'unknown-change'
  /** A conflict accepted without a resolution: a conflict is applied only when resolved "theirs". */
  | 'conflict-unresolved'
  /** The day it goes to (or the day itself) is not in the copy: ours removed it, or its addition was not taken. */
  | 'day-missing'
  /** A day removal while the copy still has activities, notes or stays on that day that are not going with it. */
  | 'day-not-empty'
  /** More days than the trip may have (`maxDays`). */
  | 'too-many-days';

export interface TripApplyOptions {
  /** The most days a trip may have (the server's 60): a day addition beyond it is refused. */
  maxDays?: number;
}

export interface TripApplyResult {
  content: TripContent;
  /** The changes applied, in the order they were (a change ours already had counts as applied). */
  applied: string[];
  refused: { id: string; reason: TripChangeRefusal }[];
}

/**
 * The order changes are applied in, whatever the order they are given in: the trip's texts; days added and moved
 * (so what goes on them has a day); activities placed and retimed; stays and notes; then removals (activities, stays,
 * notes), and days last (a day goes only once what was on it has gone). Within a step, the merge's order: theirs'
 * order of days and activities, so a run of activities theirs added lands in theirs' order.
 */
const STEP: Record<ChangeKind, number> = {
  title: 0,
  text: 0,
  'day-add': 1,
  'day-move': 1,
  'activity-add': 2,
  'activity-move': 2,
  'activity-reorder': 2,
  'activity-time': 2,
  'stay-add': 3,
  'stay-place': 3,
  'stay-text': 3,
  'stay-nights': 3,
  'note-add': 3,
  'note-day': 3,
  'note-title': 3,
  'note-text': 3,
  'activity-remove': 4,
  'stay-remove': 4,
  'note-remove': 4,
  'day-remove': 5,
};

/**
 * Applies to ours (the copy) the accepted clean changes and the conflicts resolved "theirs" (decision 0075). A conflict
 * resolved "ours" is left as ours has it; a change whose target no longer makes sense in the copy (an activity to a day
 * the copy removed, a day removal while the copy keeps something on it, ...) is refused with its reason, not forced.
 * A change of a thing ours removed, resolved "theirs", brings the thing back as theirs has it. The result is always
 * valid content (validTripContent) when ours is. Deterministic; never changes its inputs.
 */
export function applyTripChanges(
  ours: TripContent,
  changes: readonly TripChange[],
  accept: readonly string[],
  resolve: Readonly<Record<string, 'theirs' | 'ours'>>,
  options: TripApplyOptions = {},
): TripApplyResult {
  const byId = new Map(changes.map((c, i) => [c.id, { change: c, at: i }]));
  const refused: TripApplyResult['refused'] = [];
  const refusedIds = new Set<string>();
  const refuse = (id: string, reason: TripChangeRefusal) => {
    if (refusedIds.has(id)) return;
    refusedIds.add(id);
    refused.push({ id, reason });
  };
  const chosen = new Set<string>();
  for (const id of accept) {
    const found = byId.get(id);
    if (!found) refuse(id, 'unknown-change');
    else if (!found.change.conflict) chosen.add(id);
    else if (resolve[id] === undefined) refuse(id, 'conflict-unresolved');
  }
  for (const [id, side] of Object.entries(resolve)) {
    if (!byId.has(id)) refuse(id, 'unknown-change');
    else if (side === 'theirs') chosen.add(id);
  }

  const steps = [...chosen]
    .map((id) => byId.get(id)!)
    .sort((a, b) => STEP[a.change.kind] - STEP[b.change.kind] || a.at - b.at)
    .map((x) => x.change);
  const content = cloneTripContent(ours);
  const applied: string[] = [];
  for (const change of steps) {
    const reason = applyOne(content, change, options);
    if (reason) refuse(change.id, reason);
    else applied.push(change.id);
  }
  return { content, applied, refused };
}

const keyOf = (path: string) => path.split('/')[1]!;

/** Applies one change to `c` (the result being built, changed in place), or says why not. */
function applyOne(c: TripContent, change: TripChange, options: TripApplyOptions): TripChangeRefusal | null {
  const key = keyOf(change.path);
  const hasDay = (day: string) => c.days.includes(day);
  switch (change.kind) {
    case 'title':
    case 'text':
      c[change.kind] = change.theirs;
      return null;
    case 'day-add':
      if (hasDay(key)) return null;
      if (options.maxDays !== undefined && c.days.length >= options.maxDays) return 'too-many-days';
      c.days = placedAfter(c.days, key, change.anchors ?? []);
      c.order[key] = [];
      return null;
    case 'day-move':
      if (!hasDay(key)) return 'day-missing';
      c.days = placedAfter(c.days, key, change.anchors ?? []);
      return null;
    case 'day-remove':
      return removeDay(c, key, change.conflict ? change.put : undefined);
    case 'activity-add':
    case 'activity-move':
    case 'activity-reorder':
    case 'activity-time':
      return placeActivity(c, key, change.kind, change.theirs!, change.anchors ?? []);
    case 'activity-remove': {
      const a = c.activities[key];
      if (!a) return null;
      c.order[a.day] = (c.order[a.day] ?? []).filter((x) => x !== key);
      delete c.activities[key];
      return null;
    }
    case 'stay-add':
    case 'stay-place':
    case 'stay-text':
    case 'stay-nights': {
      const theirs = change.theirs!;
      const current = c.stays[key];
      const fields: readonly (keyof typeof theirs)[] =
        !current || change.kind === 'stay-add'
          ? (Object.keys(theirs) as (keyof typeof theirs)[])
          : change.kind === 'stay-place'
            ? STAY_PLACE_FIELDS
            : change.kind === 'stay-text'
              ? ['text']
              : ['firstNight', 'nights'];
      const next = { ...(current ?? theirs) };
      for (const f of fields) (next as Record<string, unknown>)[f] = theirs[f];
      if (!hasDay(next.firstNight)) return 'day-missing';
      c.stays[key] = next;
      return null;
    }
    case 'note-add':
    case 'note-day':
    case 'note-title':
    case 'note-text': {
      const theirs = change.theirs!;
      const current = c.notes[key];
      const next =
        !current || change.kind === 'note-add'
          ? { ...theirs }
          : change.kind === 'note-day'
            ? { ...current, day: theirs.day }
            : change.kind === 'note-title'
              ? { ...current, title: theirs.title }
              : { ...current, text: theirs.text };
      if (next.day !== null && !hasDay(next.day)) return 'day-missing';
      c.notes[key] = next;
      return null;
    }
    case 'stay-remove':
      delete c.stays[key];
      return null;
    case 'note-remove':
      delete c.notes[key];
      return null;
  }
}

/**
 * An activity's placement or time as theirs has it. Missing in ours (theirs added it, or ours removed it and the
 * conflict was resolved "theirs"): it comes as theirs has it, day, place and time. Otherwise: a move or reorder already
 * true in ours (the same day; for a reorder, the same activity before it) changes nothing, or else the activity goes
 * after the nearest of theirs' activities before it that the day holds (none: first); a retime sets the time; an
 * addition ours made too (a conflict resolved "theirs") takes theirs' day and time.
 */
function placeActivity(
  c: TripContent,
  id: string,
  kind: Extract<ChangeKind, `activity-${string}`>,
  theirs: ActivityValue,
  anchors: readonly string[],
): TripChangeRefusal | null {
  const current = c.activities[id];
  const day = theirs.day;
  let time = theirs.time;
  if (current) {
    if (kind === 'activity-time') {
      c.activities[id] = { ...current, time: theirs.time };
      return null;
    }
    const order = c.order[current.day] ?? [];
    const before = order[order.indexOf(id) - 1] ?? null;
    const sameDay = current.day === theirs.day;
    if (kind === 'activity-move' && sameDay) return null;
    if (kind === 'activity-reorder' && sameDay && before === theirs.after) return null;
    if (kind === 'activity-add' && sameDay && current.time === theirs.time) return null;
    // A move or a reorder keeps ours' time (a time theirs changed is its own change); an addition is theirs' all.
    if (kind !== 'activity-add') time = current.time;
  }
  if (!c.days.includes(day)) return 'day-missing';
  if (current && current.day !== day)
    c.order[current.day] = (c.order[current.day] ?? []).filter((x) => x !== id);
  if (!current || current.day !== day || kind === 'activity-reorder')
    c.order[day] = placedAfter(c.order[day] ?? [], id, anchors);
  c.activities[id] = { day, time };
  return null;
}

/**
 * A day's removal: refused while the copy keeps something on it that is not going with it. With a conflict resolved
 * "theirs" (`put`), what ours added there goes with the day, and what ours moved there that theirs still has goes back
 * where theirs has it; anything else (a stay starting that night: it may be a booking; something a resolution "ours"
 * kept there) keeps the day: refused, nothing changed.
 */
function removeDay(c: TripContent, day: string, put: PutOnDay | undefined): TripChangeRefusal | null {
  if (!c.days.includes(day)) return null;
  const added = new Set(put?.activities ?? []);
  const addedNotes = new Set(put?.notes ?? []);
  const back = put?.back ?? { activities: {}, notes: {} };
  const has = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);
  const onIt = c.order[day] ?? [];
  const notes = Object.keys(c.notes).filter((id) => c.notes[id]!.day === day);
  for (const id of onIt) {
    if (has(back.activities, id)) {
      const to = back.activities[id]!.day;
      if (to === day || !c.days.includes(to)) return 'day-missing';
    } else if (!added.has(id)) return 'day-not-empty';
  }
  for (const id of notes) {
    if (has(back.notes, id)) {
      const to = back.notes[id] as string | null;
      if (to === day || (to !== null && !c.days.includes(to))) return 'day-missing';
    } else if (!addedNotes.has(id)) return 'day-not-empty';
  }
  if (Object.values(c.stays).some((s) => s.firstNight === day)) return 'day-not-empty';
  for (const id of onIt) {
    if (has(back.activities, id)) {
      const { day: to, anchors } = back.activities[id]!;
      c.order[to] = placedAfter(c.order[to] ?? [], id, anchors);
      c.activities[id] = { ...c.activities[id]!, day: to };
    } else delete c.activities[id];
  }
  for (const id of notes) {
    if (has(back.notes, id)) c.notes[id] = { ...c.notes[id]!, day: back.notes[id] as string | null };
    else delete c.notes[id];
  }
  c.days = c.days.filter((d) => d !== day);
  delete c.order[day];
  return null;
}

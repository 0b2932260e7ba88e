import { sortedKeys, type TripContent, type TripNote, type TripStay } from './content.js';
import { anchorsAt, movedItems } from './order.js';

/** A day as a change shows it: its place (0-based index, the day before it) and its activities in order. */
export interface DayValue {
  index: number;
  after: string | null;
  activities: string[];
}

/** An activity as a change shows it: its day, its time, and the activity before it on that day (null: first). */
export interface ActivityValue {
  day: string;
  time: string | null;
  after: string | null;
}

/** What each kind of change is about: the whole thing on each side (null where the side does not have it). */
export interface ChangeValues {
  title: string;
  text: string;
  'day-add': DayValue;
  'day-remove': DayValue;
  'day-move': DayValue;
  'activity-add': ActivityValue;
  'activity-remove': ActivityValue;
  /** To another day. */
  'activity-move': ActivityValue;
  /** Within its day: the activity before it changed (and it is not one of the activities that kept their order). */
  'activity-reorder': ActivityValue;
  'activity-time': ActivityValue;
  'stay-add': TripStay;
  'stay-remove': TripStay;
  /** The place: name, address, link and coordinates together (another hotel is one change, not five). */
  'stay-place': TripStay;
  'stay-text': TripStay;
  /** Its first night and number of nights. */
  'stay-nights': TripStay;
  'note-add': TripNote;
  'note-remove': TripNote;
  /** Moved to another day, or between a day and trip-wide. */
  'note-day': TripNote;
  'note-title': TripNote;
  'note-text': TripNote;
}

export type ChangeKind = keyof ChangeValues;
type Value<K extends ChangeKind> = K extends 'title' | 'text' ? ChangeValues[K] : ChangeValues[K] | null;

/**
 * One side's change since the base: `path` names the thing (`title`, `days/<id>`, `activities/<id>/time`, ...), `base`
 * and `side` are the thing on each (null: absent). `anchors`, for a day or an activity the side placed: the items before
 * it in the side's order, nearest first (where to put it in another order: decision 0075).
 */
export type TripEdit = {
  [K in ChangeKind]: { kind: K; path: string; base: Value<K>; side: Value<K>; anchors?: string[] };
}[ChangeKind];

/** The fields of a stay that make its place: changed together they are one change. */
export const STAY_PLACE_FIELDS = ['name', 'address', 'link', 'lat', 'lng'] as const;

const differ = <T extends object>(a: T, b: T, fields: readonly (keyof T)[]) =>
  fields.some((f) => a[f] !== b[f]);

/** Every activity's index in its day's order. */
export function activityIndexes(c: TripContent): Map<string, number> {
  const index = new Map<string, number>();
  for (const day of c.days) (c.order[day] ?? []).forEach((id, i) => index.set(id, i));
  return index;
}

export function dayValue(c: TripContent, index: number): DayValue {
  const day = c.days[index]!;
  return { index, after: c.days[index - 1] ?? null, activities: [...(c.order[day] ?? [])] };
}

export function activityValue(
  c: TripContent,
  id: string,
  indexes: Map<string, number>,
): ActivityValue | null {
  const a = c.activities[id];
  if (!a) return null;
  const i = indexes.get(id) ?? 0;
  return { day: a.day, time: a.time, after: (c.order[a.day] ?? [])[i - 1] ?? null };
}

/** The entity a path is about: `activities/12/time` -> `activities/12`; `title` -> `title`. */
export function entityOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 1 ? `${parts[0]}/${parts[1]}` : path;
}

/**
 * A side's changes since the base, in a fixed order: the title and text; the days in the side's order (added, moved),
 * then the removed ones in the base's; the activities day by day and in each day's order on the side (added, moved,
 * reordered, retimed), then the removed ones in the base's order; the stays and the notes by id. A moved activity is a
 * move (its day changed) or a reorder (its day kept, it left the longest run of activities that kept their order), never
 * a removal and an addition. Pure: reads its inputs only.
 */
export function diffTripContent(base: TripContent, side: TripContent): TripEdit[] {
  const edits: TripEdit[] = [];
  if (base.title !== side.title)
    edits.push({ kind: 'title', path: 'title', base: base.title, side: side.title });
  if (base.text !== side.text) edits.push({ kind: 'text', path: 'text', base: base.text, side: side.text });

  const baseDays = new Map(base.days.map((d, i) => [d, i]));
  const sideDays = new Set(side.days);
  const movedDays = movedItems(base.days, side.days);
  side.days.forEach((day, i) => {
    const b = baseDays.get(day);
    const path = `days/${day}`;
    const anchors = anchorsAt(side.days, i);
    if (b === undefined) edits.push({ kind: 'day-add', path, base: null, side: dayValue(side, i), anchors });
    else if (movedDays.has(day))
      edits.push({
        kind: 'day-move',
        path: `${path}/place`,
        base: dayValue(base, b),
        side: dayValue(side, i),
        anchors,
      });
  });
  base.days.forEach((day, i) => {
    if (!sideDays.has(day))
      edits.push({ kind: 'day-remove', path: `days/${day}`, base: dayValue(base, i), side: null });
  });

  const baseIndex = activityIndexes(base);
  const sideIndex = activityIndexes(side);
  for (const day of side.days) {
    const ids = side.order[day] ?? [];
    const moved = baseDays.has(day) ? movedItems(base.order[day] ?? [], ids) : new Set<string>();
    ids.forEach((id, i) => {
      const b = activityValue(base, id, baseIndex);
      const s = activityValue(side, id, sideIndex)!;
      const path = `activities/${id}`;
      const anchors = anchorsAt(ids, i);
      if (!b) {
        edits.push({ kind: 'activity-add', path, base: null, side: s, anchors });
        return;
      }
      if (b.day !== s.day)
        edits.push({ kind: 'activity-move', path: `${path}/place`, base: b, side: s, anchors });
      else if (moved.has(id))
        edits.push({ kind: 'activity-reorder', path: `${path}/place`, base: b, side: s, anchors });
      if (b.time !== s.time)
        edits.push({ kind: 'activity-time', path: `${path}/time`, base: b, side: s, anchors });
    });
  }
  for (const day of base.days)
    for (const id of base.order[day] ?? [])
      if (!side.activities[id])
        edits.push({
          kind: 'activity-remove',
          path: `activities/${id}`,
          base: activityValue(base, id, baseIndex),
          side: null,
        });

  for (const id of sortedKeys({ ...base.stays, ...side.stays })) {
    const b = base.stays[id] ?? null;
    const s = side.stays[id] ?? null;
    const path = `stays/${id}`;
    if (!b) edits.push({ kind: 'stay-add', path, base: null, side: { ...s! } });
    else if (!s) edits.push({ kind: 'stay-remove', path, base: { ...b }, side: null });
    else {
      if (differ(b, s, STAY_PLACE_FIELDS))
        edits.push({ kind: 'stay-place', path: `${path}/place`, base: { ...b }, side: { ...s } });
      if (b.text !== s.text)
        edits.push({ kind: 'stay-text', path: `${path}/text`, base: { ...b }, side: { ...s } });
      if (differ(b, s, ['firstNight', 'nights']))
        edits.push({ kind: 'stay-nights', path: `${path}/nights`, base: { ...b }, side: { ...s } });
    }
  }

  for (const id of sortedKeys({ ...base.notes, ...side.notes })) {
    const b = base.notes[id] ?? null;
    const s = side.notes[id] ?? null;
    const path = `notes/${id}`;
    if (!b) edits.push({ kind: 'note-add', path, base: null, side: { ...s! } });
    else if (!s) edits.push({ kind: 'note-remove', path, base: { ...b }, side: null });
    else {
      if (b.day !== s.day)
        edits.push({ kind: 'note-day', path: `${path}/day`, base: { ...b }, side: { ...s } });
      if (b.title !== s.title)
        edits.push({ kind: 'note-title', path: `${path}/title`, base: { ...b }, side: { ...s } });
      if (b.text !== s.text)
        edits.push({ kind: 'note-text', path: `${path}/text`, base: { ...b }, side: { ...s } });
    }
  }
  return edits;
}

/**
 * How far a copy has diverged from its base: the number of its own changes (diffTripContent's), for the planner's list
 * of a template's copies. 0: the copy is its base.
 */
export function tripDivergence(base: TripContent, copy: TripContent): number {
  return diffTripContent(base, copy).length;
}

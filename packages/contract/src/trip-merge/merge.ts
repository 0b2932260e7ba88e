import type { TripContent, TripNote, TripStay } from './content.js';
import { anchorsAt } from './order.js';
import {
  activityIndexes,
  activityValue,
  dayValue,
  diffTripContent,
  entityOf,
  STAY_PLACE_FIELDS,
  type ActivityValue,
  type ChangeKind,
  type ChangeValues,
  type DayValue,
  type TripEdit,
} from './diff.js';

type Value<K extends ChangeKind> = K extends 'title' | 'text' ? ChangeValues[K] : ChangeValues[K] | null;

/**
 * What ours put on a day theirs removed: the reason the removal is a conflict, and what becomes of it when the removal
 * is resolved "theirs" (decision 0075): what ours added there goes with the day; what ours moved there from elsewhere
 * and theirs still has goes back where theirs has it (`back`); a stay ours starts there keeps the day (refused).
 */
export interface PutOnDay {
  /** Activities ours added on that day. */
  activities: string[];
  /** Activities ours moved there from another day. */
  moved: string[];
  /** Notes ours added on that day. */
  notes: string[];
  /** Notes ours moved there. */
  movedNotes: string[];
  /** Stays ours starts that night (added, or their first night moved there). */
  stays: string[];
  /** Where theirs has what ours moved there: an activity's day and anchors, a note's day. */
  back: {
    activities: Record<string, { day: string; anchors: string[] }>;
    notes: Record<string, string | null>;
  };
}

/**
 * One change of theirs (the original) since the base, with what ours (the copy) has of the same thing now. `id` is
 * `<kind>:<path>`: the same change of the same thing has the same id in every merge. `base`, `theirs`, `ours`: the thing
 * on each side (null where absent). `conflict`: ours changed the same thing differently. `anchors`: where theirs put it
 * (see TripEdit). `put`: on a day removal, what ours put on that day.
 */
export type TripChange = {
  [K in ChangeKind]: {
    id: string;
    kind: K;
    path: string;
    base: Value<K>;
    theirs: Value<K>;
    ours: Value<K>;
    conflict: boolean;
    anchors?: string[];
    put?: PutOnDay;
  };
}[ChangeKind];

export interface TripMerge {
  changes: TripChange[];
}

const sameFields = <T extends object>(a: T, b: T, fields: readonly (keyof T)[]) =>
  fields.every((f) => a[f] === b[f]);
const STAY_FIELDS = [...STAY_PLACE_FIELDS, 'text', 'firstNight', 'nights'] as const;
const NOTE_FIELDS = ['day', 'title', 'text'] as const;

/** What ours put on each day since the base (see PutOnDay), with where theirs has what ours moved. */
function putByDay(oursEdits: TripEdit[], theirs: TripContent): Map<string, PutOnDay> {
  const byDay = new Map<string, PutOnDay>();
  const on = (day: string) => {
    let put = byDay.get(day);
    if (!put)
      byDay.set(
        day,
        (put = {
          activities: [],
          moved: [],
          notes: [],
          movedNotes: [],
          stays: [],
          back: { activities: {}, notes: {} },
        }),
      );
    return put;
  };
  const idOf = (path: string) => entityOf(path).split('/')[1]!;
  for (const e of oursEdits) {
    const id = idOf(e.path);
    if (e.kind === 'activity-add') on(e.side!.day).activities.push(id);
    if (e.kind === 'activity-move') {
      const put = on(e.side!.day);
      put.moved.push(id);
      const t = theirs.activities[id];
      if (t) {
        const order = theirs.order[t.day] ?? [];
        put.back.activities[id] = { day: t.day, anchors: anchorsAt(order, order.indexOf(id)) };
      }
    }
    if (e.kind === 'note-add' && e.side!.day !== null) on(e.side!.day).notes.push(id);
    if (e.kind === 'note-day' && e.side!.day !== null) {
      const put = on(e.side!.day);
      put.movedNotes.push(id);
      const t = theirs.notes[id];
      if (t) put.back.notes[id] = t.day;
    }
    if (e.kind === 'stay-add' || (e.kind === 'stay-nights' && e.side!.firstNight !== e.base!.firstNight))
      on(e.side!.firstNight).stays.push(id);
  }
  return byDay;
}

/**
 * Three-way merge of a copy with its original (decision 0075): every change of theirs since the base, with ours' value
 * of the same thing and whether it is a conflict. Clean when ours did not touch the thing or made the same change; a
 * conflict when ours changed it differently: the same field to another value, the same activity to another day or
 * another place in its day, a thing one side removed and the other changed, a day theirs removed that ours put
 * activities, notes or stays on (or moved). Ours' own changes that theirs did not touch are not listed: they stay. The
 * changes come in diffTripContent's order of theirs. Pure and deterministic.
 */
export function mergeTripContent(base: TripContent, theirs: TripContent, ours: TripContent): TripMerge {
  const theirsEdits = diffTripContent(base, theirs);
  const oursEdits = diffTripContent(base, ours);
  const oursByPath = new Map(oursEdits.map((e) => [e.path, e]));
  const oursEntities = new Set(oursEdits.map((e) => entityOf(e.path)));
  const oursDays = new Map(ours.days.map((d, i) => [d, i]));
  const oursIndex = activityIndexes(ours);
  const put = putByDay(oursEdits, theirs);

  const changes = theirsEdits.map((e): TripChange => {
    const id = `${e.kind}:${e.path}`;
    const key = entityOf(e.path).split('/')[1] ?? '';
    const o = oursByPath.get(e.path);
    const common = { id, path: e.path, ...(e.anchors ? { anchors: [...e.anchors] } : {}) };
    switch (e.kind) {
      case 'title':
      case 'text': {
        const ours_ = ours[e.kind];
        return {
          ...common,
          kind: e.kind,
          base: e.base,
          theirs: e.side,
          ours: ours_,
          conflict: ours_ !== e.base && ours_ !== e.side,
        };
      }
      case 'day-add':
      case 'day-move':
      case 'day-remove': {
        const at = oursDays.get(key);
        const oursValue: DayValue | null = at === undefined ? null : dayValue(ours, at);
        let conflict = false;
        if (e.kind === 'day-move')
          conflict =
            !oursValue ||
            (o !== undefined && o.side !== null && (o.side as DayValue).after !== e.side!.after);
        if (e.kind === 'day-remove' && oursValue) {
          const p = put.get(key);
          const putSomething =
            !!p &&
            p.activities.length + p.moved.length + p.notes.length + p.movedNotes.length + p.stays.length > 0;
          conflict = putSomething || oursByPath.has(`days/${key}/place`);
          return {
            ...common,
            kind: e.kind,
            base: e.base,
            theirs: e.side,
            ours: oursValue,
            conflict,
            ...(putSomething ? { put: p } : {}),
          };
        }
        return { ...common, kind: e.kind, base: e.base, theirs: e.side, ours: oursValue, conflict };
      }
      case 'activity-add':
      case 'activity-remove':
      case 'activity-move':
      case 'activity-reorder':
      case 'activity-time': {
        const oursValue = activityValue(ours, key, oursIndex);
        return {
          ...common,
          kind: e.kind,
          base: e.base,
          theirs: e.side,
          ours: oursValue,
          conflict: activityConflict(e, oursValue, o, oursEntities),
        };
      }
      case 'stay-add':
      case 'stay-remove':
      case 'stay-place':
      case 'stay-text':
      case 'stay-nights': {
        const oursValue: TripStay | null = ours.stays[key] ? { ...ours.stays[key] } : null;
        return {
          ...common,
          kind: e.kind,
          base: e.base,
          theirs: e.side,
          ours: oursValue,
          conflict: recordConflict(e, oursValue, oursEntities, STAY_FIELDS, stayGroup(e.kind)),
        };
      }
      case 'note-add':
      case 'note-remove':
      case 'note-day':
      case 'note-title':
      case 'note-text': {
        const oursValue: TripNote | null = ours.notes[key] ? { ...ours.notes[key] } : null;
        return {
          ...common,
          kind: e.kind,
          base: e.base,
          theirs: e.side,
          ours: oursValue,
          conflict: recordConflict(e, oursValue, oursEntities, NOTE_FIELDS, noteGroup(e.kind)),
        };
      }
    }
  });
  return { changes };
}

function activityConflict(
  e: Extract<TripEdit, { kind: `activity-${string}` }>,
  ours: ActivityValue | null,
  o: TripEdit | undefined,
  oursEntities: Set<string>,
): boolean {
  switch (e.kind) {
    case 'activity-add':
      // Ours has it only when ours added the same attraction too: the same if on the same day at the same time.
      return !!ours && (ours.day !== e.side!.day || ours.time !== e.side!.time);
    case 'activity-remove':
      return !!ours && oursEntities.has(e.path);
    case 'activity-move':
      // Both moved it: the same change when to the same day (where in it, ours' choice stands).
      return !ours || (o !== undefined && ours.day !== e.side!.day);
    case 'activity-reorder':
      return !ours || (o !== undefined && (ours.day !== e.side!.day || ours.after !== e.side!.after));
    case 'activity-time':
      return !ours || (o !== undefined && ours.time !== e.side!.time);
  }
}

function stayGroup(kind: `stay-${string}`): readonly (keyof TripStay)[] {
  if (kind === 'stay-place') return STAY_PLACE_FIELDS;
  if (kind === 'stay-text') return ['text'];
  if (kind === 'stay-nights') return ['firstNight', 'nights'];
  return STAY_FIELDS;
}

function noteGroup(kind: `note-${string}`): readonly (keyof TripNote)[] {
  if (kind === 'note-day') return ['day'];
  if (kind === 'note-title') return ['title'];
  if (kind === 'note-text') return ['text'];
  return NOTE_FIELDS;
}

/**
 * A stay's or a note's change against ours: an addition clashes with the same id added with other values; a removal
 * with any change of ours to it; a change of a group of fields with ours' removal, or with ours' own other values of the
 * same group (ours' group neither the base's nor theirs').
 */
function recordConflict<T extends object>(
  e: { kind: string; path: string; base: T | null; side: T | null },
  ours: T | null,
  oursEntities: Set<string>,
  all: readonly (keyof T)[],
  group: readonly (keyof T)[],
): boolean {
  if (e.kind.endsWith('-add')) return !!ours && !sameFields(ours, e.side!, all);
  if (e.kind.endsWith('-remove')) return !!ours && oursEntities.has(e.path);
  if (!ours) return true;
  return !sameFields(ours, e.side!, group) && !sameFields(ours, e.base!, group);
}

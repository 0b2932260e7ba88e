import type { TFunction } from 'i18next';
import {
  isolateUserText,
  type ActivityValue,
  type DayValue,
  type TripChange,
  type TripDay,
  type TripNote,
  type TripStay,
} from '@rides/contract';

/**
 * A living copy's updates in words (issue 37 point 2, decision 0075): each change of the original as the copy's editor
 * reads it ("'Uffizi Gallery' now at 10:00 (was 09:00)" under "Day 3"), grouped by the day it is about. Pure: the
 * texts come through `t` (the `tripUpdates` group), the names and day numbers from the two trips' reads.
 *
 * Day numbers: the merge names days by stable ids; the upstream answer lists both trips' day ids in order, so a day is
 * its number in the copy when the copy has it (what its page shows), else in the original ("day 4 of the original"),
 * else "a day".
 */

/** What the words need of one trip's read: its activities' titles (by attraction id as text). */
export interface TripNames {
  titles: Map<string, string>;
}

export const NO_NAMES: TripNames = { titles: new Map() };

/** The activities' titles of a trip's read (ride_attractions_api's attractionsByDay). */
export function tripNames(days: readonly TripDay[] | undefined): TripNames {
  const names: TripNames = { titles: new Map() };
  for (const day of days ?? [])
    for (const a of day.daily_attractions) names.titles.set(String(a.id), a.title);
  return names;
}

/** Day id -> its 0-based index in the copy (`ours`) and in the original now (`theirs`), where known. */
export type DayBook = Map<string, { ours?: number; theirs?: number }>;

/** The thing a change's path is about: `activities/12/time` -> `12`. */
export const keyOf = (path: string) => path.split('/')[1] ?? '';

/** Each day id's number in the copy and in the original now, from the upstream answer's day lists. */
export function dayBook(days: readonly string[], originDays: readonly string[] | null): DayBook {
  const book: DayBook = new Map();
  days.forEach((id, i) => book.set(id, { ours: i }));
  (originDays ?? []).forEach((id, i) => book.set(id, { ...book.get(id), theirs: i }));
  return book;
}

/** How a day is named: the copy's number, else the original's, else unknown. */
export type DayRef = { side: 'ours' | 'theirs'; number: number } | null;

export function dayRef(book: DayBook, day: string | null | undefined): DayRef {
  const entry = day ? book.get(day) : undefined;
  if (entry?.ours !== undefined) return { side: 'ours', number: entry.ours + 1 };
  if (entry?.theirs !== undefined) return { side: 'theirs', number: entry.theirs + 1 };
  return null;
}

/** "day 3", "day 4 of the original", "a day" (inside a sentence). */
export function dayWords(ref: DayRef, t: TFunction): string {
  if (!ref) return t('tripUpdates.day.unknown');
  return ref.side === 'ours'
    ? t('tripUpdates.day.ours', { number: ref.number })
    : t('tripUpdates.day.theirs', { number: ref.number });
}

/** "10:00" of "10:00:00"; the words for no time. */
function timeWords(time: string | null | undefined, t: TFunction): string {
  return time ? time.slice(0, 5) : t('tripUpdates.noTime');
}

/** An HTML text as a short plain line (a note's text, in a quote). */
export function excerpt(html: string, max = 60): string {
  const plain = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

const quote = (s: string) => isolateUserText(s);

/** What the words of a change need besides `t`. */
export interface WordsContext {
  t: TFunction;
  book: DayBook;
  copy: TripNames;
  original: TripNames;
}

function activityName(id: string, ctx: WordsContext): string {
  const title = ctx.copy.titles.get(id) ?? ctx.original.titles.get(id);
  return title ? quote(title) : ctx.t('tripUpdates.anActivity');
}

function noteName(note: TripNote): string {
  return quote(note.title.trim() || excerpt(note.text, 40));
}

/** The group a change is shown under: the whole trip, or a day. */
export type Group = { kind: 'trip' } | { kind: 'day'; day: DayRef };

/** One change in words: its group, its sentence, and for a conflict what each side has. */
export interface ChangeWords {
  id: string;
  group: Group;
  text: string;
  conflict: boolean;
  /** A conflict's two values, short: "10:00" / "11:00". */
  sides?: { theirs: string; ours: string };
}

/** A side's value of the thing, short, for a conflict ("10:00", "day 3", "removed"). */
export function sideWords(c: TripChange, side: 'theirs' | 'ours', ctx: WordsContext): string {
  const { t } = ctx;
  const value = c[side];
  if (value === null || value === undefined) return t('tripUpdates.side.removed');
  switch (c.kind) {
    case 'title':
      return quote(value as string);
    case 'text':
    case 'stay-text':
    case 'note-text': {
      const text = c.kind === 'text' ? (value as string) : (value as TripStay | TripNote).text;
      return quote(excerpt(text, 80) || t('tripUpdates.side.empty'));
    }
    case 'day-add':
    case 'day-remove':
    case 'day-move': {
      const after = (value as DayValue).after;
      return after === null
        ? t('tripUpdates.side.first')
        : t('tripUpdates.side.afterDay', { day: dayWords(dayRef(ctx.book, after), t) });
    }
    case 'activity-time':
      return timeWords((value as ActivityValue).time, t);
    case 'activity-move':
      return dayWords(dayRef(ctx.book, (value as ActivityValue).day), t);
    case 'activity-reorder': {
      const after = (value as ActivityValue).after;
      return after === null
        ? t('tripUpdates.side.firstOfDay')
        : t('tripUpdates.side.after', { name: activityName(after, ctx) });
    }
    case 'activity-add':
    case 'activity-remove': {
      const a = value as ActivityValue;
      return t('tripUpdates.side.dayAt', {
        day: dayWords(dayRef(ctx.book, a.day), t),
        time: timeWords(a.time, t),
      });
    }
    case 'stay-place':
      return quote((value as TripStay).name);
    case 'stay-nights':
    case 'stay-add':
    case 'stay-remove': {
      const s = value as TripStay;
      return t('tripUpdates.side.nights', {
        count: s.nights,
        day: dayWords(dayRef(ctx.book, s.firstNight), t),
      });
    }
    case 'note-day': {
      const day = (value as TripNote).day;
      return day === null ? t('tripUpdates.side.wholeTrip') : dayWords(dayRef(ctx.book, day), t);
    }
    case 'note-title':
    case 'note-add':
    case 'note-remove':
      return noteName(value as TripNote);
  }
}

/** The group of a change: the day it is about on the original now (where it goes), else the whole trip. */
function groupOf(c: TripChange, ctx: WordsContext): Group {
  const day = (d: string | null | undefined): Group =>
    d ? { kind: 'day', day: dayRef(ctx.book, d) } : { kind: 'trip' };
  const value = (c.theirs ?? c.base) as unknown;
  switch (c.kind) {
    case 'title':
    case 'text':
    case 'day-add':
    case 'day-remove':
    case 'day-move':
      return { kind: 'trip' };
    case 'activity-add':
    case 'activity-remove':
    case 'activity-move':
    case 'activity-reorder':
    case 'activity-time':
      return day((value as ActivityValue).day);
    case 'stay-add':
    case 'stay-remove':
    case 'stay-place':
    case 'stay-text':
    case 'stay-nights':
      return day((value as TripStay).firstNight);
    default:
      return day((value as TripNote).day);
  }
}

/** The sentence of a change (without its day when it is grouped under one). */
export function changeText(c: TripChange, ctx: WordsContext): string {
  const { t } = ctx;
  const key = keyOf(c.path);
  const d = (day: string | null | undefined) => dayWords(dayRef(ctx.book, day), t);
  switch (c.kind) {
    case 'title':
      return t('tripUpdates.change.title', { title: quote(c.theirs), was: quote(c.base) });
    case 'text':
      return t('tripUpdates.change.text');
    case 'day-add': {
      const count = c.theirs!.activities.length;
      const first = c.theirs!.after === null;
      if (count === 0)
        return first
          ? t('tripUpdates.change.dayAddFirstEmpty')
          : t('tripUpdates.change.dayAddEmpty', { day: d(c.theirs!.after) });
      return first
        ? t('tripUpdates.change.dayAddFirst', { count })
        : t('tripUpdates.change.dayAdd', { day: d(c.theirs!.after), count });
    }
    case 'day-remove':
      return t('tripUpdates.change.dayRemove', { day: d(key) });
    case 'day-move':
      return c.theirs!.after === null
        ? t('tripUpdates.change.dayMoveFirst', { day: d(key) })
        : t('tripUpdates.change.dayMove', { day: d(key), after: d(c.theirs!.after) });
    case 'activity-add':
      return c.theirs!.time
        ? t('tripUpdates.change.activityAddAt', {
            name: activityName(key, ctx),
            time: timeWords(c.theirs!.time, t),
          })
        : t('tripUpdates.change.activityAdd', { name: activityName(key, ctx) });
    case 'activity-remove':
      return t('tripUpdates.change.activityRemove', { name: activityName(key, ctx) });
    case 'activity-move':
      return t('tripUpdates.change.activityMove', {
        name: activityName(key, ctx),
        day: d(c.theirs!.day),
        was: d(c.base!.day),
      });
    case 'activity-reorder':
      return c.theirs!.after === null
        ? t('tripUpdates.change.activityFirst', { name: activityName(key, ctx) })
        : t('tripUpdates.change.activityAfter', {
            name: activityName(key, ctx),
            after: activityName(c.theirs!.after, ctx),
          });
    case 'activity-time':
      if (!c.theirs!.time)
        return t('tripUpdates.change.timeCleared', {
          name: activityName(key, ctx),
          was: timeWords(c.base!.time, t),
        });
      return c.base!.time
        ? t('tripUpdates.change.time', {
            name: activityName(key, ctx),
            time: timeWords(c.theirs!.time, t),
            was: timeWords(c.base!.time, t),
          })
        : t('tripUpdates.change.timeSet', {
            name: activityName(key, ctx),
            time: timeWords(c.theirs!.time, t),
          });
    case 'stay-add':
      return t('tripUpdates.change.stayAdd', {
        name: quote(c.theirs!.name),
        count: c.theirs!.nights,
        day: d(c.theirs!.firstNight),
      });
    case 'stay-remove':
      return t('tripUpdates.change.stayRemove', { name: quote(c.base!.name) });
    case 'stay-place':
      return t('tripUpdates.change.stayPlace', { name: quote(c.theirs!.name), was: quote(c.base!.name) });
    case 'stay-text':
      return t('tripUpdates.change.stayText', { name: quote(c.theirs!.name) });
    case 'stay-nights':
      return c.theirs!.firstNight === c.base!.firstNight
        ? t('tripUpdates.change.stayNights', {
            name: quote(c.theirs!.name),
            count: c.theirs!.nights,
            day: d(c.theirs!.firstNight),
            was: c.base!.nights,
          })
        : t('tripUpdates.change.stayNightsMoved', {
            name: quote(c.theirs!.name),
            count: c.theirs!.nights,
            day: d(c.theirs!.firstNight),
            was: t('tripUpdates.side.nights', { count: c.base!.nights, day: d(c.base!.firstNight) }),
          });
    case 'note-add':
      return c.theirs!.day === null
        ? t('tripUpdates.change.sectionAdd', { name: noteName(c.theirs!) })
        : t('tripUpdates.change.noteAdd', { name: noteName(c.theirs!) });
    case 'note-remove':
      return c.base!.day === null
        ? t('tripUpdates.change.sectionRemove', { name: noteName(c.base!) })
        : t('tripUpdates.change.noteRemove', { name: noteName(c.base!) });
    case 'note-day':
      return c.theirs!.day === null
        ? t('tripUpdates.change.noteToTrip', { name: noteName(c.theirs!), was: d(c.base!.day) })
        : c.base!.day === null
          ? t('tripUpdates.change.noteFromTrip', { name: noteName(c.theirs!), day: d(c.theirs!.day) })
          : t('tripUpdates.change.noteDay', {
              name: noteName(c.theirs!),
              day: d(c.theirs!.day),
              was: d(c.base!.day),
            });
    case 'note-title':
      return t('tripUpdates.change.noteTitle', { name: noteName(c.theirs!), was: noteName(c.base!) });
    case 'note-text':
      return t('tripUpdates.change.noteText', { name: noteName(c.theirs!) });
  }
}

export function changeWords(c: TripChange, ctx: WordsContext): ChangeWords {
  return {
    id: c.id,
    group: groupOf(c, ctx),
    text: changeText(c, ctx),
    conflict: c.conflict,
    ...(c.conflict
      ? { sides: { theirs: sideWords(c, 'theirs', ctx), ours: sideWords(c, 'ours', ctx) } }
      : {}),
  };
}

/** A group's heading: "The whole trip", "Day 3", "Day 4 of the original", "A day". */
export function groupTitle(group: Group, t: TFunction): string {
  if (group.kind === 'trip') return t('tripUpdates.group.trip');
  const ref = group.day;
  if (!ref) return t('tripUpdates.group.unknownDay');
  return ref.side === 'ours'
    ? t('tripUpdates.group.day', { number: ref.number })
    : t('tripUpdates.group.theirsDay', { number: ref.number });
}

const groupKey = (g: Group) =>
  g.kind === 'trip' ? 'trip' : g.day ? `${g.day.side}:${g.day.number}` : 'unknown';

/** The rank of a group: the whole trip first, then the copy's days in order, the original's, and unknown days last. */
const groupRank = (g: Group): number =>
  g.kind === 'trip' ? 0 : !g.day ? 3_000_000 : (g.day.side === 'ours' ? 1_000_000 : 2_000_000) + g.day.number;

/** The changes in words, grouped (the groups in order; within one, the merge's order). */
export function groupedWords(
  changes: readonly TripChange[],
  ctx: WordsContext,
): { key: string; group: Group; changes: ChangeWords[] }[] {
  const groups = new Map<string, { key: string; group: Group; changes: ChangeWords[] }>();
  for (const c of changes) {
    const words = changeWords(c, ctx);
    const key = groupKey(words.group);
    const entry = groups.get(key) ?? { key, group: words.group, changes: [] };
    entry.changes.push(words);
    groups.set(key, entry);
  }
  return [...groups.values()].sort((a, b) => groupRank(a.group) - groupRank(b.group));
}

const REFUSALS = [
  'day-missing',
  'day-not-empty',
  'too-many-days',
  'conflict-unresolved',
  'unknown-change',
  'stay-booked',
] as const;

/** Why a pull refused a change, in words (the merge's reasons and the server's codes). */
export function refusalWords(reason: string, t: TFunction): string {
  const known = REFUSALS.find((r) => r === reason);
  return known ? t(`tripUpdates.refused.${known}`) : t('tripUpdates.refused.other');
}

/** The pull's body from the preview's choices: clean changes checked, conflicts with a side. */
export function pullChoices(
  changes: readonly TripChange[],
  checked: ReadonlySet<string>,
  sides: Readonly<Record<string, 'theirs' | 'ours'>>,
): { accept: string[]; resolve: Record<string, 'theirs' | 'ours'> } {
  const accept: string[] = [];
  const resolve: Record<string, 'theirs' | 'ours'> = {};
  for (const c of changes) {
    if (c.conflict) {
      const side = sides[c.id];
      if (side) resolve[c.id] = side;
    } else if (checked.has(c.id)) accept.push(c.id);
  }
  return { accept, resolve };
}

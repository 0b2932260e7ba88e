import {
  cloneTripContent,
  type TripChange,
  type TripContent,
  type TripEdit,
  type TripNote,
  type TripStay,
} from '../src/index.js';
import { seeded } from './day-order-cases.js';

/**
 * Trips and edits for the merge's tests and its bench (bench/trip-merge.bench.ts): a small base trip, edit helpers that
 * keep a content valid (they change the content they are given: use them on a clone), seeded random edit scripts, and
 * checks that a change holds in a content.
 */

export { seeded };

/** Northern Italy in four days: d4 empty, two stays, a trip-wide section and a day note. */
export function baseTrip(): TripContent {
  return {
    title: 'Northern Italy',
    text: '<p>Four days</p>',
    days: ['d1', 'd2', 'd3', 'd4'],
    activities: {
      a1: { day: 'd1', time: '09:00' },
      a2: { day: 'd1', time: null },
      a3: { day: 'd1', time: '15:00' },
      a4: { day: 'd2', time: null },
      a5: { day: 'd2', time: '11:00' },
      a6: { day: 'd3', time: null },
      a7: { day: 'd3', time: null },
      a8: { day: 'd3', time: '20:00' },
    },
    order: { d1: ['a1', 'a2', 'a3'], d2: ['a4', 'a5'], d3: ['a6', 'a7', 'a8'], d4: [] },
    stays: {
      s1: stay('Hotel Roma', 'd1', 2),
      s2: stay('Villa Nord', 'd3', 2),
    },
    notes: {
      n1: { day: null, title: 'Packing', text: 'Passports' },
      n2: { day: 'd2', title: '', text: 'Bring water' },
    },
  };
}

export function stay(
  name: string,
  firstNight: string,
  nights: number,
  extra: Partial<TripStay> = {},
): TripStay {
  return {
    name,
    address: `${name} street 1`,
    link: null,
    text: '',
    lat: 45.4,
    lng: 9.2,
    firstNight,
    nights,
    ...extra,
  };
}

// ------------------------------------------------------------------ edits (each keeps the content valid)

const without = (list: string[], id: string) => list.filter((x) => x !== id);

/** Puts `id` on `day` right after `after` (null: first; undefined: last). */
function insert(c: TripContent, id: string, day: string, after: string | null | undefined): void {
  const list = without(c.order[day]!, id);
  const at = after === undefined ? list.length : after === null ? 0 : list.indexOf(after) + 1;
  if (after && list.indexOf(after) < 0) throw new Error(`${after} is not on ${day}`);
  list.splice(at, 0, id);
  c.order[day] = list;
}

export function retime(c: TripContent, id: string, time: string | null): void {
  c.activities[id]!.time = time;
}

/** To another day or within its own: after `after` (null: first; undefined: last). */
export function move(c: TripContent, id: string, day: string, after?: string | null): void {
  const a = c.activities[id]!;
  c.order[a.day] = without(c.order[a.day]!, id);
  insert(c, id, day, after);
  a.day = day;
}

export function add(
  c: TripContent,
  id: string,
  day: string,
  after?: string | null,
  time: string | null = null,
): void {
  if (c.activities[id]) throw new Error(`${id} is already in the trip`);
  c.activities[id] = { day, time };
  insert(c, id, day, after);
}

export function remove(c: TripContent, id: string): void {
  const a = c.activities[id]!;
  c.order[a.day] = without(c.order[a.day]!, id);
  delete c.activities[id];
}

export function addDay(c: TripContent, id: string, after: string | null): void {
  c.days.splice(after === null ? 0 : c.days.indexOf(after) + 1, 0, id);
  c.order[id] = [];
}

/** Removes a day with its activities and notes; a stay starting that night must have been dealt with first. */
export function removeDay(c: TripContent, id: string): void {
  for (const a of c.order[id]!) delete c.activities[a];
  for (const [n, note] of Object.entries(c.notes)) if (note.day === id) delete c.notes[n];
  if (Object.values(c.stays).some((s) => s.firstNight === id)) throw new Error(`a stay starts on ${id}`);
  c.days = without(c.days, id);
  delete c.order[id];
}

export function editStay(c: TripContent, id: string, patch: Partial<TripStay>): void {
  c.stays[id] = { ...c.stays[id]!, ...patch };
}

export function editNote(c: TripContent, id: string, patch: Partial<TripNote>): void {
  c.notes[id] = { ...c.notes[id]!, ...patch };
}

// ------------------------------------------------------------------ random trips and edit scripts

const TIMES = [null, '08:00', '09:30', '12:00', '15:00', '18:30'] as const;
const NAMES = ['Hotel Roma', 'Villa Nord', 'Casa Blu', 'Albergo Sole'] as const;
const TEXTS = ['', 'Breakfast included', 'Late check-in', 'Quiet room'] as const;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** A random valid trip: `days` days, about `perDay` activities a day, a few stays and notes. */
export function randomTrip(random: () => number, days: number, perDay: number): TripContent {
  const c: TripContent = {
    title: 'Trip',
    text: '',
    days: [],
    activities: {},
    order: {},
    stays: {},
    notes: {},
  };
  let n = 0;
  for (let d = 0; d < days; d++) {
    const day = `d${d}`;
    c.days.push(day);
    c.order[day] = [];
    const count = Math.max(0, perDay + Math.floor(random() * 3) - 1);
    for (let i = 0; i < count; i++) add(c, `a${n++}`, day, undefined, pick(random, TIMES));
  }
  for (let s = 0; s < Math.max(1, Math.floor(days / 3)); s++)
    c.stays[`s${s}`] = stay(pick(random, NAMES), pick(random, c.days), 1 + Math.floor(random() * 3));
  for (let k = 0; k < Math.max(2, days); k++)
    c.notes[`n${k}`] = {
      day: random() < 0.3 ? null : pick(random, c.days),
      title: `Note ${k}`,
      text: 'text',
    };
  return c;
}

/** Where new ids of a side come from: its prefix and counter (shared attraction ids `p0`..`p9` too). */
export interface EditIds {
  prefix: string;
  next: number;
}

/** A random position on `day` after which to put something (null: first). */
const randomAfter = (random: () => number, c: TripContent, day: string, id?: string) => {
  const list = id ? without(c.order[day]!, id) : c.order[day]!;
  const i = Math.floor(random() * (list.length + 1));
  return i === 0 ? null : list[i - 1]!;
};

/** One random valid edit of `c` (changed in place); returns what it did, for a failing test's message. */
export function randomEdit(random: () => number, c: TripContent, ids: EditIds): string {
  const activities = Object.keys(c.activities).sort();
  const r = random();
  const someActivity = activities.length > 0 ? pick(random, activities) : null;
  if (r < 0.2 && someActivity) {
    const time = pick(random, TIMES);
    retime(c, someActivity, time);
    return `retime ${someActivity} ${time}`;
  }
  if (r < 0.35 && someActivity && c.days.length > 1) {
    const day = pick(
      random,
      c.days.filter((d) => d !== c.activities[someActivity]!.day),
    );
    const after = randomAfter(random, c, day);
    move(c, someActivity, day, after);
    return `move ${someActivity} to ${day} after ${after}`;
  }
  if (r < 0.5 && someActivity) {
    const day = c.activities[someActivity]!.day;
    const after = randomAfter(random, c, day, someActivity);
    move(c, someActivity, day, after);
    return `reorder ${someActivity} after ${after}`;
  }
  if (r < 0.65) {
    const shared = `p${Math.floor(random() * 10)}`;
    const id = random() < 0.3 && !c.activities[shared] ? shared : `${ids.prefix}a${ids.next++}`;
    const day = pick(random, c.days);
    const after = randomAfter(random, c, day);
    const time = pick(random, TIMES);
    add(c, id, day, after, time);
    return `add ${id} to ${day} after ${after} at ${time}`;
  }
  if (r < 0.75 && someActivity) {
    remove(c, someActivity);
    return `remove ${someActivity}`;
  }
  if (r < 0.8) {
    const id = `${ids.prefix}d${ids.next++}`;
    const after = random() < 0.2 ? null : pick(random, c.days);
    addDay(c, id, after);
    return `add day ${id} after ${after}`;
  }
  if (r < 0.84 && c.days.length > 1) {
    const day = pick(random, c.days);
    const other = pick(
      random,
      c.days.filter((d) => d !== day),
    );
    const keep = random() < 0.5;
    for (const a of [...c.order[day]!]) if (keep) move(c, a, other);
    for (const [id, note] of Object.entries(c.notes))
      if (note.day === day) {
        if (keep) editNote(c, id, { day: random() < 0.5 ? null : other });
        else delete c.notes[id];
      }
    for (const [id, s] of Object.entries(c.stays))
      if (s.firstNight === day) {
        if (keep) editStay(c, id, { firstNight: other });
        else delete c.stays[id];
      }
    removeDay(c, day);
    return `remove day ${day} (${keep ? 'moving' : 'dropping'} its content to ${other})`;
  }
  if (r < 0.88) {
    if (random() < 0.5) c.title = `Title ${Math.floor(random() * 3)}`;
    else c.text = `<p>${Math.floor(random() * 3)}</p>`;
    return 'texts';
  }
  const stays = Object.keys(c.stays).sort();
  if (r < 0.94) {
    const s = stays.length > 0 && random() < 0.8 ? pick(random, stays) : null;
    const what = random();
    if (!s || what < 0.15) {
      const id = `${ids.prefix}s${ids.next++}`;
      c.stays[id] = stay(pick(random, NAMES), pick(random, c.days), 1 + Math.floor(random() * 3));
      return `add stay ${id}`;
    }
    if (what < 0.3) {
      delete c.stays[s];
      return `remove stay ${s}`;
    }
    if (what < 0.55) {
      const name = pick(random, NAMES);
      editStay(c, s, { name, address: `${name} street ${Math.floor(random() * 3)}` });
      return `stay ${s} place`;
    }
    if (what < 0.75) {
      editStay(c, s, { text: pick(random, TEXTS) });
      return `stay ${s} text`;
    }
    editStay(c, s, { firstNight: pick(random, c.days), nights: 1 + Math.floor(random() * 3) });
    return `stay ${s} nights`;
  }
  const notes = Object.keys(c.notes).sort();
  const n = notes.length > 0 && random() < 0.8 ? pick(random, notes) : null;
  const what = random();
  if (!n || what < 0.15) {
    const id = `${ids.prefix}n${ids.next++}`;
    c.notes[id] = {
      day: random() < 0.3 ? null : pick(random, c.days),
      title: 'New',
      text: pick(random, TEXTS),
    };
    return `add note ${id}`;
  }
  if (what < 0.3) {
    delete c.notes[n];
    return `remove note ${n}`;
  }
  if (what < 0.5) {
    editNote(c, n, { day: random() < 0.3 ? null : pick(random, c.days) });
    return `note ${n} day`;
  }
  if (what < 0.7) {
    editNote(c, n, { title: `Title ${Math.floor(random() * 3)}` });
    return `note ${n} title`;
  }
  editNote(c, n, { text: pick(random, TEXTS) });
  return `note ${n} text`;
}

/** `count` random edits of a copy of `base`. */
export function randomSide(
  random: () => number,
  base: TripContent,
  count: number,
  prefix: string,
): { content: TripContent; script: string[] } {
  const content = cloneTripContent(base);
  const ids: EditIds = { prefix, next: 0 };
  const script: string[] = [];
  for (let i = 0; i < count; i++) script.push(randomEdit(random, content, ids));
  return { content, script };
}

// ------------------------------------------------------------------ what a content holds

type Side = 'theirs' | 'ours';

/**
 * Why `c` does not hold the thing a change (or edit) is about as `side` has it, or null when it does. Places within a
 * day are not compared (another activity may have come between): an activity's day and time, a day's presence, a
 * stay's or a note's fields of the change's group.
 */
export function notHeld(c: TripContent, change: TripChange | TripEdit, side: Side | 'side'): string | null {
  const value = side === 'side' ? (change as TripEdit).side : (change as TripChange)[side];
  const key = change.path.split('/')[1] ?? '';
  const same = (a: unknown, b: unknown, what: string) =>
    JSON.stringify(a) === JSON.stringify(b)
      ? null
      : `${change.path} ${what}: ${JSON.stringify(a)} not ${JSON.stringify(b)}`;
  switch (change.kind) {
    case 'title':
    case 'text':
      return same(c[change.kind], value, 'value');
    case 'day-add':
    case 'day-move':
    case 'day-remove':
      return same(c.days.includes(key), value !== null, 'present');
    case 'activity-add':
    case 'activity-remove':
    case 'activity-move':
    case 'activity-reorder':
    case 'activity-time': {
      const a = c.activities[key] ?? null;
      const v = value as { day: string; time: string | null } | null;
      if (!v || !a) return same(a !== null, v !== null, 'present');
      if (change.kind === 'activity-time') return same(a.time, v.time, 'time');
      if (change.kind === 'activity-add') return same([a.day, a.time], [v.day, v.time], 'day and time');
      return same(a.day, v.day, 'day');
    }
    case 'stay-add':
    case 'stay-remove':
    case 'stay-place':
    case 'stay-text':
    case 'stay-nights': {
      const s = c.stays[key] ?? null;
      const v = value as TripStay | null;
      if (!v || !s) return same(s !== null, v !== null, 'present');
      const fields: (keyof TripStay)[] =
        change.kind === 'stay-place'
          ? ['name', 'address', 'link', 'lat', 'lng']
          : change.kind === 'stay-text'
            ? ['text']
            : change.kind === 'stay-nights'
              ? ['firstNight', 'nights']
              : (Object.keys(v) as (keyof TripStay)[]);
      return same(
        fields.map((f) => s[f]),
        fields.map((f) => v[f]),
        fields.join(','),
      );
    }
    case 'note-add':
    case 'note-remove':
    case 'note-day':
    case 'note-title':
    case 'note-text': {
      const n = c.notes[key] ?? null;
      const v = value as TripNote | null;
      if (!v || !n) return same(n !== null, v !== null, 'present');
      const field = change.kind.slice('note-'.length) as keyof TripNote;
      if (change.kind === 'note-add') return same(n, v, 'note');
      return same(n[field], v[field], field);
    }
  }
}

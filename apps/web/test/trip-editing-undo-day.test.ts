import { addDays, daysBetween } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import { restoreRemovedDay, type DayUndoCalls, type RemovedDay } from '../src/features/trip/editing/lib/undo-day';

/**
 * The undo of a removed day against a model of the server's day rules (decision 0015: days are 0-based; an added day
 * comes right after a day and pushes later content on; a removed day's activities go to the end of the next day, or
 * of the previous for the last day, or are deleted; its notes go; later content moves back; a moved or added
 * activity goes last on its day, a time change on the same day keeps its place). Every removal, both ways, of every
 * day of a few trips, then the undo: the trip must be what it was.
 */
const START = '2031-05-10';

interface Activity {
  id: number;
  day: number;
  pos: number;
  time: string | null;
}
interface Note {
  id: number;
  day: number;
  text: string;
}

class ModelTrip {
  days: number;
  activities: Activity[];
  notes: Note[];
  calls: string[] = [];
  private nextNote = 1000;
  constructor(perDay: (string | null)[][], notes: Record<number, string[]>) {
    this.days = perDay.length;
    let id = 1;
    this.activities = perDay.flatMap((list, day) => list.map((time, pos) => ({ id: id++, day, pos, time })));
    this.notes = Object.entries(notes).flatMap(([day, texts]) => texts.map((text) => ({ id: this.nextNote++, day: Number(day), text })));
  }
  private dayOf(date: string): number {
    const d = daysBetween(START, date);
    if (d < 0 || d >= this.days) throw new Error(`day_not_in_trip_range ${date}`);
    return d;
  }
  private last(day: number): number {
    return Math.max(-1, ...this.activities.filter((a) => a.day === day).map((a) => a.pos)) + 1;
  }
  private shiftAfter(day: number, delta: number) {
    for (const a of this.activities) if (a.day > day) a.day += delta;
    for (const n of this.notes) if (n.day > day) n.day += delta;
  }
  dates(): string[] {
    return Array.from({ length: this.days }, (_, i) => addDays(START, i));
  }
  removeDay(day: number, keep: boolean) {
    if (keep) {
      const to = day < this.days - 1 ? day + 1 : day - 1;
      const base = this.last(to);
      for (const a of this.activities)
        if (a.day === day) {
          a.day = to;
          a.pos += base;
        }
    } else this.activities = this.activities.filter((a) => a.day !== day);
    this.notes = this.notes.filter((n) => n.day !== day);
    this.shiftAfter(day, -1);
    this.days -= 1;
  }
  view() {
    return {
      days: this.days,
      activities: Array.from({ length: this.days }, (_, d) =>
        this.activities
          .filter((a) => a.day === d)
          .sort((x, y) => x.pos - y.pos)
          .map((a) => [a.id, a.time]),
      ),
      notes: Array.from({ length: this.days }, (_, d) =>
        this.notes
          .filter((n) => n.day === d)
          .map((n) => n.text)
          .sort(),
      ),
    };
  }
  readonly api: DayUndoCalls = {
    addDayAfter: async (day, force) => {
      this.calls.push(`addDayAfter ${day}${force ? ' force' : ''}`);
      if (day < 0 || day >= this.days) throw new Error('day_not_in_trip_range');
      this.shiftAfter(day, 1);
      this.days += 1;
    },
    moveDayActivities: async (day, date) => {
      this.calls.push(`move ${day}`);
      const to = this.dayOf(date);
      const base = this.last(to);
      for (const a of this.activities)
        if (a.day === day) {
          a.day = to;
          a.pos += base;
        }
    },
    addAttraction: async (id, date) => {
      this.calls.push(`add ${id}`);
      const day = this.dayOf(date);
      if (this.activities.some((a) => a.id === id)) return;
      this.activities.push({ id, day, pos: this.last(day), time: null });
    },
    removeAttraction: async (id) => {
      this.calls.push(`remove ${id}`);
      const before = this.activities.length;
      this.activities = this.activities.filter((a) => a.id !== id);
      if (this.activities.length === before) throw new Error('not_found');
    },
    setTime: async (id, date, time) => {
      this.calls.push(`time ${id}`);
      const day = this.dayOf(date);
      const a = this.activities.find((x) => x.id === id);
      if (!a) throw new Error('not_found');
      if (a.day !== day) {
        a.pos = this.last(day);
        a.day = day;
      }
      a.time = time;
    },
    addDayNote: async (text, date) => {
      this.calls.push('note');
      this.notes.push({ id: this.nextNote++, day: this.dayOf(date), text });
    },
    moveNote: async (note, date) => {
      this.calls.push(`moveNote ${note.id}`);
      const n = this.notes.find((x) => x.id === note.id);
      if (!n) throw new Error('not_found');
      n.day = this.dayOf(date);
    },
  };
  /** What the day menu hands the undo before the removal (DayEditMenu). */
  snapshot(day: number): Omit<RemovedDay, 'keepActivities' | 'force'> {
    const acts = (d: number) => this.activities.filter((a) => a.day === d).sort((x, y) => x.pos - y.pos);
    return {
      dayIndex: day,
      dates: this.dates(),
      activities: acts(day).map((a) => ({ id: a.id, dateTime: a.time })),
      notes: this.notes.filter((n) => n.day === day).map((n) => ({ text: n.text })),
      next:
        day === 0
          ? { hasActivities: acts(1).length > 0, notes: this.notes.filter((n) => n.day === 1).map((n) => ({ id: n.id, text: n.text })) }
          : undefined,
    };
  }
}

const T = '09:30:00 AM';
const TRIPS: { name: string; perDay: (string | null)[][]; notes: Record<number, string[]> }[] = [
  { name: 'three days, times and none', perDay: [[T, null], [null], ['10:00:00 PM', null, T]], notes: { 0: ['first'], 1: ['second', 'again'], 2: ['third'] } },
  { name: 'empty days between', perDay: [[], [null, T], [], [T]], notes: { 3: ['last'] } },
  { name: 'two days', perDay: [[null], [T]], notes: {} },
  { name: 'nothing at all', perDay: [[], [], []], notes: {} },
];

describe('undo of a removed day (lib/undo-day.ts)', () => {
  for (const trip of TRIPS)
    for (const keep of [true, false])
      for (let day = 0; day < trip.perDay.length; day++)
        it(`${trip.name}: day ${day + 1} removed ${keep ? 'with its activities pushed on' : 'with its activities'} comes back as it was`, async () => {
          const model = new ModelTrip(trip.perDay, trip.notes);
          const before = model.view();
          const snapshot = model.snapshot(day);
          model.removeDay(day, keep);
          expect(model.view()).not.toEqual(before);
          await restoreRemovedDay({ ...snapshot, keepActivities: keep, force: false }, model.api);
          expect(model.view()).toEqual(before);
        });

  it('a forced removal is undone with the forced add, after the day before it', async () => {
    const model = new ModelTrip([[T], [null], [T]], {});
    const snapshot = model.snapshot(2);
    model.removeDay(2, false);
    await restoreRemovedDay({ ...snapshot, keepActivities: false, force: true }, model.api);
    expect(model.calls).toEqual(['addDayAfter 1 force', 'add 3', 'time 3']);
  });

  it('an activity pushed on with a time is moved back by its time; one without is taken off and added again', async () => {
    const model = new ModelTrip([[T, null], [null]], {});
    const snapshot = model.snapshot(0);
    model.removeDay(0, true);
    await restoreRemovedDay({ ...snapshot, keepActivities: true, force: false }, model.api);
    expect(model.calls).toEqual(['addDayAfter 0', 'move 0', 'time 1', 'remove 2', 'add 2']);
  });

  it('the first day of a one-day trip cannot have been removed', async () => {
    const model = new ModelTrip([[T]], {});
    await expect(restoreRemovedDay({ ...model.snapshot(0), keepActivities: false, force: false }, model.api)).rejects.toThrow();
  });

  it('a failing call stops the undo there (the next steps are not made)', async () => {
    const model = new ModelTrip([[T], [T]], {});
    const snapshot = model.snapshot(1);
    model.removeDay(1, false);
    const api = { ...model.api, addAttraction: () => Promise.reject(new Error('uesr_is_not_authorize_to_edit_this_ride')) };
    await expect(restoreRemovedDay({ ...snapshot, keepActivities: false, force: false }, api)).rejects.toThrow('uesr_is_not_authorize');
    expect(model.calls).toEqual(['addDayAfter 0']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  applyTripChanges,
  cloneTripContent,
  diffTripContent,
  mergeTripContent,
  tripContentProblems,
  tripDivergence,
  type TripApplyResult,
  type TripChange,
  type TripChangeRefusal,
  type TripContent,
} from '../src/index.js';
import { movedItems, placedAfter } from '../src/trip-merge/order.js';
import {
  add,
  addDay,
  baseTrip,
  editNote,
  editStay,
  move,
  notHeld,
  randomSide,
  randomTrip,
  remove,
  removeDay,
  retime,
  seeded,
  stay,
} from './trip-merge-cases.js';

/**
 * The three-way merge of a copy with its original (issue 37, decision 0075). Scripted divergences of a small trip, each
 * checked the same way (see `check`), then seeded random edit scripts on both sides.
 */

type Edit = (c: TripContent) => void;
const none: Edit = () => {};

interface Scenario {
  name: string;
  theirs: Edit;
  ours: Edit;
  /** Every change of theirs expected, id -> whether it is a conflict. */
  changes: Record<string, boolean>;
  /** The content expected (as edits of the base) when every clean change is accepted and every conflict resolved
   * "theirs"; by default ours' edits then theirs'. */
  merged?: Edit;
  /** The same with every conflict resolved "ours"; by default `merged` (a scenario without conflicts). */
  kept?: Edit;
  /** Refusals expected when resolving "theirs" (and, unless `refusedKept`, of its clean changes when resolving "ours"). */
  refused?: Record<string, TripChangeRefusal>;
  refusedKept?: Record<string, TripChangeRefusal>;
  /** Accept only these (and resolve nothing) instead of every clean change: `merged` is then that result. */
  accept?: string[];
}

const T = {
  title: 'title:title',
  text: 'text:text',
  time: (a: string) => `activity-time:activities/${a}/time`,
  move: (a: string) => `activity-move:activities/${a}/place`,
  reorder: (a: string) => `activity-reorder:activities/${a}/place`,
  add: (a: string) => `activity-add:activities/${a}`,
  remove: (a: string) => `activity-remove:activities/${a}`,
  dayAdd: (d: string) => `day-add:days/${d}`,
  dayRemove: (d: string) => `day-remove:days/${d}`,
  stay: (kind: 'add' | 'remove' | 'place' | 'text' | 'nights', s: string) =>
    kind === 'add' || kind === 'remove' ? `stay-${kind}:stays/${s}` : `stay-${kind}:stays/${s}/${kind}`,
  note: (kind: 'add' | 'remove' | 'day' | 'title' | 'text', n: string) =>
    kind === 'add' || kind === 'remove' ? `note-${kind}:notes/${n}` : `note-${kind}:notes/${n}/${kind}`,
};

const made = (...edits: Edit[]) => {
  const c = baseTrip();
  for (const e of edits) e(c);
  return c;
};

const SCENARIOS: Scenario[] = [
  // ---------------------------------------------------------------- the trip's texts
  {
    name: 'theirs retitles, ours did not',
    theirs: (c) => (c.title = 'Lakes'),
    ours: none,
    changes: { [T.title]: false },
  },
  {
    name: 'both retitle the same',
    theirs: (c) => (c.title = 'Lakes'),
    ours: (c) => (c.title = 'Lakes'),
    changes: { [T.title]: false },
  },
  {
    name: 'both retitle differently',
    theirs: (c) => (c.title = 'Lakes'),
    ours: (c) => (c.title = 'Lakes and Alps'),
    changes: { [T.title]: true },
    kept: (c) => (c.title = 'Lakes and Alps'),
  },
  {
    name: 'theirs edits the description, ours the title',
    theirs: (c) => (c.text = '<p>Five days</p>'),
    ours: (c) => (c.title = 'Our Italy'),
    changes: { [T.text]: false },
  },
  {
    name: 'both edit the description differently',
    theirs: (c) => (c.text = '<p>Five days</p>'),
    ours: (c) => (c.text = '<p>Our four days</p>'),
    changes: { [T.text]: true },
    kept: (c) => (c.text = '<p>Our four days</p>'),
  },
  // ---------------------------------------------------------------- times
  {
    name: 'theirs retimes an activity',
    theirs: (c) => retime(c, 'a1', '10:00'),
    ours: none,
    changes: { [T.time('a1')]: false },
  },
  {
    name: 'both retime an activity the same',
    theirs: (c) => retime(c, 'a1', '10:00'),
    ours: (c) => retime(c, 'a1', '10:00'),
    changes: { [T.time('a1')]: false },
  },
  {
    name: 'both retime an activity differently',
    theirs: (c) => retime(c, 'a1', '10:00'),
    ours: (c) => retime(c, 'a1', '08:00'),
    changes: { [T.time('a1')]: true },
    kept: (c) => retime(c, 'a1', '08:00'),
  },
  {
    name: 'each retimes another activity',
    theirs: (c) => retime(c, 'a1', '10:00'),
    ours: (c) => retime(c, 'a2', '13:00'),
    changes: { [T.time('a1')]: false },
  },
  {
    name: 'theirs clears a time ours changed',
    theirs: (c) => retime(c, 'a3', null),
    ours: (c) => retime(c, 'a3', '16:00'),
    changes: { [T.time('a3')]: true },
    kept: (c) => retime(c, 'a3', '16:00'),
  },
  {
    name: 'theirs retimes an activity ours moved to another day: both hold',
    theirs: (c) => retime(c, 'a1', '10:00'),
    ours: (c) => move(c, 'a1', 'd3', 'a7'),
    changes: { [T.time('a1')]: false },
  },
  {
    name: 'theirs retimes an activity ours removed',
    theirs: (c) => retime(c, 'a4', '10:00'),
    ours: (c) => remove(c, 'a4'),
    changes: { [T.time('a4')]: true },
    // "Theirs" brings it back where theirs has it (first on d2), with theirs' time.
    merged: (c) => retime(c, 'a4', '10:00'),
    kept: (c) => remove(c, 'a4'),
  },
  // ---------------------------------------------------------------- moves to another day
  {
    name: 'theirs moves an activity to another day',
    theirs: (c) => move(c, 'a2', 'd3', 'a6'),
    ours: none,
    changes: { [T.move('a2')]: false },
  },
  {
    name: 'both move an activity to the same day: ours keeps its place in it',
    theirs: (c) => move(c, 'a2', 'd3', 'a6'),
    ours: (c) => move(c, 'a2', 'd3'),
    changes: { [T.move('a2')]: false },
    merged: (c) => move(c, 'a2', 'd3'),
  },
  {
    name: 'both move an activity to different days',
    theirs: (c) => move(c, 'a2', 'd3', 'a6'),
    ours: (c) => move(c, 'a2', 'd4'),
    changes: { [T.move('a2')]: true },
    merged: (c) => move(c, 'a2', 'd3', 'a6'),
    kept: (c) => move(c, 'a2', 'd4'),
  },
  {
    name: 'theirs moves an activity ours reordered within its day',
    theirs: (c) => move(c, 'a2', 'd3', 'a6'),
    ours: (c) => move(c, 'a2', 'd1', null),
    changes: { [T.move('a2')]: true },
    merged: (c) => move(c, 'a2', 'd3', 'a6'),
    kept: (c) => move(c, 'a2', 'd1', null),
  },
  {
    name: 'theirs moves an activity after one ours removed: first of the day',
    theirs: (c) => move(c, 'a5', 'd1', 'a1'),
    ours: (c) => remove(c, 'a1'),
    changes: { [T.move('a5')]: false },
    merged: (c) => {
      remove(c, 'a1');
      move(c, 'a5', 'd1', null);
    },
  },
  {
    name: 'theirs moves an activity to a day ours removed: refused',
    theirs: (c) => move(c, 'a6', 'd4'),
    ours: (c) => removeDay(c, 'd4'),
    changes: { [T.move('a6')]: false },
    merged: (c) => removeDay(c, 'd4'),
    refused: { [T.move('a6')]: 'day-missing' },
  },
  {
    name: 'theirs moves an activity ours retimed: both hold',
    theirs: (c) => move(c, 'a6', 'd2'),
    ours: (c) => retime(c, 'a6', '14:00'),
    changes: { [T.move('a6')]: false },
  },
  {
    name: 'each moves another activity to the same place',
    theirs: (c) => move(c, 'a7', 'd1', 'a1'),
    ours: (c) => move(c, 'a8', 'd1', 'a1'),
    changes: { [T.move('a7')]: false },
  },
  {
    name: 'theirs moves an activity ours removed',
    theirs: (c) => move(c, 'a1', 'd2', 'a4'),
    ours: (c) => remove(c, 'a1'),
    changes: { [T.move('a1')]: true },
    merged: (c) => move(c, 'a1', 'd2', 'a4'),
    kept: (c) => remove(c, 'a1'),
  },
  // ---------------------------------------------------------------- reorders within a day
  {
    name: 'theirs reorders a day',
    theirs: (c) => move(c, 'a3', 'd1', null),
    ours: none,
    changes: { [T.reorder('a3')]: false },
  },
  {
    name: 'both reorder a day the same',
    theirs: (c) => move(c, 'a3', 'd1', null),
    ours: (c) => move(c, 'a3', 'd1', null),
    changes: { [T.reorder('a3')]: false },
  },
  {
    name: 'both reorder the same activity differently',
    theirs: (c) => move(c, 'a3', 'd1', null),
    ours: (c) => move(c, 'a3', 'd1', 'a1'),
    changes: { [T.reorder('a3')]: true },
    merged: (c) => move(c, 'a3', 'd1', null),
    kept: (c) => move(c, 'a3', 'd1', 'a1'),
  },
  {
    name: 'each reorders another day',
    theirs: (c) => move(c, 'a8', 'd3', null),
    ours: (c) => move(c, 'a3', 'd1', null),
    changes: { [T.reorder('a8')]: false },
  },
  {
    name: 'theirs puts an activity first, ours added one first',
    theirs: (c) => move(c, 'a3', 'd1', null),
    ours: (c) => add(c, 'a9', 'd1', null),
    changes: { [T.reorder('a3')]: false },
  },
  {
    name: 'theirs puts an activity last, after one ours removed: after the nearest one left',
    theirs: (c) => move(c, 'a1', 'd1'),
    ours: (c) => remove(c, 'a3'),
    changes: { [T.reorder('a1')]: false },
  },
  {
    name: 'theirs reorders an activity ours moved to another day',
    theirs: (c) => move(c, 'a2', 'd1', null),
    ours: (c) => move(c, 'a2', 'd2'),
    changes: { [T.reorder('a2')]: true },
    merged: (c) => move(c, 'a2', 'd1', null),
    kept: (c) => move(c, 'a2', 'd2'),
  },
  // ---------------------------------------------------------------- additions
  {
    name: 'theirs adds an activity',
    theirs: (c) => add(c, 'a9', 'd2', 'a4', '10:00'),
    ours: none,
    changes: { [T.add('a9')]: false },
  },
  {
    name: 'each adds another activity after the same one',
    theirs: (c) => add(c, 'a9', 'd2', 'a4'),
    ours: (c) => add(c, 'a10', 'd2', 'a4'),
    changes: { [T.add('a9')]: false },
  },
  {
    name: 'both add the same attraction the same way',
    theirs: (c) => add(c, 'a9', 'd2', 'a4', '10:00'),
    ours: (c) => add(c, 'a9', 'd2', 'a4', '10:00'),
    changes: { [T.add('a9')]: false },
    merged: (c) => add(c, 'a9', 'd2', 'a4', '10:00'),
  },
  {
    name: 'both add the same attraction to different days',
    theirs: (c) => add(c, 'a9', 'd2', 'a4', '10:00'),
    ours: (c) => add(c, 'a9', 'd3'),
    changes: { [T.add('a9')]: true },
    merged: (c) => add(c, 'a9', 'd2', 'a4', '10:00'),
    kept: (c) => add(c, 'a9', 'd3'),
  },
  {
    name: "theirs' run of additions lands together, in theirs' order",
    theirs: (c) => {
      add(c, 'a9', 'd1', 'a1');
      add(c, 'a10', 'd1', 'a9');
      add(c, 'a11', 'd1', 'a10');
    },
    ours: (c) => add(c, 'a12', 'd1', 'a1'),
    changes: { [T.add('a9')]: false, [T.add('a10')]: false, [T.add('a11')]: false },
  },
  {
    name: 'theirs adds to a day ours removed: refused',
    theirs: (c) => add(c, 'a9', 'd4'),
    ours: (c) => removeDay(c, 'd4'),
    changes: { [T.add('a9')]: false },
    merged: (c) => removeDay(c, 'd4'),
    refused: { [T.add('a9')]: 'day-missing' },
  },
  {
    name: 'theirs adds a day and an activity on it',
    theirs: (c) => {
      addDay(c, 'd5', 'd2');
      add(c, 'a9', 'd5', null, '10:00');
    },
    ours: none,
    changes: { [T.dayAdd('d5')]: false, [T.add('a9')]: false },
  },
  {
    name: 'an activity on a new day taken without the day: refused',
    theirs: (c) => {
      addDay(c, 'd5', 'd2');
      add(c, 'a9', 'd5', null, '10:00');
    },
    ours: none,
    changes: { [T.dayAdd('d5')]: false, [T.add('a9')]: false },
    accept: [T.add('a9')],
    merged: none,
    refused: { [T.add('a9')]: 'day-missing' },
  },
  {
    name: 'theirs adds an activity after one ours removed',
    theirs: (c) => add(c, 'a9', 'd1', 'a2'),
    ours: (c) => remove(c, 'a2'),
    changes: { [T.add('a9')]: false },
    merged: (c) => {
      remove(c, 'a2');
      add(c, 'a9', 'd1', 'a1');
    },
  },
  // ---------------------------------------------------------------- removals
  {
    name: 'theirs removes an activity',
    theirs: (c) => remove(c, 'a5'),
    ours: none,
    changes: { [T.remove('a5')]: false },
  },
  {
    name: 'both remove an activity',
    theirs: (c) => remove(c, 'a5'),
    ours: (c) => remove(c, 'a5'),
    changes: { [T.remove('a5')]: false },
    merged: (c) => remove(c, 'a5'),
  },
  {
    name: 'theirs removes an activity ours retimed',
    theirs: (c) => remove(c, 'a5'),
    ours: (c) => retime(c, 'a5', '12:00'),
    changes: { [T.remove('a5')]: true },
    merged: (c) => remove(c, 'a5'),
    kept: (c) => retime(c, 'a5', '12:00'),
  },
  {
    name: 'theirs removes an activity ours moved',
    theirs: (c) => remove(c, 'a5'),
    ours: (c) => move(c, 'a5', 'd1', null),
    changes: { [T.remove('a5')]: true },
    merged: (c) => remove(c, 'a5'),
    kept: (c) => move(c, 'a5', 'd1', null),
  },
  {
    name: 'theirs removes an activity, ours moves its neighbour',
    theirs: (c) => remove(c, 'a5'),
    ours: (c) => move(c, 'a4', 'd1'),
    changes: { [T.remove('a5')]: false },
  },
  // ---------------------------------------------------------------- days
  {
    name: 'each adds a day after the same one',
    theirs: (c) => addDay(c, 'd5', 'd1'),
    ours: (c) => addDay(c, 'd6', 'd1'),
    changes: { [T.dayAdd('d5')]: false },
  },
  {
    name: 'theirs removes an empty day',
    theirs: (c) => removeDay(c, 'd4'),
    ours: none,
    changes: { [T.dayRemove('d4')]: false },
  },
  {
    name: 'both remove a day',
    theirs: (c) => removeDay(c, 'd4'),
    ours: (c) => removeDay(c, 'd4'),
    changes: { [T.dayRemove('d4')]: false },
    merged: (c) => removeDay(c, 'd4'),
  },
  {
    name: 'theirs removes a day ours added an activity to',
    theirs: (c) => removeDay(c, 'd4'),
    ours: (c) => add(c, 'a9', 'd4'),
    changes: { [T.dayRemove('d4')]: true },
    merged: (c) => removeDay(c, 'd4'),
    kept: (c) => add(c, 'a9', 'd4'),
  },
  {
    name: 'theirs removes a day with its activities and note',
    theirs: (c) => removeDay(c, 'd2'),
    ours: none,
    changes: {
      [T.dayRemove('d2')]: false,
      [T.remove('a4')]: false,
      [T.remove('a5')]: false,
      [T.note('remove', 'n2')]: false,
    },
  },
  {
    name: 'theirs removes a day moving its activities and note; ours retimed one of them',
    theirs: (c) => {
      move(c, 'a4', 'd1');
      move(c, 'a5', 'd1');
      editNote(c, 'n2', { day: null });
      removeDay(c, 'd2');
    },
    ours: (c) => retime(c, 'a4', '10:00'),
    changes: {
      [T.dayRemove('d2')]: false,
      [T.move('a4')]: false,
      [T.move('a5')]: false,
      [T.note('day', 'n2')]: false,
    },
  },
  {
    name: 'theirs removes a day with an activity ours retimed: "ours" keeps the activity, so the day stays',
    theirs: (c) => removeDay(c, 'd2'),
    ours: (c) => retime(c, 'a5', '12:00'),
    changes: {
      [T.dayRemove('d2')]: false,
      [T.remove('a4')]: false,
      [T.remove('a5')]: true,
      [T.note('remove', 'n2')]: false,
    },
    merged: (c) => removeDay(c, 'd2'),
    kept: (c) => {
      retime(c, 'a5', '12:00');
      remove(c, 'a4');
      delete c.notes.n2;
    },
    refusedKept: { [T.dayRemove('d2')]: 'day-not-empty' },
  },
  {
    name: 'theirs removes a day ours added a note to',
    theirs: (c) => {
      editStay(c, 's2', { firstNight: 'd2' });
      removeDay(c, 'd3');
    },
    ours: (c) => (c.notes.n3 = { day: 'd3', title: '', text: 'Market day' }),
    changes: {
      [T.dayRemove('d3')]: true,
      [T.remove('a6')]: false,
      [T.remove('a7')]: false,
      [T.remove('a8')]: false,
      [T.stay('nights', 's2')]: false,
    },
    merged: (c) => {
      editStay(c, 's2', { firstNight: 'd2' });
      removeDay(c, 'd3');
    },
    kept: (c) => {
      editStay(c, 's2', { firstNight: 'd2' });
      ['a6', 'a7', 'a8'].forEach((a) => remove(c, a));
      c.notes.n3 = { day: 'd3', title: '', text: 'Market day' };
    },
  },
  {
    name: 'theirs removes a day ours starts a stay on: refused, the stay stays',
    theirs: (c) => removeDay(c, 'd4'),
    ours: (c) => (c.stays.s3 = stay('Lake Lodge', 'd4', 1)),
    changes: { [T.dayRemove('d4')]: true },
    merged: (c) => (c.stays.s3 = stay('Lake Lodge', 'd4', 1)),
    kept: (c) => (c.stays.s3 = stay('Lake Lodge', 'd4', 1)),
    refused: { [T.dayRemove('d4')]: 'day-not-empty' },
  },
  {
    name: 'theirs removes a day ours moved an activity onto: it goes back where theirs has it',
    theirs: (c) => removeDay(c, 'd4'),
    ours: (c) => {
      move(c, 'a1', 'd4');
      retime(c, 'a1', '10:00');
    },
    changes: { [T.dayRemove('d4')]: true },
    merged: (c) => {
      removeDay(c, 'd4');
      retime(c, 'a1', '10:00');
    },
    kept: (c) => {
      move(c, 'a1', 'd4');
      retime(c, 'a1', '10:00');
    },
  },
  {
    name: 'theirs removes a day ours moved a note onto: it goes back to the trip',
    theirs: (c) => removeDay(c, 'd4'),
    ours: (c) => editNote(c, 'n1', { day: 'd4' }),
    changes: { [T.dayRemove('d4')]: true },
    merged: (c) => removeDay(c, 'd4'),
    kept: (c) => editNote(c, 'n1', { day: 'd4' }),
  },
  {
    name: 'theirs adds a first day, ours removed its first day',
    theirs: (c) => addDay(c, 'd5', null),
    ours: (c) => {
      ['a1', 'a2', 'a3'].forEach((a) => move(c, a, 'd2'));
      editStay(c, 's1', { firstNight: 'd2' });
      removeDay(c, 'd1');
    },
    changes: { [T.dayAdd('d5')]: false },
  },
  {
    name: 'ours adds a day, theirs moves an activity',
    theirs: (c) => move(c, 'a1', 'd3', 'a6'),
    ours: (c) => addDay(c, 'd5', 'd2'),
    changes: { [T.move('a1')]: false },
  },
  {
    name: 'theirs adds a day and moves an activity to it, ours moved that activity elsewhere',
    theirs: (c) => {
      addDay(c, 'd5', 'd4');
      move(c, 'a1', 'd5');
    },
    ours: (c) => move(c, 'a1', 'd2'),
    changes: { [T.dayAdd('d5')]: false, [T.move('a1')]: true },
    merged: (c) => {
      addDay(c, 'd5', 'd4');
      move(c, 'a1', 'd5');
    },
    kept: (c) => {
      addDay(c, 'd5', 'd4');
      move(c, 'a1', 'd2');
    },
  },
  // ---------------------------------------------------------------- stays
  {
    name: 'theirs finds a better hotel for a stay',
    theirs: (c) => editStay(c, 's1', { name: 'Palazzo', address: 'Via Roma 2', lat: 45.5 }),
    ours: none,
    changes: { [T.stay('place', 's1')]: false },
  },
  {
    name: "theirs changes a stay's hotel, ours its text: both hold",
    theirs: (c) => editStay(c, 's1', { name: 'Palazzo', address: 'Via Roma 2' }),
    ours: (c) => editStay(c, 's1', { text: 'Breakfast included' }),
    changes: { [T.stay('place', 's1')]: false },
  },
  {
    name: "both change a stay's hotel differently",
    theirs: (c) => editStay(c, 's1', { name: 'Palazzo' }),
    ours: (c) => editStay(c, 's1', { name: 'Ostello', link: 'https://example.com' }),
    changes: { [T.stay('place', 's1')]: true },
    merged: (c) => editStay(c, 's1', { name: 'Palazzo' }),
    kept: (c) => editStay(c, 's1', { name: 'Ostello', link: 'https://example.com' }),
  },
  {
    name: "both change a stay's nights differently",
    theirs: (c) => editStay(c, 's2', { nights: 3 }),
    ours: (c) => editStay(c, 's2', { firstNight: 'd2' }),
    changes: { [T.stay('nights', 's2')]: true },
    merged: (c) => editStay(c, 's2', { nights: 3 }),
    kept: (c) => editStay(c, 's2', { firstNight: 'd2' }),
  },
  {
    name: 'theirs removes a stay ours changed',
    theirs: (c) => delete c.stays.s2,
    ours: (c) => editStay(c, 's2', { text: 'Late check-in' }),
    changes: { [T.stay('remove', 's2')]: true },
    merged: (c) => delete c.stays.s2,
    kept: (c) => editStay(c, 's2', { text: 'Late check-in' }),
  },
  {
    name: 'theirs changes a stay ours removed: "theirs" brings it back',
    theirs: (c) => editStay(c, 's1', { text: 'Pool' }),
    ours: (c) => delete c.stays.s1,
    changes: { [T.stay('text', 's1')]: true },
    merged: (c) => editStay(c, 's1', { text: 'Pool' }),
    kept: (c) => delete c.stays.s1,
  },
  {
    name: 'theirs adds a stay on a day ours removed: refused',
    theirs: (c) => (c.stays.s3 = stay('Lake Lodge', 'd4', 1)),
    ours: (c) => removeDay(c, 'd4'),
    changes: { [T.stay('add', 's3')]: false },
    merged: (c) => removeDay(c, 'd4'),
    refused: { [T.stay('add', 's3')]: 'day-missing' },
  },
  {
    name: 'each adds a stay',
    theirs: (c) => (c.stays.s3 = stay('Lake Lodge', 'd4', 1)),
    ours: (c) => (c.stays.s4 = stay('Camping', 'd2', 1)),
    changes: { [T.stay('add', 's3')]: false },
  },
  // ---------------------------------------------------------------- notes
  {
    name: "theirs edits a section's text, ours its title: both hold",
    theirs: (c) => editNote(c, 'n1', { text: 'Passports and adapters' }),
    ours: (c) => editNote(c, 'n1', { title: 'What to pack' }),
    changes: { [T.note('text', 'n1')]: false },
  },
  {
    name: "both edit a section's text differently",
    theirs: (c) => editNote(c, 'n1', { text: 'Passports and adapters' }),
    ours: (c) => editNote(c, 'n1', { text: 'Passports, tickets' }),
    changes: { [T.note('text', 'n1')]: true },
    merged: (c) => editNote(c, 'n1', { text: 'Passports and adapters' }),
    kept: (c) => editNote(c, 'n1', { text: 'Passports, tickets' }),
  },
  {
    name: 'theirs moves a day note to another day, ours edits it',
    theirs: (c) => editNote(c, 'n2', { day: 'd3' }),
    ours: (c) => editNote(c, 'n2', { text: 'Bring water and hats' }),
    changes: { [T.note('day', 'n2')]: false },
  },
  {
    name: 'theirs removes a section ours edited',
    theirs: (c) => delete c.notes.n1,
    ours: (c) => editNote(c, 'n1', { text: 'Passports, tickets' }),
    changes: { [T.note('remove', 'n1')]: true },
    merged: (c) => delete c.notes.n1,
    kept: (c) => editNote(c, 'n1', { text: 'Passports, tickets' }),
  },
  {
    name: 'each adds a note',
    theirs: (c) => (c.notes.n3 = { day: 'd1', title: '', text: 'Museum closes at 17' }),
    ours: (c) => (c.notes.n4 = { day: null, title: 'Money', text: 'Cash for the ferry' }),
    changes: { [T.note('add', 'n3')]: false },
  },
  // ---------------------------------------------------------------- combinations
  {
    name: "the museum's day off: theirs moves and retimes it, ours adds to that day and retimes another",
    theirs: (c) => {
      move(c, 'a6', 'd4', null);
      retime(c, 'a6', '10:00');
    },
    ours: (c) => {
      add(c, 'a9', 'd4');
      retime(c, 'a1', '08:30');
    },
    changes: { [T.move('a6')]: false, [T.time('a6')]: false },
  },
  {
    name: 'many changes on both sides, one clash',
    theirs: (c) => {
      c.title = 'Lakes';
      addDay(c, 'd5', 'd4');
      add(c, 'a9', 'd5', null, '10:00');
      add(c, 'a10', 'd1', 'a3');
      remove(c, 'a5');
      retime(c, 'a1', '10:00');
    },
    ours: (c) => {
      retime(c, 'a1', '08:00');
      move(c, 'a2', 'd3', 'a7');
      editStay(c, 's1', { text: 'Breakfast included' });
      delete c.notes.n1;
    },
    changes: {
      [T.title]: false,
      [T.dayAdd('d5')]: false,
      [T.add('a9')]: false,
      [T.add('a10')]: false,
      [T.time('a1')]: true,
      [T.remove('a5')]: false,
    },
    kept: (c) => {
      retime(c, 'a1', '08:00');
      move(c, 'a2', 'd3', 'a7');
      editStay(c, 's1', { text: 'Breakfast included' });
      delete c.notes.n1;
      c.title = 'Lakes';
      addDay(c, 'd5', 'd4');
      add(c, 'a9', 'd5', null, '10:00');
      add(c, 'a10', 'd1', 'a3');
      remove(c, 'a5');
    },
  },
  {
    name: 'both move an activity to the same day and ours retimes it',
    theirs: (c) => move(c, 'a6', 'd1', 'a1'),
    ours: (c) => {
      move(c, 'a6', 'd1');
      retime(c, 'a6', '14:00');
    },
    changes: { [T.move('a6')]: false },
    merged: (c) => {
      move(c, 'a6', 'd1');
      retime(c, 'a6', '14:00');
    },
  },
  {
    name: 'theirs moves and retimes an activity ours reordered: the move clashes, the time does not',
    theirs: (c) => {
      move(c, 'a8', 'd2', 'a4');
      retime(c, 'a8', '19:00');
    },
    ours: (c) => move(c, 'a8', 'd3', null),
    changes: { [T.move('a8')]: true, [T.time('a8')]: false },
    merged: (c) => {
      move(c, 'a8', 'd2', 'a4');
      retime(c, 'a8', '19:00');
    },
    kept: (c) => {
      move(c, 'a8', 'd3', null);
      retime(c, 'a8', '19:00');
    },
  },
  {
    name: 'the same edits on both sides',
    theirs: (c) => {
      c.title = 'Lakes';
      addDay(c, 'd5', 'd1');
      move(c, 'a4', 'd5');
      add(c, 'a9', 'd5', 'a4', '09:00');
      remove(c, 'a7');
      editStay(c, 's2', { nights: 1 });
      editNote(c, 'n2', { day: 'd5' });
    },
    ours: (c) => {
      c.title = 'Lakes';
      addDay(c, 'd5', 'd1');
      move(c, 'a4', 'd5');
      add(c, 'a9', 'd5', 'a4', '09:00');
      remove(c, 'a7');
      editStay(c, 's2', { nights: 1 });
      editNote(c, 'n2', { day: 'd5' });
    },
    changes: {
      [T.title]: false,
      [T.dayAdd('d5')]: false,
      [T.move('a4')]: false,
      [T.add('a9')]: false,
      [T.remove('a7')]: false,
      [T.stay('nights', 's2')]: false,
      [T.note('day', 'n2')]: false,
    },
    merged: (c) => {
      c.title = 'Lakes';
      addDay(c, 'd5', 'd1');
      move(c, 'a4', 'd5');
      add(c, 'a9', 'd5', 'a4', '09:00');
      remove(c, 'a7');
      editStay(c, 's2', { nights: 1 });
      editNote(c, 'n2', { day: 'd5' });
    },
  },
];

const snapshot = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const acceptAll = (changes: TripChange[]) => changes.filter((c) => !c.conflict).map((c) => c.id);
const resolveAll = (changes: TripChange[], side: 'theirs' | 'ours') =>
  Object.fromEntries(changes.filter((c) => c.conflict).map((c) => [c.id, side]));
const refusals = (r: TripApplyResult) => Object.fromEntries(r.refused.map((x) => [x.id, x.reason]));

/**
 * Ours' own changes since the base that do not hold in `content` (the result of taking every clean change and resolving
 * every conflict `side`). Resolved "theirs", a thing theirs clashed on is theirs', and what ours put on a day theirs
 * removed went with the day (or back): those are not asked.
 */
function oursNotHeld(
  base: TripContent,
  ours: TripContent,
  changes: TripChange[],
  content: TripContent,
  side: 'theirs' | 'ours',
): string[] {
  const entity = (path: string) => path.split('/').slice(0, 2).join('/');
  const overridden = new Set<string>();
  if (side === 'theirs')
    for (const c of changes) {
      if (c.conflict) overridden.add(entity(c.path));
      if (c.put) {
        for (const a of [...c.put.activities, ...c.put.moved]) overridden.add(`activities/${a}`);
        for (const n of [...c.put.notes, ...c.put.movedNotes]) overridden.add(`notes/${n}`);
      }
    }
  return diffTripContent(base, ours)
    .filter((e) => !overridden.has(entity(e.path)))
    .map((e) => notHeld(content, e, 'side'))
    .filter((x): x is string => x !== null);
}

function check(s: Scenario): void {
  const base = baseTrip();
  const theirs = made(s.theirs);
  const ours = made(s.ours);
  expect(tripContentProblems(theirs)).toEqual([]);
  expect(tripContentProblems(ours)).toEqual([]);
  const inputs = snapshot({ base, theirs, ours });

  const { changes } = mergeTripContent(base, theirs, ours);
  expect(Object.fromEntries(changes.map((c) => [c.id, c.conflict]))).toEqual(s.changes);
  const frozen = snapshot(changes);
  for (const c of changes) {
    // Ids are unique, and a conflict shows both values, which differ.
    expect(changes.filter((x) => x.id === c.id)).toHaveLength(1);
    if (c.conflict) {
      expect(c.theirs).not.toBeUndefined();
      expect(c.ours).not.toBeUndefined();
      expect(c.ours).not.toEqual(c.theirs);
    }
  }

  const conflicts = new Set(changes.filter((c) => c.conflict).map((c) => c.id));
  const merged = made(s.merged ?? ((c) => (s.ours(c), s.theirs(c))));
  const kept = s.kept ? made(s.kept) : merged;
  if (!s.kept && conflicts.size > 0) throw new Error(`${s.name}: a scenario with conflicts needs "kept"`);

  const withTheirs = applyTripChanges(
    ours,
    changes,
    s.accept ?? acceptAll(changes),
    s.accept ? {} : resolveAll(changes, 'theirs'),
  );
  expect(withTheirs.content).toEqual(merged);
  expect(tripContentProblems(withTheirs.content)).toEqual([]);
  expect(refusals(withTheirs)).toEqual(s.refused ?? {});

  const withOurs = applyTripChanges(
    ours,
    changes,
    s.accept ?? acceptAll(changes),
    resolveAll(changes, 'ours'),
  );
  expect(withOurs.content).toEqual(s.accept ? merged : kept);
  expect(tripContentProblems(withOurs.content)).toEqual([]);
  const refusedKept =
    s.refusedKept ?? Object.fromEntries(Object.entries(s.refused ?? {}).filter(([id]) => !conflicts.has(id)));
  expect(refusals(withOurs)).toEqual(refusedKept);

  // Every change applied holds theirs' value in the result; every conflict resolved "ours" keeps ours'.
  for (const c of changes) {
    if (withTheirs.applied.includes(c.id)) expect(notHeld(withTheirs.content, c, 'theirs')).toBeNull();
    if (c.conflict) expect(notHeld(withOurs.content, c, 'ours')).toBeNull();
  }
  // Ours' own changes hold: all of them when conflicts are resolved "ours", those theirs did not clash with otherwise.
  expect(oursNotHeld(base, ours, changes, withTheirs.content, 'theirs')).toEqual([]);
  expect(oursNotHeld(base, ours, changes, withOurs.content, 'ours')).toEqual([]);

  // Nothing accepted: ours as it was.
  const nothing = applyTripChanges(ours, changes, [], {});
  expect(nothing.content).toEqual(ours);
  expect(nothing.applied).toEqual([]);

  // Undo: the copy's content kept before the pull is ours exactly, shares nothing with the result, and the same pull
  // again gives the same result.
  expect({ base, theirs, ours }).toEqual(inputs);
  expect(changes).toEqual(frozen);
  const keptBeforePull = cloneTripContent(ours);
  const again = applyTripChanges(
    keptBeforePull,
    changes,
    s.accept ?? acceptAll(changes),
    s.accept ? {} : resolveAll(changes, 'theirs'),
  );
  expect(again).toEqual(withTheirs);
  for (const day of withTheirs.content.days) withTheirs.content.order[day]!.push('scribble');
  for (const a of Object.values(withTheirs.content.activities)) a.time = 'scribble';
  for (const st of Object.values(withTheirs.content.stays)) st.name = 'scribble';
  expect(ours).toEqual(inputs.ours);
  expect(keptBeforePull).toEqual(inputs.ours);
}

describe('three-way merge of a copy with its original: scripted divergences', () => {
  it('has at least 50 scenarios, with unique names', () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(SCENARIOS.map((s) => s.name)).size).toBe(SCENARIOS.length);
  });
  for (const s of SCENARIOS) it(s.name, () => check(s));
});

describe('the pieces', () => {
  it('a moved activity is one move, not a new predecessor for every activity after it', () => {
    expect([...movedItems(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'])]).toEqual(['a']);
    expect([...movedItems(['a', 'b', 'c', 'd'], ['a', 'c', 'd'])]).toEqual([]);
    expect([...movedItems(['a', 'b', 'c'], ['c', 'a', 'b', 'x'])]).toEqual(['c']);
    expect(placedAfter(['a', 'b', 'c'], 'x', ['q', 'b', 'a'])).toEqual(['a', 'b', 'x', 'c']);
    expect(placedAfter(['a', 'b', 'c'], 'x', ['q'])).toEqual(['x', 'a', 'b', 'c']);
    expect(placedAfter(['a', 'b', 'c'], 'a', ['c'])).toEqual(['b', 'c', 'a']);
  });

  it('diffs a move across days as a move, with its position', () => {
    const base = baseTrip();
    const side = made((c) => move(c, 'a2', 'd3', 'a6'));
    expect(diffTripContent(base, side)).toEqual([
      {
        kind: 'activity-move',
        path: 'activities/a2/place',
        base: { day: 'd1', time: null, after: 'a1' },
        side: { day: 'd3', time: null, after: 'a6' },
        anchors: ['a6'],
      },
    ]);
  });

  it('counts how far a copy has diverged', () => {
    const base = baseTrip();
    expect(tripDivergence(base, base)).toBe(0);
    const copy = made(
      (c) => (c.title = 'Ours'),
      (c) => retime(c, 'a1', '10:00'),
      (c) => move(c, 'a2', 'd2'),
      (c) => removeDay(c, 'd4'),
      (c) => editStay(c, 's1', { name: 'Palazzo', address: 'Via Roma 2', text: 'Pool' }),
    );
    // title, a1's time, a2's move, d4 removed, s1's place and s1's text.
    expect(tripDivergence(base, copy)).toBe(6);
  });

  it('finds what makes content invalid', () => {
    const c = baseTrip();
    c.order.d1!.push('a4');
    c.days.push('d2');
    c.stays.s1!.firstNight = 'd9';
    c.stays.s2!.nights = 0;
    c.notes.n2!.day = 'd7';
    c.order.d8 = [];
    delete c.order.d4;
    c.activities.a9 = { day: 'd1', time: null };
    expect(tripContentProblems(c)).toEqual([
      'day d2 twice',
      'an order for d8, not a day of the trip',
      "activity a4 is on d2 but in d1's order",
      'activity a4 twice in the orders (d1, d2)',
      'day d4 has no order',
      "activity a9 in no day's order",
      'stay s1 starts on d9, not a day of the trip',
      'stay s2 has 0 nights',
      'note n2 on d7, not a day of the trip',
    ]);
  });

  it('refuses unknown ids and conflicts accepted without a resolution; keeps the cap on days', () => {
    const base = baseTrip();
    const theirs = made(
      (c) => retime(c, 'a1', '10:00'),
      (c) => addDay(c, 'd5', 'd4'),
    );
    const ours = made((c) => retime(c, 'a1', '08:00'));
    const { changes } = mergeTripContent(base, theirs, ours);
    const result = applyTripChanges(
      ours,
      changes,
      ['nope', T.time('a1'), T.dayAdd('d5')],
      { other: 'theirs' },
      { maxDays: 4 },
    );
    expect(result.refused).toEqual([
      { id: 'nope', reason: 'unknown-change' },
      { id: T.time('a1'), reason: 'conflict-unresolved' },
      { id: 'other', reason: 'unknown-change' },
      { id: T.dayAdd('d5'), reason: 'too-many-days' },
    ]);
    expect(result.content).toEqual(ours);
  });

  it('says whose is which in a conflict', () => {
    const base = baseTrip();
    const theirs = made((c) => move(c, 'a2', 'd3', 'a6'));
    const ours = made((c) => move(c, 'a2', 'd4'));
    expect(mergeTripContent(base, theirs, ours).changes).toEqual([
      {
        id: T.move('a2'),
        kind: 'activity-move',
        path: 'activities/a2/place',
        base: { day: 'd1', time: null, after: 'a1' },
        theirs: { day: 'd3', time: null, after: 'a6' },
        ours: { day: 'd4', time: null, after: null },
        conflict: true,
        anchors: ['a6'],
      },
    ]);
  });
});

describe('three-way merge: random edit scripts on both sides', () => {
  const SEEDS = 300;

  it(`${SEEDS} seeds: valid results whatever is chosen, nothing accepted changes nothing, theirs alone is theirs`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const random = seeded(seed);
      const base = randomTrip(random, 3 + Math.floor(random() * 6), 1 + Math.floor(random() * 5));
      const theirs = randomSide(random, base, 1 + Math.floor(random() * 20), 't');
      const ours = randomSide(random, base, 1 + Math.floor(random() * 20), 'o');
      const label = `seed ${seed}\n theirs: ${theirs.script.join('; ')}\n ours: ${ours.script.join('; ')}`;
      expect(tripContentProblems(theirs.content), label).toEqual([]);
      expect(tripContentProblems(ours.content), label).toEqual([]);
      const inputs = snapshot({ base, t: theirs.content, o: ours.content });

      const { changes } = mergeTripContent(base, theirs.content, ours.content);
      for (const side of ['theirs', 'ours'] as const) {
        const r = applyTripChanges(ours.content, changes, acceptAll(changes), resolveAll(changes, side));
        expect(tripContentProblems(r.content), `${label}\n resolving ${side}`).toEqual([]);
        for (const c of changes)
          if (r.applied.includes(c.id)) expect(notHeld(r.content, c, 'theirs'), label).toBeNull();
        if (side === 'ours')
          for (const c of changes) if (c.conflict) expect(notHeld(r.content, c, 'ours'), label).toBeNull();
        expect(
          oursNotHeld(base, ours.content, changes, r.content, side),
          `${label}\n resolving ${side}`,
        ).toEqual([]);
      }
      // Any choice: some clean changes taken, each conflict resolved either way.
      const some = applyTripChanges(
        ours.content,
        changes,
        acceptAll(changes).filter(() => random() < 0.5),
        Object.fromEntries(
          changes.filter((c) => c.conflict).map((c) => [c.id, random() < 0.5 ? 'theirs' : 'ours'] as const),
        ),
      );
      expect(tripContentProblems(some.content), `${label}\n some`).toEqual([]);
      for (const c of changes)
        if (some.applied.includes(c.id)) expect(notHeld(some.content, c, 'theirs'), label).toBeNull();
      expect(applyTripChanges(ours.content, changes, [], {}).content).toEqual(ours.content);
      expect({ base, t: theirs.content, o: ours.content }).toEqual(inputs);

      // A copy that changed nothing takes everything, and becomes theirs exactly.
      const fresh = mergeTripContent(base, theirs.content, base).changes;
      expect(
        fresh.filter((c) => c.conflict),
        label,
      ).toEqual([]);
      const taken = applyTripChanges(
        base,
        fresh,
        fresh.map((c) => c.id),
        {},
      );
      expect(taken.refused, label).toEqual([]);
      expect(taken.content, label).toEqual(theirs.content);
      // An original that changed nothing has nothing to offer.
      expect(mergeTripContent(base, base, ours.content).changes).toEqual([]);
    }
  });

  it(`${SEEDS} seeds: the same edits on both sides are no conflict, and taking them changes nothing`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const random = seeded(10_000 + seed);
      const base = randomTrip(random, 3 + Math.floor(random() * 6), 1 + Math.floor(random() * 5));
      const count = 1 + Math.floor(random() * 20);
      const editSeed = Math.floor(random() * 1e9);
      const theirs = randomSide(seeded(editSeed), base, count, 'x');
      const ours = randomSide(seeded(editSeed), base, count, 'x');
      const label = `seed ${seed}: ${theirs.script.join('; ')}`;
      const { changes } = mergeTripContent(base, theirs.content, ours.content);
      expect(
        changes.filter((c) => c.conflict),
        label,
      ).toEqual([]);
      const r = applyTripChanges(
        ours.content,
        changes,
        changes.map((c) => c.id),
        {},
      );
      expect(r.refused, label).toEqual([]);
      expect(r.content, label).toEqual(ours.content);
    }
  });
});

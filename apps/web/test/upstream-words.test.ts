import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRIP_CHANGE_KINDS, type TripChange, type TripDay, type TripStay } from '@rides/contract';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import {
  dayBook,
  excerpt,
  groupedWords,
  groupTitle,
  pullChoices,
  refusalWords,
  tripNames,
  type WordsContext,
} from '../src/features/trip/updates/words';
import { upstreamKeys } from '../src/features/trip/updates/api';
import { tripAttractionsKeys } from '../src/lib/trip-keys';

/** A copy's updates in words (issue 37 point 2): every kind of change, in both languages, grouped by day. */
const texts = {} as Record<'he' | 'en', TFunction>;
beforeAll(async () => {
  for (const [lng, resources] of [
    ['he', he],
    ['en', en],
  ] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      resources: { [lng]: { translation: resources } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    texts[lng] = instance.t;
  }
});

const plain = (s: string) => s.replace(/[\u200e\u200f\u2066-\u2069]/g, '');

/** A trip's read with these activities per day (id, title) and stays starting on days. */
function read(days: [number, string][][], stays: Record<number, number> = {}): TripDay[] {
  return days.map((acts, i) => {
    const stayId = Object.entries(stays).find(([, d]) => d === i)?.[0];
    return {
      dateTime: null,
      daily_attractions: acts.map(([id, title]) => ({ id, title })),
      accommodation: null,
      base_trip_accommodation: stayId ? { id: Number(stayId) } : null,
    } as unknown as TripDay;
  });
}

// The copy: d0 (Colosseum 1, Pantheon 2), d1 (Uffizi 3), d2 (Duomo 4), d3 (), with the stay 9 from d1.
const COPY = read(
  [
    [
      [1, 'Colosseum'],
      [2, 'Pantheon'],
    ],
    [[3, 'Uffizi Gallery']],
    [[4, 'Duomo']],
    [],
  ],
  { 9: 1 },
);
// The original: the same days and a new one (n1) after d3 with Ponte Vecchio (5) only it has; the Duomo moved to d3.
const ORIGINAL = read(
  [
    [
      [1, 'Colosseum'],
      [2, 'Pantheon'],
    ],
    [[3, 'Uffizi Gallery']],
    [],
    [[4, 'Duomo']],
    [[5, 'Ponte Vecchio']],
  ],
  { 9: 1 },
);

const stay = (over: Partial<TripStay> = {}): TripStay => ({
  name: 'Hotel Roma',
  address: null,
  link: null,
  text: '<p>Code 12</p>',
  lat: null,
  lng: null,
  firstNight: 'd1',
  nights: 3,
  ...over,
});
const act = (day: string, time: string | null, after: string | null = null) => ({ day, time, after });
const dayV = (index: number, after: string | null, activities: string[] = []) => ({
  index,
  after,
  activities,
});
const note = (day: string | null, title: string, text: string) => ({ day, title, text });

function change(
  kind: TripChange['kind'],
  path: string,
  base: unknown,
  theirs: unknown,
  ours: unknown,
  conflict = false,
) {
  return { id: `${kind}:${path}`, kind, path, base, theirs, ours, conflict } as TripChange;
}

/** One change of every kind, with its English words (the day numbers are the copy's where it has the day). */
const CASES: [TripChange, string, string][] = [
  [
    change('title', 'title', 'Italy', 'Northern Italy', 'Italy'),
    "The trip's title: Northern Italy (was Italy)",
    'The whole trip',
  ],
  [
    change('text', 'text', '<p>a</p>', '<p>b</p>', '<p>a</p>'),
    "The trip's description was rewritten",
    'The whole trip',
  ],
  [
    change('day-add', 'days/n1', null, dayV(4, 'd3', ['5']), null),
    'A new day after day 4 (1 activity)',
    'The whole trip',
  ],
  [
    change('day-remove', 'days/d2', dayV(2, 'd1'), null, dayV(2, 'd1')),
    'The original removed day 3',
    'The whole trip',
  ],
  [
    change('day-move', 'days/d3/place', dayV(3, 'd2'), dayV(0, null), dayV(3, 'd2')),
    'day 4 moved to the start of the trip',
    'The whole trip',
  ],
  [
    change('activity-add', 'activities/5', null, act('n1', '10:00:00', null), null),
    'Ponte Vecchio added at 10:00',
    'Day 5 of the original',
  ],
  [
    change('activity-remove', 'activities/2', act('d0', null, '1'), null, act('d0', null, '1')),
    'Pantheon removed',
    'Day 1',
  ],
  [
    change('activity-move', 'activities/4/place', act('d2', null), act('d3', null), act('d2', null)),
    'Duomo moved to day 4 (was on day 3)',
    'Day 4',
  ],
  [
    change('activity-reorder', 'activities/1/place', act('d0', null), act('d0', null, '2'), act('d0', null)),
    'Colosseum moved after Pantheon',
    'Day 1',
  ],
  [
    change(
      'activity-time',
      'activities/3/time',
      act('d1', '09:00:00'),
      act('d1', '10:00:00'),
      act('d1', '09:00:00'),
    ),
    'Uffizi Gallery now at 10:00 (was 09:00)',
    'Day 2',
  ],
  [
    change('stay-add', 'stays/11', null, stay({ name: 'Hotel Milano', nights: 1, firstNight: 'd3' }), null),
    'A new stay: Hotel Milano for 1 night from day 4',
    'Day 4',
  ],
  [change('stay-remove', 'stays/9', stay(), null, stay()), 'The stay Hotel Roma removed', 'Day 2'],
  [
    change('stay-place', 'stays/9/place', stay(), stay({ name: 'Hotel Firenze' }), stay()),
    'The stay is now Hotel Firenze (was Hotel Roma)',
    'Day 2',
  ],
  [
    change('stay-text', 'stays/9/text', stay(), stay({ text: 'Code 13' }), stay()),
    'The stay Hotel Roma: its text changed',
    'Day 2',
  ],
  [
    change('stay-nights', 'stays/9/nights', stay(), stay({ nights: 2 }), stay()),
    'Hotel Roma for 2 nights from day 2 (was 3)',
    'Day 2',
  ],
  [
    change('note-add', 'notes/7', null, note(null, 'Getting there', '<p>Train</p>'), null),
    'A new section: Getting there',
    'The whole trip',
  ],
  [
    change(
      'note-remove',
      'notes/8',
      note('d0', '', '<p>Bring <b>water</b></p>'),
      null,
      note('d0', '', '<p>Bring <b>water</b></p>'),
    ),
    'The note Bring water removed',
    'Day 1',
  ],
  [
    change(
      'note-day',
      'notes/8/day',
      note('d0', '', 'Bring water'),
      note('d1', '', 'Bring water'),
      note('d0', '', 'Bring water'),
    ),
    'The note Bring water moved to day 2 (was on day 1)',
    'Day 2',
  ],
  [
    change(
      'note-title',
      'notes/7/title',
      note(null, 'Trains', 'x'),
      note(null, 'Getting there', 'x'),
      note(null, 'Trains', 'x'),
    ),
    'The section Trains is now called Getting there',
    'The whole trip',
  ],
  [
    change(
      'note-text',
      'notes/7/text',
      note(null, 'Trains', 'x'),
      note(null, 'Trains', 'y'),
      note(null, 'Trains', 'x'),
    ),
    'The text of Trains changed',
    'The whole trip',
  ],
];

/** The two trips' day ids in order, as the upstream answer lists them. */
const COPY_DAYS = ['d0', 'd1', 'd2', 'd3'];
const ORIGINAL_DAYS = ['d0', 'd1', 'd2', 'd3', 'n1'];

function context(
  lang: 'he' | 'en',
  _changes: TripChange[],
  original = ORIGINAL,
  originDays: string[] | null = ORIGINAL_DAYS,
): WordsContext {
  return {
    t: texts[lang],
    copy: tripNames(COPY),
    original: tripNames(original),
    book: dayBook(COPY_DAYS, originDays),
  };
}

describe('upstream words', () => {
  it('covers every kind of change', () => {
    expect(new Set(CASES.map(([c]) => c.kind))).toEqual(new Set(TRIP_CHANGE_KINDS));
  });

  it('says every kind in English: what, on which day, before and after', () => {
    const changes = CASES.map(([c]) => c);
    const groups = groupedWords(changes, context('en', changes));
    for (const [c, words, group] of CASES) {
      const g = groups.find((x) => x.changes.some((w) => w.id === c.id))!;
      expect(plain(g.changes.find((w) => w.id === c.id)!.text), c.kind).toBe(words);
      expect(plain(groupTitle(g.group, texts.en)), c.kind).toBe(group);
    }
  });

  it('says every kind in Hebrew, with the names and numbers and no key left', () => {
    const changes = CASES.map(([c]) => c);
    const groups = groupedWords(changes, context('he', changes));
    const all = groups.flatMap((g) => g.changes);
    expect(all).toHaveLength(CASES.length);
    for (const w of all) {
      expect(w.text, w.id).not.toMatch(/tripUpdates|{{|}}/);
      expect(w.text, w.id).toMatch(/[\u0590-\u05ff]/);
    }
    const text = (id: string) => plain(all.find((w) => w.id === id)!.text);
    expect(text('activity-time:activities/3/time')).toBe('Uffizi Gallery עכשיו בשעה 10:00 (הייתה 09:00)');
    expect(text('day-add:days/n1')).toBe('יום חדש אחרי יום 4 (פעילות אחת)');
    expect(text('stay-nights:stays/9/nights')).toBe('Hotel Roma ל־2 לילות מיום 2 (היה 3)');
    expect(text('activity-move:activities/4/place')).toBe('Duomo עברה אל יום 4 (הייתה ביום 3)');
    expect(plain(groupTitle(groups[1]!.group, texts.he))).toBe('יום 1');
  });

  it('groups the whole trip first, then the copy’s days in order, then the original’s', () => {
    const changes = CASES.map(([c]) => c);
    const groups = groupedWords(changes, context('en', changes)).map((g) =>
      plain(groupTitle(g.group, texts.en)),
    );
    expect(groups).toEqual(['The whole trip', 'Day 1', 'Day 2', 'Day 4', 'Day 5 of the original']);
  });

  it('says "an activity" and "a day" when the original cannot be read', () => {
    const c = change('activity-add', 'activities/5', null, act('n1', null, null), null);
    for (const lang of ['en', 'he'] as const) {
      const [g] = groupedWords([c], context(lang, [c], [], null));
      expect(plain(g!.changes[0]!.text)).toBe(lang === 'en' ? 'an activity added' : 'נוספה פעילות');
      expect(plain(groupTitle(g!.group, texts[lang]))).toBe(lang === 'en' ? 'A day' : 'יום');
    }
  });

  it('shows a conflict’s two values', () => {
    const c = change(
      'activity-time',
      'activities/3/time',
      act('d1', '09:00:00'),
      act('d1', '10:00:00'),
      act('d1', '11:00:00'),
      true,
    );
    const [g] = groupedWords([c], context('en', [c]));
    expect(g!.changes[0]!.sides).toEqual({ theirs: '10:00', ours: '11:00' });
    const moved = change('activity-move', 'activities/4/place', act('d2', null), act('d3', null), null, true);
    const [m] = groupedWords([moved], context('he', [moved]));
    // Day d3 is the copy's fourth day too: named as the copy's page numbers it.
    expect(m!.changes[0]!.sides).toEqual({ theirs: 'יום 4', ours: 'הוסר' });
  });

  it('builds the pull from the choices: checked clean changes, conflicts with a side only', () => {
    const a = change('title', 'title', 'a', 'b', 'a');
    const b = change('text', 'text', 'a', 'b', 'a');
    const c = change(
      'activity-time',
      'activities/3/time',
      act('d1', '09:00:00'),
      act('d1', '10:00:00'),
      act('d1', '11:00:00'),
      true,
    );
    const d = change(
      'activity-time',
      'activities/1/time',
      act('d0', '09:00:00'),
      act('d0', '10:00:00'),
      act('d0', '11:00:00'),
      true,
    );
    expect(pullChoices([a, b, c, d], new Set([a.id, c.id]), { [d.id]: 'ours' })).toEqual({
      accept: [a.id],
      resolve: { [d.id]: 'ours' },
    });
  });

  it('says refusals in both languages, an unknown reason plainly', () => {
    for (const lang of ['en', 'he'] as const) {
      for (const reason of [
        'day-missing',
        'day-not-empty',
        'too-many-days',
        'conflict-unresolved',
        'unknown-change',
        'stay-booked',
        'a-reason-of-tomorrow',
      ])
        expect(refusalWords(reason, texts[lang])).not.toMatch(/tripUpdates/);
      expect(refusalWords('day-missing', texts.en)).toBe('your copy no longer has that day');
      expect(refusalWords('stay-booked', texts.en)).toBe('it would change a stay you booked');
      expect(refusalWords('a-reason-of-tomorrow', texts.en)).toBe("the trip's rules did not allow it");
    }
  });

  it('keeps a note’s text short and plain', () => {
    expect(excerpt('<p>Bring&nbsp;<b>water</b> &amp; hats</p>')).toBe('Bring water & hats');
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('reads upstream again with every change of the trip', () => {
    expect(upstreamKeys.of(12).slice(0, 2)).toEqual([...tripAttractionsKeys.of(12)]);
  });
});

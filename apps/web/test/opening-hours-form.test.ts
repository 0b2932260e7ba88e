import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OPENING_HOURS_MAX } from '@rides/contract';
// The server's own judge of a text (decision 0070): what the form writes must never earn the "unreadable" warning.
import { openingHoursProblem } from '../../server/src/modules/day-checks/opening-hours';
import {
  backToForm,
  copyToAll,
  defaultHours,
  firstDayOfWeek,
  formCanShow,
  fromForm,
  hoursProblem,
  hoursToText,
  hoursValueOf,
  dayProblems,
  sameAsPrevious,
  spanProblem,
  spansToOpen,
  textToHours,
  weekdayNames,
  weekOrder,
  withBreak,
  withDay,
  type DayHours,
  type HoursForm,
} from '../src/features/trip/attraction-editor/lib/opening-hours-form';
import {
  toBody,
  savedAttraction,
  unreadableHoursOf,
} from '../src/features/trip/attraction-editor/lib/form-values';

/** The editor's opening hours form (issue 36 point 2): the form and OpenStreetMap's text, both ways. */

const open = (...spans: [string, string][]): DayHours => ({
  open: true,
  spans: spans.map(([from, to]) => ({ from, to })),
});
const closed: DayHours = { open: false, spans: [] };
/** A week from Sunday. */
const week = (days: DayHours[], holidaysOff = false): HoursForm => ({ always: false, days, holidaysOff });

const JERUSALEM = { lat: 31.7767, lng: 35.2345 };

/** The library itself, in Berlin (its public holidays known): open or not every quarter hour of a week with 1 May. */
const OpeningHours = createRequire(import.meta.url)('opening_hours') as new (
  text: string,
  place: object,
) => { getState(at: Date): boolean };
const BERLIN = { lat: 52.52, lon: 13.405, address: { country_code: 'de', state: 'Berlin' } };
function weekOf(text: string): string {
  const hours = new OpeningHours(text, BERLIN);
  let out = '';
  // Monday 27 April to Monday 4 May 2026, the process's own clock (the library reads local fields).
  for (let q = 0; q < 8 * 96; q++) out += hours.getState(new Date(2026, 3, 27, 0, q * 15)) ? '1' : '0';
  return out;
}
/** The same week from the form as a person reads it: each open day's spans, 24/7, and 1 May closed when PH is off. */
function weekOfForm(form: HoursForm): string {
  let out = '';
  for (let q = 0; q < 8 * 96; q++) {
    const at = new Date(2026, 3, 27, 0, q * 15);
    const clock = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    const day = form.days[at.getDay()]!;
    const holiday = at.getMonth() === 4 && at.getDate() === 1;
    const openNow =
      !(holiday && form.holidaysOff) &&
      (form.always ||
        (day.open && day.spans.some((s) => clock >= s.from && (s.to === '00:00' || clock < s.to))));
    out += openNow ? '1' : '0';
  }
  return out;
}
const PARIS = { lat: 48.8606, lng: 2.3376 };

const forms: Record<string, { form: HoursForm; text: string }> = {
  'the Israeli week with a short Friday': {
    form: week(
      [...Array.from({ length: 5 }, () => open(['09:00', '17:00'])), open(['09:00', '13:00']), closed],
      true,
    ),
    text: 'Su-Th 09:00-17:00; Fr 09:00-13:00; Sa off; PH off',
  },
  'closed on Monday, open the other days': {
    form: week([0, 1, 2, 3, 4, 5, 6].map((d) => (d === 1 ? closed : open(['10:00', '18:00'])))),
    text: 'Mo off; Tu-Su 10:00-18:00',
  },
  'every day the same': {
    form: week(Array.from({ length: 7 }, () => open(['08:30', '20:00']))),
    text: 'Mo-Su 08:30-20:00',
  },
  'a lunch break on weekdays': {
    form: week([
      closed,
      ...Array.from({ length: 5 }, () => open(['09:00', '12:30'], ['14:00', '18:00'])),
      open(['10:00', '14:00']),
    ]),
    text: 'Su off; Mo-Fr 09:00-12:30,14:00-18:00; Sa 10:00-14:00',
  },
  'the same hours on days apart': {
    form: week([
      closed,
      open(['10:00', '16:00']),
      closed,
      open(['10:00', '16:00']),
      closed,
      open(['10:00', '16:00']),
      closed,
    ]),
    text: 'Mo,We,Fr 10:00-16:00; Tu,Th,Sa-Su off',
  },
  'a run round the end of the week': {
    form: week([
      open(['11:00', '23:00']),
      open(['11:00', '23:00']),
      closed,
      closed,
      closed,
      open(['11:00', '23:00']),
      open(['11:00', '23:00']),
    ]),
    text: 'Tu-Th off; Fr-Mo 11:00-23:00',
  },
  'until midnight, and on from midnight': {
    form: week([
      open(['00:00', '02:00'], ['18:00', '00:00']),
      ...Array.from({ length: 5 }, () => closed),
      open(['20:00', '00:00']),
    ]),
    text: 'Su 00:00-02:00,18:00-24:00; Mo-Fr off; Sa 20:00-24:00',
  },
  'the whole day': {
    form: week([open(['00:00', '00:00']), ...Array.from({ length: 6 }, () => closed)]),
    text: 'Su 00:00-24:00; Mo-Sa off',
  },
  'open 24/7': { form: { ...defaultHours(), always: true }, text: '24/7' },
  'open 24/7, closed on holidays': {
    form: { ...defaultHours(), always: true, holidaysOff: true },
    text: '24/7; PH off',
  },
  'always closed but said': {
    form: week(
      Array.from({ length: 7 }, () => closed),
      true,
    ),
    text: 'Mo-Su off; PH off',
  },
};

describe('form to text', () => {
  it.each(Object.entries(forms))('%s', (_, { form, text }) => {
    expect(hoursToText(form)).toBe(text);
  });

  it.each(Object.entries(forms))('%s: read back, the same form', (_, { form, text }) => {
    expect(textToHours(text)).toEqual(form);
  });

  it.each(Object.entries(forms))(
    '%s: readable by the hours library, in Jerusalem and in Paris',
    (_, { text }) => {
      expect(openingHoursProblem(text, JERUSALEM)).toBeNull();
      expect(openingHoursProblem(text, PARIS)).toBeNull();
    },
  );

  it.each(Object.entries(forms))(
    '%s: the library opens and closes the place when the form says',
    (_, { form, text }) => {
      expect(weekOf(text)).toBe(weekOfForm(form));
    },
  );

  it('random weeks: written, read back the same, and meaning to the library what the form shows', () => {
    // A small seeded generator: the same weeks every run.
    let seed = 36;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const clock = (q: number) =>
      `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
    const kinds = [closed, open(['09:00', '17:00']), open(['10:00', '18:00'])];
    for (let i = 0; i < 60; i++) {
      const days = Array.from({ length: 7 }, () => {
        const k = next(5);
        if (k < 3) return kinds[k]!;
        const a = next(90) + 1;
        const b = a + 1 + next(95 - a);
        if (k === 3) return open([clock(a), b === 96 ? '00:00' : clock(b)]);
        const c = b + 1 + next(Math.max(1, 95 - b));
        return c >= 96 ? open([clock(a), clock(b)]) : open([clock(a), clock(b)], [clock(c), '00:00']);
      });
      const form = week(days, next(2) === 1);
      const text = hoursToText(form);
      expect(textToHours(text), text).toEqual(form);
      expect(weekOf(text), text).toBe(weekOfForm(form));
      expect(openingHoursProblem(text, JERUSALEM), text).toBeNull();
    }
  });

  it('24/7 keeps the days (turning it off brings them back) and does not write them', () => {
    const days = forms['closed on Monday, open the other days']!.form;
    expect(hoursToText({ ...days, always: true })).toBe('24/7');
    expect(hoursToText({ ...days, always: false })).toBe('Mo off; Tu-Su 10:00-18:00');
  });

  it('a closed day keeps its spans (opened again, they come back) but is written off', () => {
    const form = week(
      Array.from({ length: 7 }, (_, d) => ({ open: d !== 6, spans: [{ from: '09:00', to: '17:00' }] })),
    );
    expect(hoursToText(form)).toBe('Su-Fr 09:00-17:00; Sa off');
    expect(spansToOpen(form, 6, weekOrder(0))).toEqual([{ from: '09:00', to: '17:00' }]);
  });
});

describe('text to form', () => {
  it.each([
    // Later rules replace the days they name, as in OpenStreetMap; days no rule names are closed.
    ['Mo-Fr 09:00-17:00; We 10:00-12:00', 'Mo-Tu,Th-Fr 09:00-17:00; We 10:00-12:00; Sa-Su off'],
    ['Mo-Fr 09:00-17:00', 'Mo-Fr 09:00-17:00; Sa-Su off'],
    ['10:00-18:00', 'Mo-Su 10:00-18:00'],
    ['Mo-Su 10:00-18:00; Tu closed; PH closed', 'Tu off; We-Mo 10:00-18:00; PH off'],
    ['Su-Th 08:00-16:00;Fr 08:00-13:00', 'Su-Th 08:00-16:00; Fr 08:00-13:00; Sa off'],
    ['24/7; Mo off', 'Mo off; Tu-Su 00:00-24:00'],
    ['Mo 10:00-00:00', 'Mo 10:00-24:00; Tu-Su off'],
  ])('%s reads as the form that writes %s', (text, written) => {
    const form = textToHours(text);
    expect(form).not.toBeNull();
    expect(hoursToText(form!)).toBe(written);
    expect(textToHours(written)).toEqual(form);
    expect(openingHoursProblem(written, JERUSALEM)).toBeNull();
    // What the form writes means to the library what the text meant.
    expect(weekOf(written)).toBe(weekOf(text));
  });

  it('24/7 after other rules opens every day all day', () => {
    expect(textToHours('Mo off; 24/7')).toEqual(
      week(Array.from({ length: 7 }, () => open(['00:00', '00:00']))),
    );
  });

  it.each([
    ['months', 'Apr-Oct Tu-Su 10:00-18:00'],
    ['sunrise', 'Mo-Su sunrise-sunset'],
    ['a comment', 'Mo-Fr 09:00-17:00 "call ahead"'],
    ['a fallback', 'Mo-Fr 09:00-17:00 || "by appointment"'],
    ['additional rules', 'Mo-Fr 09:00-12:00, We 14:00-16:00'],
    ['three spans', 'Mo 08:00-10:00,12:00-14:00,16:00-18:00'],
    ['open end', 'Fr 22:00+'],
    ['holiday hours', 'Mo-Fr 09:00-17:00; PH 10:00-14:00'],
    ['holidays in a weekday rule', 'Mo-Fr,PH 09:00-17:00'],
    ['rules after PH off', 'PH off; Mo-Fr 09:00-17:00'],
    ['days without times', 'Mo-Fr'],
    ['school holidays', 'SH off'],
    ['unknown', 'unknown'],
    ['extended hours', 'Fr 20:00-26:00'],
    ['a start at 24:00', 'Mo 24:00-02:00'],
    ['an empty span', 'Mo 10:00-10:00'],
    // `Mo 20:00-02:00; Tu off` is open until midnight only: a later rule for Tuesday cuts Monday's night.
    ['a span past midnight', 'Mo 20:00-02:00; Tu off'],
    ['a span past midnight, alone', 'Fr-Sa 21:00-03:00'],
    ['loose times', 'Mo-Fr 9:00-17:00'],
    ['spaced spans', 'Mo-Fr 09:00 - 17:00'],
    ['week numbers', 'week 01-10 Mo 10:00-12:00'],
    ['lower case days', 'mo-fr 09:00-17:00'],
    ['a trailing semicolon', 'Mo-Fr 09:00-17:00;'],
    ['not the syntax', 'open most days, ask at the desk'],
  ])('%s stays text, exactly as typed', (_, text) => {
    expect(textToHours(text)).toBeNull();
    expect(formCanShow(text)).toBe(false);
    const value = hoursValueOf(text);
    expect(value).toEqual({ text, form: null, asText: true });
    expect(backToForm(value)).toBeNull();
    // Saved as it was typed (the server trims the ends only).
    expect(toBody({ ...savedAttraction(attraction(text)), hours: value }, false).osmOpeningHours).toBe(text);
  });

  it('no hours is no form, and the form can show it', () => {
    expect(textToHours('')).toBeNull();
    expect(formCanShow('  ')).toBe(true);
    expect(hoursValueOf(null)).toEqual({ text: '', form: null, asText: false });
  });
});

describe('the field', () => {
  it('a kept text the form can show is shown in the form and saved unchanged until the form is touched', () => {
    const value = hoursValueOf('Mo-Fr 09:00-17:00');
    expect(value.asText).toBe(false);
    expect(value.text).toBe('Mo-Fr 09:00-17:00');
    const touched = fromForm(withDay(value.form!, 6, open(['10:00', '14:00'])));
    expect(touched.text).toBe('Su off; Mo-Fr 09:00-17:00; Sa 10:00-14:00');
  });

  it('as text and back: the form as it was while the text is untouched (a span being typed stays), else read again', () => {
    const typing = withDay(defaultHours(), 2, open(['09:00', ''], ['', '17:00']));
    const value = { ...fromForm(typing), asText: true };
    expect(backToForm(value)).toEqual({ ...value, asText: false });
    const edited = { ...value, text: 'Tu 10:00-11:00' };
    expect(backToForm(edited)?.form?.days[2]).toEqual(open(['10:00', '11:00']));
  });

  it('removing the hours keeps the form for "add" again; saving sends the empty text, which clears', () => {
    const value = fromForm(forms['the Israeli week with a short Friday']!.form);
    const removed = { ...value, text: '' };
    expect(toBody({ ...savedAttraction(attraction('x')), hours: removed }, false).osmOpeningHours).toBe('');
    expect(removed.form).toEqual(value.form);
  });

  it('an open day missing a time stops the save; a closed one or 24/7 does not', () => {
    const typing = withDay(defaultHours(), 3, open(['09:00', '']));
    expect([...dayProblems(typing)]).toEqual([[3, 'opening_hours_time_missing']]);
    expect(hoursProblem(fromForm(typing), OPENING_HOURS_MAX)).toBe('opening_hours_time_missing');
    expect([...dayProblems(withDay(defaultHours(), 3, open(['10:00', '10:00'])))]).toEqual([
      [3, 'opening_hours_time_missing'],
    ]);
    expect(dayProblems(withDay(typing, 3, { open: false, spans: [{ from: '09:00', to: '' }] })).size).toBe(0);
    expect(dayProblems({ ...typing, always: true }).size).toBe(0);
    // As text, the form's problems are not the text's.
    expect(hoursProblem({ ...fromForm(typing), asText: true }, OPENING_HOURS_MAX)).toBeNull();
    // Written meanwhile without the span it cannot say yet.
    expect(hoursToText(typing)).toBe('We off; Th-Tu 09:00-17:00');
  });

  it("a span past midnight is the next day's: the form says so rather than write what a later rule would cut", () => {
    expect(spanProblem({ from: '20:00', to: '02:00' })).toBe('opening_hours_past_midnight');
    expect(spanProblem({ from: '20:00', to: '00:00' })).toBeNull();
    expect(spanProblem({ from: '00:00', to: '00:00' })).toBeNull();
    const late = withDay(withDay(defaultHours(), 1, open(['20:00', '02:00'])), 4, open(['', '12:00']));
    // The first day with a problem in the week from Sunday: Monday's.
    expect(hoursProblem(fromForm(late), OPENING_HOURS_MAX)).toBe('opening_hours_past_midnight');
  });

  it('text longer than OpenStreetMap allows is refused before the save, in the form or as text', () => {
    const long = `Mo-Fr 09:00-17:00 "${'x'.repeat(OPENING_HOURS_MAX)}"`;
    expect(hoursProblem(hoursValueOf(long), OPENING_HOURS_MAX)).toBe('attraction_field_too_long');
    expect(hoursProblem(hoursValueOf('Mo-Fr 09:00-17:00'), OPENING_HOURS_MAX)).toBeNull();
  });

  it('the longest week the form can write stays within the bound', () => {
    const busiest = week(
      Array.from({ length: 7 }, (_, d) => open([`0${d}:00`, `1${d}:00`], [`1${d}:30`, `2${d % 4}:45`])),
      true,
    );
    expect(hoursToText(busiest).length).toBeLessThanOrEqual(OPENING_HOURS_MAX);
  });

  it('the warning of unreadable hours names the kept text', () => {
    const a = attraction('Mo-Fr 9-5 mostly');
    expect(unreadableHoursOf(a, [{ field: 'osmOpeningHours', code: 'opening_hours_unreadable' }])).toBe(
      'Mo-Fr 9-5 mostly',
    );
    expect(unreadableHoursOf(a, [])).toBeNull();
  });
});

describe('the shortcuts', () => {
  const base = forms['a lunch break on weekdays']!.form;
  it('same as the day before, in the week as shown', () => {
    expect(sameAsPrevious(base, 6, weekOrder(0)).days[6]).toEqual(base.days[5]);
    // A week from Monday: Sunday comes after Saturday; Monday has no day before it.
    expect(sameAsPrevious(base, 0, weekOrder(1)).days[0]).toEqual(base.days[6]);
    expect(sameAsPrevious(base, 1, weekOrder(1))).toBe(base);
  });

  it('copy to all days, each its own copy', () => {
    const all = copyToAll(base, 2);
    expect(hoursToText(all)).toBe('Mo-Su 09:00-12:30,14:00-18:00');
    all.days[0]!.spans[0]!.from = '07:00';
    expect(all.days[1]!.spans[0]!.from).toBe('09:00');
  });

  it('a break: the lunch hour when the span holds it, else times to type', () => {
    expect(withBreak({ from: '09:00', to: '18:00' })).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '18:00' },
    ]);
    expect(withBreak({ from: '14:00', to: '22:00' })).toEqual([
      { from: '14:00', to: '' },
      { from: '', to: '22:00' },
    ]);
  });

  it('an opened day starts from the nearest open day before it, else 09:00-17:00', () => {
    const form = week([open(['08:00', '15:00']), closed, closed, closed, closed, closed, closed]);
    expect(spansToOpen(form, 3, weekOrder(0))).toEqual([{ from: '08:00', to: '15:00' }]);
    expect(spansToOpen(form, 1, weekOrder(1))).toEqual([{ from: '09:00', to: '17:00' }]);
  });
});

describe('the week as the locale shows it', () => {
  it('Sunday first in Hebrew; the names from Intl', () => {
    expect(firstDayOfWeek('he')).toBe(0);
    expect(weekOrder(firstDayOfWeek('he'))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayNames('he')[0]).toBe('יום ראשון');
    expect(weekdayNames('en')).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it('Monday first where the locale starts there', () => {
    expect(weekOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    // Node's ICU knows week data from Node 20 on (getWeekInfo or weekInfo); Sunday when it does not.
    expect([0, 1]).toContain(firstDayOfWeek('fr'));
    expect(firstDayOfWeek('not a tag')).toBe(0);
  });
});

function attraction(osmOpeningHours: string | null) {
  return {
    id: 1,
    title: 'Museum',
    address: null,
    text: '',
    link: null,
    rate: null,
    lat: 31.77,
    lng: 35.23,
    image: null,
    placeId: null,
    category_id: null,
    subcategory_id: null,
    authorId: 1,
    navigation_address: null,
    osmOpeningHours,
  } as unknown as Parameters<typeof savedAttraction>[0];
}

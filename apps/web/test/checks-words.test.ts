import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECK_CODES, isolateUserText, type TripCheckWarning } from '@rides/contract';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import { checksKeys, isChecksKey } from '../src/features/trip/checks/api';
import { formatDuration } from '../src/features/trip/legs/format';
import { placeWarnings } from '../src/features/trip/checks/place';
import {
  briefWords,
  dayHolidayWords,
  formatDay,
  warningWords,
  type NameOf,
} from '../src/features/trip/checks/words';
import { tripAttractionsKeys } from '../src/lib/trip-keys';

/** The day's warnings as a reader sees them (issue 36 point 3), with the app's own texts in both languages. */
const texts: Record<'he' | 'en', TFunction> = {} as Record<'he' | 'en', TFunction>;
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
const NAMES: Record<string, string> = {
  'attraction:7': 'Israel Museum',
  'attraction:8': 'שוק מחנה יהודה',
  'stay:3': 'Hotel Eden',
};
const names: NameOf = (kind, id) => NAMES[`${kind}:${id}`];

/** One warning of each code, with real dates: Yom Kippur 5787 falls on Monday 21 September 2026. */
const ONE_OF_EACH: TripCheckWarning[] = [
  {
    code: 'closed_at_planned_time',
    dayId: 0,
    activityId: 7,
    details: { date: '2026-09-14', at: '09:00', opensDate: '2026-09-15', opensAt: '10:00' },
  },
  {
    code: 'closes_before_planned_end',
    dayId: 1,
    activityId: 8,
    details: { date: '2026-03-27', at: '13:00', plannedEnd: '14:30', closesAt: '14:00' },
  },
  {
    code: 'closed_on_holiday',
    dayId: 3,
    activityId: 7,
    details: {
      date: '2026-09-21',
      occasion: 'yom_kippur',
      kind: 'holiday',
      fromDate: '2026-09-20',
      fromAt: '18:12',
      toDate: '2026-09-21',
      toAt: '19:18',
    },
  },
  {
    code: 'times_overlap',
    dayId: 1,
    activityId: 8,
    details: { otherActivityId: 7, at: '10:30', otherAt: '10:00', otherEnd: '11:30' },
  },
  {
    code: 'not_enough_time_to_get_there',
    dayId: 1,
    activityId: 8,
    details: { fromId: 7, fromKind: 'attraction', legS: 7200, gapS: 1800, stopsBetween: 0 },
  },
  {
    code: 'day_too_long',
    dayId: 2,
    details: { totalS: 50400, activitiesS: 36000, travelS: 14400, limitS: 43200 },
  },
  { code: 'far_from_nights_stay', dayId: 2, details: { stayId: 3, legS: 7500, limitS: 5400 } },
];

describe("the day's warnings in words", () => {
  it('every code has a problem and an advice in both languages, none a missing key', () => {
    expect(ONE_OF_EACH.map((w) => w.code).sort()).toEqual([...CHECK_CODES].sort());
    for (const lang of ['he', 'en'] as const)
      for (const w of ONE_OF_EACH) {
        const words = warningWords(w, texts[lang], lang, names);
        expect(words.problem).not.toMatch(/checks\.|\{\{/);
        expect(words.advice).not.toMatch(/checks\.|\{\{/);
        expect(words.advice.length).toBeGreaterThan(10);
      }
  });

  it('a closed museum says the day, the time and when it next opens', () => {
    const w = warningWords(ONE_OF_EACH[0] as TripCheckWarning, texts.en, 'en', names);
    expect(plain(w.problem)).toBe(
      'Closed on Monday, September 14 at 09:00, when the visit is planned. It next opens on Tuesday, September 15 at 10:00.',
    );
    const he1 = warningWords(ONE_OF_EACH[0] as TripCheckWarning, texts.he, 'he', names);
    expect(plain(he1.problem)).toBe(
      'סגור ביום שני, 14 בספטמבר בשעה 09:00, כשהביקור מתוכנן. נפתח שוב ביום שלישי, 15 בספטמבר בשעה 10:00.',
    );
  });

  it('closed all day (a stop without a time) and opening later the same day', () => {
    const allDay: TripCheckWarning = {
      code: 'closed_at_planned_time',
      dayId: 0,
      activityId: 7,
      details: { date: '2026-09-14', at: null, opensDate: null, opensAt: null },
    };
    expect(plain(warningWords(allDay, texts.en, 'en', names).problem)).toBe(
      'Closed all day on Monday, September 14.',
    );
    const later: TripCheckWarning = {
      code: 'closed_at_planned_time',
      dayId: 0,
      activityId: 7,
      details: { date: '2026-09-15', at: '08:00', opensDate: '2026-09-15', opensAt: '10:00' },
    };
    expect(plain(warningWords(later, texts.en, 'en', names).problem)).toMatch(/It opens at 10:00\.$/);
  });

  it('Yom Kippur names the holiday and its hours, from the eve to nightfall; Independence Day says it softly', () => {
    const yk = ONE_OF_EACH[2] as TripCheckWarning;
    expect(plain(warningWords(yk, texts.en, 'en', names).problem)).toBe(
      'Yom Kippur: most places in Israel close from Sunday, September 20 at 18:12 until Monday, September 21 at 19:18.',
    );
    expect(plain(warningWords(yk, texts.he, 'he', names).problem)).toBe(
      'יום כיפור: רוב המקומות בישראל סגורים מיום ראשון, 20 בספטמבר בשעה 18:12 עד יום שני, 21 בספטמבר בשעה 19:18.',
    );
    const independence: TripCheckWarning = {
      code: 'closed_on_holiday',
      dayId: 0,
      activityId: 7,
      details: {
        date: '2027-05-12',
        occasion: 'yom_haatzmaut',
        kind: 'national',
        fromDate: '2027-05-11',
        fromAt: '19:33',
        toDate: '2027-05-12',
        toAt: '20:20',
      },
    };
    expect(warningWords(independence, texts.en, 'en', names).problem).toMatch(
      /many businesses in Israel close/,
    );
  });

  it('names the other stop, isolated so a Hebrew name keeps its direction', () => {
    const w = warningWords(ONE_OF_EACH[4] as TripCheckWarning, texts.en, 'en', names);
    expect(w.problem).toContain(isolateUserText('Israel Museum'));
    expect(plain(w.problem)).toBe(
      'The way here from Israel Museum takes 2 h, but only 30 min are left between them.',
    );
    const noGap: TripCheckWarning = {
      ...(ONE_OF_EACH[4] as TripCheckWarning & { code: 'not_enough_time_to_get_there' }),
      details: { fromId: 99, fromKind: 'stay', legS: 600, gapS: -300, stopsBetween: 2 },
    };
    expect(plain(warningWords(noGap, texts.en, 'en', names).problem)).toBe(
      'The way here from the stay takes 10 min, and no time is left between them. That counts 2 stops on the way, at least a quarter of an hour each.',
    );
    const far = plain(warningWords(ONE_OF_EACH[6] as TripCheckWarning, texts.he, 'he', names).problem);
    expect(far).toContain('אל Hotel Eden ללילה');
    expect(far).toContain(`אורכת ${plain(formatDuration(7500, texts.he, 'he'))}`);
  });

  it('a long day gives its parts and the limit', () => {
    expect(plain(warningWords(ONE_OF_EACH[5] as TripCheckWarning, texts.en, 'en', names).problem)).toBe(
      'This day takes 14 h (10 h of visits and 4 h of travel), more than 12 h.',
    );
  });

  it('a date is a calendar day in either language, whatever the zone', () => {
    expect(formatDay('2026-03-27', 'en')).toBe('Friday, March 27');
    expect(formatDay('2026-03-27', 'he')).toBe('יום שישי, 27 במרץ');
  });
});

describe('where the warnings go', () => {
  it("an activity's on its card in the day named, the rest on the day; each day counts all of its own", () => {
    const placed = placeWarnings(ONE_OF_EACH);
    expect(placed.onCards.get('1:8')?.map((w) => w.warning.code)).toEqual([
      'closes_before_planned_end',
      'times_overlap',
      'not_enough_time_to_get_there',
    ]);
    expect(placed.onCards.get('0:7')?.map((w) => w.warning.code)).toEqual(['closed_at_planned_time']);
    expect(placed.onCards.get('3:7')?.map((w) => w.warning.code)).toEqual(['closed_on_holiday']);
    expect(placed.onCards.has('0:8')).toBe(false);
    expect(placed.onDays.get(2)?.map((w) => w.warning.code)).toEqual([
      'day_too_long',
      'far_from_nights_stay',
    ]);
    expect([...placed.countByDay.entries()].sort()).toEqual([
      [0, 1],
      [1, 3],
      [2, 2],
      [3, 1],
    ]);
  });

  it('a holiday closing several stops of a day is said once on the day, naming them, and briefly on each card', () => {
    const shabbat = (activityId: number, fromAt: string): TripCheckWarning => ({
      code: 'closed_on_holiday',
      dayId: 6,
      activityId,
      details: {
        date: '2027-05-01',
        occasion: 'shabbat',
        kind: 'shabbat',
        fromDate: '2027-04-30',
        fromAt,
        toDate: '2027-05-01',
        toAt: '19:59',
      },
    });
    const placed = placeWarnings([shabbat(7, '19:01'), shabbat(8, '19:02'), ...ONE_OF_EACH]);
    expect(placed.onCards.get('6:7')).toEqual([{ warning: shabbat(7, '19:01'), brief: true }]);
    expect(placed.onCards.get('6:8')?.map((c) => c.brief)).toEqual([true]);
    expect(placed.onDays.get(6)).toEqual([{ warning: shabbat(7, '19:01'), activityIds: [7, 8] }]);
    expect(placed.countByDay.get(6)).toBe(2);
    // Alone on its day, Yom Kippur stays in full on its card.
    expect(placed.onCards.get('3:7')).toEqual([{ warning: ONE_OF_EACH[2], brief: false }]);
    expect(placed.onDays.has(3)).toBe(false);

    const day = dayHolidayWords(shabbat(7, '19:01'), [7, 8], texts.en, 'en', names);
    expect(plain(day.problem)).toBe(
      'Shabbat: most places in Israel close from Friday, April 30 at 19:01 until Saturday, May 1 at 19:59. ' +
        'It is about 2 stops of this day: Israel Museum and שוק מחנה יהודה.',
    );
    expect(plain(briefWords(shabbat(8, '19:02'), texts.he).problem)).toBe('שבת: ייתכן שהמקום סגור אז.');
  });

  it("the warnings' key is under the trip's read, so every change of the trip reads them again", () => {
    expect(checksKeys.of(5, 'walk', null).slice(0, 2)).toEqual([...tripAttractionsKeys.of(5)]);
    expect(checksKeys.of(5, 'walk', null)).not.toEqual(checksKeys.of(5, 'drive', null));
  });

  it("the warnings' key is the reader's (their own day limit), and the settings find every trip's", () => {
    expect(checksKeys.of(5, 'walk', 'token-a')).not.toEqual(checksKeys.of(5, 'walk', 'token-b'));
    expect(checksKeys.of(5, 'walk', 'token-a')).not.toEqual(checksKeys.of(5, 'walk', null));
    expect(isChecksKey(checksKeys.of(5, 'walk', 'token-a'))).toBe(true);
    expect(isChecksKey(checksKeys.of(9, 'transit', null))).toBe(true);
    // The trip's own read and its legs are not the warnings.
    expect(isChecksKey(tripAttractionsKeys.of(5))).toBe(false);
    expect(isChecksKey([...tripAttractionsKeys.of(5), 'legs', 'walk'])).toBe(false);
    expect(isChecksKey(['trip_money', 5, 'checks'])).toBe(false);
  });
});

import type { TFunction } from 'i18next';
import { isolateUserText, type TripCheckWarning } from '@rides/contract';
import { formatDuration } from '../legs/format';

/**
 * A warning in the reader's language (issue 36 point 3): what is wrong, and what to do about it. The words are the
 * `checks` texts; durations the legs' own words ("1 h 5 min"); a date the language's weekday and day ("Monday 14
 * September"); times as the server gives them, the place's wall clock. Names of the trip's places come from the page
 * (`nameOf`), isolated as user text so a Hebrew name keeps its direction in an English sentence. Pure.
 */
export interface WarningWords {
  problem: string;
  advice: string;
}

export type NameOf = (kind: 'attraction' | 'stay', id: number) => string | undefined;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Monday, September 21" / "יום שני, 21 בספטמבר": a YYYY-MM-DD date as a calendar day (no time zone moves it). */
export function formatDay(date: string, lang: string): string {
  const locale = lang === 'he' ? 'he-IL' : 'en-US';
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, f);
  }
  return f.format(new Date(`${date}T12:00:00Z`));
}

/**
 * A holiday said on the card of one of several stops it closes that day, the day saying it in full: "Shabbat: it may be
 * closed then."
 */
export function briefWords(w: TripCheckWarning, t: TFunction): WarningWords {
  if (w.code !== 'closed_on_holiday') throw new Error(`no brief words for ${w.code}`);
  return {
    problem: t('checks.holiday.brief', { occasion: t(`checks.occasions.${w.details.occasion}`) }),
    advice: t('checks.holiday.briefAdvice'),
  };
}

/** A holiday that closes several stops of the day, said once on the day: its hours and the stops it closes. */
export function dayHolidayWords(
  w: TripCheckWarning,
  activityIds: readonly number[],
  t: TFunction,
  lang: string,
  nameOf: NameOf,
): WarningWords {
  const words = warningWords(w, t, lang, nameOf);
  const names = activityIds.map((id) => {
    const n = nameOf('attraction', id);
    return n ? isolateUserText(n) : t('checks.anActivity');
  });
  const list = new Intl.ListFormat(lang === 'he' ? 'he' : 'en', { type: 'conjunction' }).format(names);
  return {
    ...words,
    problem: `${words.problem} ${t('checks.holiday.stops', { count: names.length, list })}`,
  };
}

export function warningWords(w: TripCheckWarning, t: TFunction, lang: string, nameOf: NameOf): WarningWords {
  const name = (kind: 'attraction' | 'stay', id: number) => {
    const n = nameOf(kind, id);
    return n ? isolateUserText(n) : t(kind === 'stay' ? 'checks.aStay' : 'checks.anActivity');
  };
  const duration = (s: number) => formatDuration(s, t, lang);
  switch (w.code) {
    case 'closed_at_planned_time': {
      const d = w.details;
      const day = formatDay(d.date, lang);
      const problem =
        d.at === null
          ? t('checks.closedAllDay.problem', { day })
          : t('checks.closedAt.problem', { day, at: d.at });
      const opens =
        d.opensDate && d.opensAt
          ? t(d.opensDate === d.date ? 'checks.closedAt.opensSameDay' : 'checks.closedAt.opensOn', {
              at: d.opensAt,
              day: formatDay(d.opensDate, lang),
            })
          : '';
      return {
        problem: opens ? `${problem} ${opens}` : problem,
        advice: t(d.at === null ? 'checks.closedAllDay.advice' : 'checks.closedAt.advice'),
      };
    }
    case 'closes_before_planned_end':
      return {
        problem: t('checks.closesBeforeEnd.problem', {
          closesAt: w.details.closesAt,
          at: w.details.at,
          plannedEnd: w.details.plannedEnd,
        }),
        advice: t('checks.closesBeforeEnd.advice'),
      };
    case 'closed_on_holiday': {
      const d = w.details;
      const occasion = t(`checks.occasions.${d.occasion}`);
      const span = {
        occasion,
        from: t('checks.when', { day: formatDay(d.fromDate, lang), at: d.fromAt }),
        to: t('checks.when', { day: formatDay(d.toDate, lang), at: d.toAt }),
      };
      return d.kind === 'national'
        ? { problem: t('checks.holiday.nationalProblem', span), advice: t('checks.holiday.nationalAdvice') }
        : { problem: t('checks.holiday.problem', span), advice: t('checks.holiday.advice') };
    }
    case 'times_overlap':
      return {
        problem: t('checks.overlap.problem', {
          at: w.details.at,
          other: name('attraction', w.details.otherActivityId),
          otherAt: w.details.otherAt,
          otherEnd: w.details.otherEnd,
        }),
        advice: t('checks.overlap.advice'),
      };
    case 'not_enough_time_to_get_there': {
      const d = w.details;
      const problem = t(d.gapS > 0 ? 'checks.notEnoughTime.problem' : 'checks.notEnoughTime.noGapProblem', {
        from: name(d.fromKind, d.fromId),
        leg: duration(d.legS),
        gap: duration(d.gapS),
      });
      return {
        problem:
          d.stopsBetween > 0
            ? `${problem} ${t('checks.notEnoughTime.stopsBetween', { count: d.stopsBetween })}`
            : problem,
        advice: t('checks.notEnoughTime.advice'),
      };
    }
    case 'day_too_long':
      return {
        problem: t('checks.dayTooLong.problem', {
          total: duration(w.details.totalS),
          activities: duration(w.details.activitiesS),
          travel: duration(w.details.travelS),
          limit: duration(w.details.limitS),
        }),
        advice: t('checks.dayTooLong.advice'),
      };
    case 'far_from_nights_stay':
      return {
        problem: t('checks.farFromStay.problem', {
          stay: name('stay', w.details.stayId),
          leg: duration(w.details.legS),
        }),
        advice: t('checks.farFromStay.advice'),
      };
  }
}

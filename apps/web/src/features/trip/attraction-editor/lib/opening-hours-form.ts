/**
 * The attraction editor's opening hours as a form (issue 36 point 2, decision 0070): a week of days, each closed or open
 * in one or two spans (a lunch break), "open 24/7", and "closed on public holidays", written as OpenStreetMap's
 * `opening_hours` text (`Su-Th 09:00-17:00; Fr 09:00-13:00; Sa off; PH off`) and read back from it when the text says
 * nothing more than the form can show. Pure: no React, no locale files (the weekday names come from Intl).
 *
 * Reading is exact or nothing: a text is shown as a form only when every rule in it is one the form has (weekdays and
 * times, `off`, `24/7`, a last `PH off`), applied as OpenStreetMap applies `;` rules (a later rule replaces the days it
 * names; a day no rule names is closed). Anything else (months, sunrise, comments, `||`, a third span...) stays text.
 */

/**
 * A span of a day, 'HH:MM' each ('' while a time is being typed). A `to` of '00:00' is midnight at the day's end. A span
 * ends by midnight: in the syntax a span past it (`Mo 20:00-02:00`) is cut by any later rule naming the next day, so a
 * form of separate days cannot promise it; hours after midnight are the next day's, from 00:00.
 */
export interface TimeSpan {
  from: string;
  to: string;
}

/** One day: open in its spans, or closed (its spans kept, so opening it again brings them back). */
export interface DayHours {
  open: boolean;
  spans: TimeSpan[];
}

export interface HoursForm {
  /** Open 24/7: the days are kept (turning it off brings them back) but not written. */
  always: boolean;
  /** Seven days, index 0 Sunday as Date#getDay. */
  days: DayHours[];
  /** Closed on public holidays (`PH off`). */
  holidaysOff: boolean;
}

/** The most spans a day has in the form (one, or two around a break). */
export const MAX_SPANS = 2;

/** OpenStreetMap's weekday abbreviations, index 0 Sunday. */
const OSM_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

export const DEFAULT_SPAN: TimeSpan = { from: '09:00', to: '17:00' };

/** What "add opening hours" starts from: every day 09:00-17:00. */
export const defaultHours = (): HoursForm => ({
  always: false,
  days: Array.from({ length: 7 }, () => ({ open: true, spans: [{ ...DEFAULT_SPAN }] })),
  holidaysOff: false,
});

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const isClock = (s: string) => CLOCK.test(s);

/** What is wrong with a span: a time missing or the same twice (but 00:00-00:00, all day), or an end past midnight. */
export type SpanProblem = 'opening_hours_time_missing' | 'opening_hours_past_midnight';

export function spanProblem(s: TimeSpan): SpanProblem | null {
  if (!isClock(s.from) || !isClock(s.to) || (s.from === s.to && s.from !== '00:00'))
    return 'opening_hours_time_missing';
  if (s.to < s.from && s.to !== '00:00') return 'opening_hours_past_midnight';
  return null;
}

/** A span as the text has it; null while it has a problem (it is left out until it is fixed). */
function spanText(s: TimeSpan): string | null {
  if (spanProblem(s) !== null) return null;
  // Midnight at the end of the day is 24:00 in the syntax (00:00-24:00 is the whole day).
  return `${s.from}-${s.to === '00:00' ? '24:00' : s.to}`;
}

/** A day as the text says it: its spans, or `off` (also an open day none of whose spans is complete yet). */
function dayText(d: DayHours): string {
  if (!d.open) return 'off';
  const spans = d.spans.map(spanText).filter((s): s is string => s !== null);
  return spans.length === 0 ? 'off' : spans.join(',');
}

/**
 * The days of a set as the syntax's selector: runs of consecutive days (round the week: Sa-Mo) as ranges, joined by
 * commas, the runs in the week's order from Sunday; the whole week is Mo-Su.
 */
function selectorOf(days: number[]): { text: string; first: number } {
  const set = new Set(days);
  if (set.size === 7) return { text: 'Mo-Su', first: 0 };
  const runs: string[] = [];
  let first = 7;
  for (let d = 0; d < 7; d++) {
    if (!set.has(d) || set.has((d + 6) % 7)) continue;
    first = Math.min(first, d);
    let end = d;
    while (set.has((end + 1) % 7)) end = (end + 1) % 7;
    runs.push(end === d ? OSM_DAYS[d]! : `${OSM_DAYS[d]!}-${OSM_DAYS[end]!}`);
  }
  return { text: runs.join(','), first };
}

/**
 * The form as OpenStreetMap's text: days with the same hours in one rule (consecutive days as a range), the rules in
 * the order of their first day from Sunday, closed days said (`Sa off`), then `PH off` when holidays are closed.
 */
export function hoursToText(form: HoursForm): string {
  const rules: string[] = [];
  if (form.always) rules.push('24/7');
  else {
    const groups = new Map<string, number[]>();
    form.days.forEach((d, i) => {
      const key = dayText(d);
      groups.set(key, [...(groups.get(key) ?? []), i]);
    });
    const ordered = [...groups].map(([hours, days]) => ({ hours, ...selectorOf(days) }));
    ordered.sort((a, b) => a.first - b.first);
    for (const r of ordered) rules.push(`${r.text} ${r.hours}`);
  }
  if (form.holidaysOff) rules.push('PH off');
  return rules.join('; ');
}

const DAY = '(?:Su|Mo|Tu|We|Th|Fr|Sa)';
const SELECTOR = new RegExp(`^${DAY}(?:-${DAY})?(?:,${DAY}(?:-${DAY})?)*$`);
const TIME = '(?:[01]\\d|2[0-4]):[0-5]\\d';
const SPANS = new RegExp(`^${TIME}-${TIME}(?:,${TIME}-${TIME})*$`);

/** The days a selector names (Fr-Mo goes round the week). */
function daysOf(selector: string): number[] {
  const out = new Set<number>();
  for (const part of selector.split(',')) {
    const [a, b = a] = part.split('-').map((d) => OSM_DAYS.indexOf(d as (typeof OSM_DAYS)[number]));
    for (let d = a!; ; d = (d + 1) % 7) {
      out.add(d);
      if (d === b) break;
    }
  }
  return [...out];
}

/**
 * A text's spans as the form's, or null when the form cannot show them (24:00 as a start, an empty span, a span past
 * midnight, a third span).
 */
function spansOf(text: string): TimeSpan[] | null {
  const spans: TimeSpan[] = [];
  for (const part of text.split(',')) {
    const [from = '', to = ''] = part.split('-');
    if (from.startsWith('24') || (to.startsWith('24') && to !== '24:00')) return null;
    const end = to === '24:00' ? '00:00' : to;
    const span = { from, to: end };
    if (spanProblem(span) !== null) return null;
    spans.push(span);
  }
  return spans.length > MAX_SPANS ? null : spans;
}

/**
 * The form a text shows, or null when the text says more than the form can (or is not the syntax at all): the caller
 * then keeps it as text. '' (no hours) is null too; the field tells the two apart by the text.
 */
export function textToHours(text: string): HoursForm | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const rules = trimmed.split(/\s*;\s*/);
  const days: DayHours[] = Array.from({ length: 7 }, () => ({ open: false, spans: [] }));
  let holidaysOff = false;
  let always = false;
  for (const [i, rule] of rules.entries()) {
    // Nothing may follow `PH off`: a later weekday rule would open the holidays it falls on again.
    if (holidaysOff) return null;
    if (/^PH\s+(?:off|closed)$/.test(rule)) {
      holidaysOff = true;
      continue;
    }
    if (rule === '24/7') {
      for (const d of days) Object.assign(d, { open: true, spans: [{ from: '00:00', to: '00:00' }] });
      always = i === 0;
      continue;
    }
    always = false;
    const m = /^(?:(\S+)\s+)?(\S+)$/.exec(rule);
    if (!m) return null;
    const [, selector, hours = ''] = m;
    if (selector !== undefined && !SELECTOR.test(selector)) return null;
    const named = selector === undefined ? [0, 1, 2, 3, 4, 5, 6] : daysOf(selector);
    if (hours === 'off' || hours === 'closed') {
      for (const d of named) days[d] = { open: false, spans: [] };
      continue;
    }
    if (!SPANS.test(hours)) return null;
    const spans = spansOf(hours);
    if (spans === null) return null;
    for (const d of named) days[d] = { open: true, spans: spans.map((s) => ({ ...s })) };
  }
  if (always) return { always: true, days: defaultHours().days, holidaysOff };
  return { always: false, days, holidaysOff };
}

/** Whether the form can show the text ('' can: it is no hours). */
export const formCanShow = (text: string): boolean => text.trim() === '' || textToHours(text) !== null;

/** The open days (when not 24/7) with a span that has a problem, and the first problem of each. */
export function dayProblems(form: HoursForm): Map<number, SpanProblem> {
  const out = new Map<number, SpanProblem>();
  if (form.always) return out;
  form.days.forEach((d, i) => {
    const problem = d.open ? d.spans.map(spanProblem).find((p) => p !== null) : undefined;
    if (problem) out.set(i, problem);
  });
  return out;
}

const copyDay = (d: DayHours): DayHours => ({ open: d.open, spans: d.spans.map((s) => ({ ...s })) });

/** The form with one day replaced. */
export const withDay = (form: HoursForm, day: number, hours: DayHours): HoursForm => ({
  ...form,
  days: form.days.map((d, i) => (i === day ? hours : d)),
});

/** "Same as the day before": the day takes the hours of the day shown above it (`order`: the week as shown). */
export function sameAsPrevious(form: HoursForm, day: number, order: readonly number[]): HoursForm {
  const at = order.indexOf(day);
  if (at <= 0) return form;
  return withDay(form, day, copyDay(form.days[order[at - 1]!]!));
}

/** "Copy to all days": every day takes this day's hours. */
export const copyToAll = (form: HoursForm, day: number): HoursForm => ({
  ...form,
  days: form.days.map(() => copyDay(form.days[day]!)),
});

/**
 * A span split by a break: the lunch hour (12:00-13:00) when the span holds it, else the break's times left to type.
 */
export function withBreak(s: TimeSpan): TimeSpan[] {
  const holdsLunch =
    isClock(s.from) && isClock(s.to) && s.from < '12:00' && (s.to > '13:00' || s.to === '00:00');
  return holdsLunch
    ? [
        { from: s.from, to: '12:00' },
        { from: '13:00', to: s.to },
      ]
    : [
        { from: s.from, to: '' },
        { from: '', to: s.to },
      ];
}

/** The spans an opened day starts with: its own kept ones, else the nearest open day's before it, else 09:00-17:00. */
export function spansToOpen(form: HoursForm, day: number, order: readonly number[]): TimeSpan[] {
  const own = form.days[day]!.spans;
  if (own.length > 0) return own.map((s) => ({ ...s }));
  const at = order.indexOf(day);
  for (let i = at - 1; i >= 0; i--) {
    const d = form.days[order[i]!]!;
    if (d.open && d.spans.length > 0) return d.spans.map((s) => ({ ...s }));
  }
  return [{ ...DEFAULT_SPAN }];
}

/** The week as a locale shows it, from its first day (0 Sunday ... 6 Saturday). */
export const weekOrder = (firstDay: number): number[] =>
  Array.from({ length: 7 }, (_, i) => (firstDay + i) % 7);

/** The locale's first day of the week (Intl's week info where the browser has it; else Sunday, as in he and en-US). */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    // Intl counts 1 Monday ... 7 Sunday.
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay % 7;
  } catch {
    // An unknown tag: Sunday.
  }
  return 0;
}

/** The days' names in a language, index 0 Sunday ("יום ראשון", "Sunday"). */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2023 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2023, 0, 1 + i)));
}

/**
 * The field's state in the editor: `text` is what is saved (the attraction's own text until the form is changed, so a
 * text the form reads differently, e.g. `Mo-Fr 09:00-17:00` without `Sa-Su off`, stays as it was); `form` is the form
 * as last shown or edited (kept while the hours are edited as text or removed, so going back loses nothing); `asText`
 * is the text box instead of the form (the only way for a text the form cannot show).
 */
export interface HoursValue {
  text: string;
  form: HoursForm | null;
  asText: boolean;
}

/** The field for a kept text (null: none). */
export function hoursValueOf(text: string | null): HoursValue {
  const kept = text ?? '';
  const form = textToHours(kept);
  return { text: kept, form, asText: kept.trim() !== '' && form === null };
}

/** The field after an edit in the form: the text is written from it. */
export const fromForm = (form: HoursForm): HoursValue => ({ text: hoursToText(form), form, asText: false });

/**
 * Back from the text to the form: the kept form while the text is still the one it wrote (an incomplete span typed in
 * it stays), else the text read again; null when the form cannot show the text.
 */
export function backToForm(v: HoursValue): HoursValue | null {
  if (v.text.trim() === '') return { ...v, asText: false };
  if (v.form !== null && hoursToText(v.form) === v.text) return { ...v, asText: false };
  const form = textToHours(v.text);
  return form === null ? null : { text: v.text, form, asText: false };
}

/**
 * The field's own problem before a save: longer than the syntax's bound (form or text), or in the form a day's span
 * with a time missing or ending past midnight (the first such day in the week from Sunday).
 */
export function hoursProblem(v: HoursValue, max: number): SpanProblem | 'attraction_field_too_long' | null {
  if (v.text.trim().length > max) return 'attraction_field_too_long';
  if (v.asText || v.text.trim() === '' || v.form === null) return null;
  return dayProblems(v.form).values().next().value ?? null;
}

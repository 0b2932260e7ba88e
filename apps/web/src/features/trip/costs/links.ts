import type { ExpenseDraft } from './draft';

/**
 * What an expense can belong to (issue 35 point 1: "optionally the activity or stay it belongs to"): the trip's
 * activities, day by day, and its own stays (not the original trip's suggestions: the server accepts only the trip's
 * own). Pure: the form's choices and the draft's link, tested in test/costs.test.ts.
 */
export interface LinkChoice {
  /** "a:<attraction id>" or "s:<stay id>". */
  value: string;
  label: string;
}

interface TripDay {
  daily_attractions: readonly { id: number; title: string }[];
  accommodation: { id: number; name: string } | null;
}

/** The choices in the trip's order, each once: a day's activities, then its night's stay. */
export function linkChoices(days: readonly TripDay[], dayLabel: (n: number) => string): LinkChoice[] {
  const seen = new Set<string>();
  const choices: LinkChoice[] = [];
  const add = (value: string, label: string) => {
    if (seen.has(value)) return;
    seen.add(value);
    choices.push({ value, label });
  };
  days.forEach((day, i) => {
    for (const a of day.daily_attractions) add(`a:${a.id}`, `${dayLabel(i + 1)} · ${a.title}`);
    if (day.accommodation) add(`s:${day.accommodation.id}`, day.accommodation.name);
  });
  return choices;
}

/** The draft's link as a choice's value ('' for none). */
export const linkValue = (draft: Pick<ExpenseDraft, 'stayId' | 'activityId'>): string =>
  draft.activityId !== undefined
    ? `a:${draft.activityId}`
    : draft.stayId !== undefined
      ? `s:${draft.stayId}`
      : '';

/** The draft linked to the chosen activity or stay (or to nothing). */
export function withLink<D extends ExpenseDraft>(draft: D, value: string): D {
  const { stayId: _stay, activityId: _activity, ...rest } = draft;
  const m = /^([as]):(\d+)$/.exec(value);
  if (!m) return rest as D;
  return { ...rest, ...(m[1] === 'a' ? { activityId: Number(m[2]) } : { stayId: Number(m[2]) }) } as D;
}

import { ApiError } from './api';

/** Per-field error keys of a form. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface SplitErrors<F extends string> {
  fields: FieldErrors<F>;
  /** A message for the whole form, or null. */
  general: string | null;
}

interface SplitOptions<F extends string> {
  /** Server field names that differ from ours, e.g. { rePassword: 'confirm' }. */
  aliases?: Partial<Record<string, F>>;
  /** Codes answered without `errors` that still belong under one field, e.g. { wrong_password: 'password' }. */
  codeFields?: Partial<Record<string, F>>;
}

/**
 * Splits a failed call into messages under fields (Mantine `error` props) and one message for the form.
 * Anything that is not an ApiError is the generic message.
 */
export function splitApiError<F extends string>(
  error: unknown,
  fields: readonly F[],
  options: SplitOptions<F> = {},
): SplitErrors<F> {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'unknown_error' };
  const known = new Set<string>(fields);
  const result: FieldErrors<F> = {};
  let unplaced: string | null = null;
  for (const { field, code } of error.fieldErrors) {
    const target = options.aliases?.[field] ?? (known.has(field) ? (field as F) : undefined);
    if (target && result[target] === undefined) result[target] = code;
    else if (!target) unplaced ??= code;
  }
  const placedAny = Object.keys(result).length > 0;
  if (!placedAny) {
    const target = options.codeFields?.[error.code];
    if (target) return { fields: { [target]: error.code } as FieldErrors<F>, general: null };
  }
  return { fields: result, general: placedAny ? unplaced : (unplaced ?? error.code) };
}

export const hasErrors = <F extends string>(errors: FieldErrors<F>): boolean =>
  Object.values(errors).some(Boolean);

/** Moves focus to the first field marked invalid, after React has drawn the messages. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** Each field's values as one comparable text (a field may hold several values: dates, a party's counts). */
export function snapshotOf<F extends string>(
  values: Partial<Record<F, unknown>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of Object.keys(values) as F[]) out[field] = JSON.stringify(values[field] ?? null);
  return out;
}

/**
 * The messages still to show: a field's message stays while the field holds what it held when the message was given
 * (`at`), and goes as soon as the person changes it (issue 30: messages stayed after the field was fixed). A field
 * whose values the form does not give keeps its message until the next attempt.
 */
export function shownErrors<F extends string>(
  errors: FieldErrors<F>,
  at: Partial<Record<F, string>>,
  values: Partial<Record<F, unknown>>,
): FieldErrors<F> {
  const now = snapshotOf(values);
  const out: FieldErrors<F> = {};
  for (const field of Object.keys(errors) as F[]) {
    const message = errors[field];
    if (!message) continue;
    if (at[field] !== undefined && now[field] !== undefined && at[field] !== now[field]) continue;
    out[field] = message;
  }
  return out;
}

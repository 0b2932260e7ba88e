import { useRef, useState } from 'react';
import {
  focusFirstInvalid,
  hasErrors,
  shownErrors,
  snapshotOf,
  type FieldErrors,
  type SplitErrors,
} from './form-errors';

/**
 * A form's messages (lib/form-errors.ts): per field and for the whole form, and the focus on the first field marked
 * invalid. `check` shows what the form's own checks found and says whether it may be sent; `refuse` shows the
 * server's refusal, as splitApiError divided it.
 *
 * `values` are the form's values per field (a field may name several, e.g. `dates: [start, end]`). A field's message
 * shows only while its values are what they were when the message was given: once the person changes the field the
 * message goes (the next attempt checks it again), for every form through this one place.
 */
export function useFormErrors<F extends string>(values: Partial<Record<F, unknown>> = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [given, setGiven] = useState<{ errors: FieldErrors<F>; at: Partial<Record<F, string>> }>({
    errors: {},
    at: {},
  });
  const [general, setGeneral] = useState<string | null>(null);

  const show = (errors: FieldErrors<F>, changed: Partial<Record<F, unknown>> = {}) =>
    setGiven({ errors, at: snapshotOf({ ...values, ...changed }) });

  /** `changed`: values the form sets together with the messages (a register form clears mismatched passwords). */
  const check = (found: FieldErrors<F>, changed?: Partial<Record<F, unknown>>): boolean => {
    show(found, changed);
    if (!hasErrors(found)) return true;
    focusFirstInvalid(formRef.current);
    return false;
  };

  const refuse = (split: SplitErrors<F>): void => {
    show(split.fields);
    setGeneral(split.general);
    focusFirstInvalid(formRef.current);
  };

  const errors = shownErrors(given.errors, given.at, values);
  return { formRef, errors, general, setGeneral, check, refuse };
}

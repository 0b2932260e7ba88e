import { useRef, useState } from 'react';
import { focusFirstInvalid, hasErrors, type FieldErrors, type SplitErrors } from './form-errors';

/**
 * A form's messages (lib/form-errors.ts): per field and for the whole form, and the focus on the first field marked
 * invalid. `check` shows what the form's own checks found and says whether it may be sent; `refuse` shows the
 * server's refusal, as splitApiError divided it.
 */
export function useFormErrors<F extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const check = (found: FieldErrors<F>): boolean => {
    setErrors(found);
    if (!hasErrors(found)) return true;
    focusFirstInvalid(formRef.current);
    return false;
  };

  const refuse = (split: SplitErrors<F>): void => {
    setErrors(split.fields);
    setGeneral(split.general);
    focusFirstInvalid(formRef.current);
  };

  return { formRef, errors, general, setGeneral, check, refuse };
}

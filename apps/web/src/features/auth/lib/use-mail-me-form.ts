import { useRef, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { focusFirstInvalid, splitApiError } from '../../../lib/form-errors';
import { checkEmail, normaliseEmail } from './validate';

interface Options {
  /** The address already typed elsewhere (the sign-in form), if any. */
  initialEmail?: string;
  /** The server's codes that belong under the email field rather than above the form. */
  emailCodes: readonly string[];
  /** Empty the field once the mail is on its way. */
  clearWhenSent?: boolean;
  /** A refusal the form shows its own way: true when handled (nothing else is shown). */
  onRefusal?: (err: unknown) => boolean;
}

/**
 * The forms that mail the user a link (a password reset, a sign-in link: decision 0052): one email field checked
 * before anything is sent, the server's answer under the field or above the form, "sent" once it is on its way.
 */
export function useMailMeForm(
  request: UseMutationResult<unknown, unknown, { email: string }>,
  { initialEmail = '', emailCodes, clearWhenSent = false, onRefusal }: Options,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    setSent(false);
    const problem = checkEmail(email);
    setError(problem);
    if (problem) {
      focusFirstInvalid(formRef.current);
      return;
    }
    request.mutate(
      { email: normaliseEmail(email) },
      {
        onSuccess: () => {
          if (clearWhenSent) setEmail('');
          setSent(true);
        },
        onError: (err) => {
          if (onRefusal?.(err)) return;
          const split = splitApiError(err, ['email'] as const, {
            codeFields: Object.fromEntries(emailCodes.map((code) => [code, 'email' as const])),
          });
          setError(split.fields.email ?? null);
          setGeneral(split.general);
          focusFirstInvalid(formRef.current);
        },
      },
    );
  };

  return { formRef, email, setEmail, error, general, sent, submit, pending: request.isPending };
}

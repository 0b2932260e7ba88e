import { useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, splitApiError } from '../../../lib/form-errors';
import { useWrite } from '../../../lib/use-write';
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
  request: (body: { email: string }) => Promise<unknown>,
  { initialEmail = '', emailCodes, clearWhenSent = false, onRefusal }: Options,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { run, busy } = useWrite();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    setSent(false);
    const problem = checkEmail(email);
    setError(problem);
    if (problem) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const done = await run(() => request({ email: normaliseEmail(email) }).then(() => true), {
      // The refusal is shown in the form (under the field or above it), not in a toast.
      onError: (err) => {
        if (onRefusal?.(err)) return true;
        const split = splitApiError(err, ['email'] as const, {
          codeFields: Object.fromEntries(emailCodes.map((code) => [code, 'email' as const])),
        });
        setError(split.fields.email ?? null);
        setGeneral(split.general);
        focusFirstInvalid(formRef.current);
        return true;
      },
    });
    if (!done) return;
    if (clearWhenSent) setEmail('');
    setSent(true);
  };

  return { formRef, email, setEmail, error, general, sent, submit, pending: busy };
}

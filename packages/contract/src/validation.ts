import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX } from './constants.js';
import { text, textProblem } from './input-rules.js';

/**
 * Field rules of spec 001 §5 and 002 §5. Each failure's message is a translation key, the same key the
 * server answers as ServerMassageCode and the web shows through locales/*.json.
 */

/** 002 §5: non-space text, an at sign, non-space text, a dot and non-space text. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one email check: returns the error key, or null when valid. Input is trimmed first. */
export function emailProblem(raw: string): 'invalid_email_spaces' | 'invalid_email_format' | null {
  const value = raw.trim();
  if (/\s/.test(value)) return 'invalid_email_spaces';
  // The text rule (input-rules.ts): a control character is never part of an address.
  if (!EMAIL_SHAPE.test(value) || value.length > EMAIL_MAX || textProblem(value))
    return 'invalid_email_format';
  return null;
}

/** Counts characters (code points) as zod's .min() does, so the web and the server agree on '😀😀😀'. */
export function passwordProblem(password: string): 'password_too_short' | null {
  return [...password].length < PASSWORD_MIN ? 'password_too_short' : null;
}

/** Trimmed, lowercased email (app_login lowercases; we do it on every call for one identity per address). */
export const emailField = z
  .string({ error: 'invalid_email_format' })
  .max(EMAIL_MAX + 100, { error: 'invalid_email_format' })
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    const problem = emailProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.toLowerCase());

/**
 * A password is a secret, not text: it is hashed, never stored or shown, so it is kept exactly as typed (no newline
 * normalisation, no control-character rule, which would also lock out whoever chose one); only its length is capped.
 */
export const passwordField = z
  .string({ error: 'password_too_short' })
  .min(PASSWORD_MIN, { error: 'password_too_short' })
  .max(PASSWORD_MAX, { error: 'password_too_long' });

export const userNameField = text({ error: 'user_name_required' })
  .trim()
  .min(1, { error: 'user_name_required' })
  .max(USER_NAME_MAX, { error: 'user_name_too_long' });

export const contactNameField = text({ error: 'name_required' })
  .trim()
  .min(1, { error: 'name_required' })
  .max(USER_NAME_MAX, { error: 'name_too_long' });

export const contactMessageField = text({ error: 'message_required' })
  .trim()
  .min(1, { error: 'message_required' })
  .max(CONTACT_MESSAGE_MAX, { error: 'message_too_long' });

import { z } from 'zod';
import { text } from '../input-rules.js';
import { contactMessageField, contactNameField, emailField } from '../validation.js';

/** contact_form_api (no auth): name, email, phone, message (001 §3, §7). */
export const contactFormBody = z.strictObject({
  name: contactNameField,
  email: emailField,
  phone: text({ error: 'invalid_phone' })
    .trim()
    .max(40, { error: 'invalid_phone' })
    .regex(/^[+\d\s()-]*$/, { error: 'invalid_phone' })
    .optional(),
  message: contactMessageField,
});
export type ContactFormBody = z.input<typeof contactFormBody>;

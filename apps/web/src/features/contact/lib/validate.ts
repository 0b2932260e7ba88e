import { CONTACT_MESSAGE_MAX, emailProblem, USER_NAME_MAX } from '@rides/contract';

export type ContactField = 'name' | 'email' | 'phone' | 'message';
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** The same rules as contactFormBody (001 §5, 002 §5), with the same keys. */
export function checkContact(v: ContactValues): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  const name = v.name.trim();
  if (!name) errors.name = 'name_required';
  else if (name.length > USER_NAME_MAX) errors.name = 'name_too_long';
  const email = emailProblem(v.email);
  if (email) errors.email = email;
  const phone = v.phone.trim();
  if (phone.length > 40 || !/^[+\d\s()-]*$/.test(phone)) errors.phone = 'invalid_phone';
  const message = v.message.trim();
  if (!message) errors.message = 'message_required';
  else if (message.length > CONTACT_MESSAGE_MAX) errors.message = 'message_too_long';
  return errors;
}

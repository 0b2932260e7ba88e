import type { ForPlannersSettings } from '@rides/contract';
import { whatsappHref } from '../../../lib/whatsapp';

/** What "book an intro meeting" does: a link (to another site in a new tab, or a tel:/mailto: draft), or the contact form. */
type ContactAction =
  | { kind: 'calendar' | 'whatsapp'; href: string; newTab: true }
  | { kind: 'phone' | 'email'; href: string; newTab: false }
  | { kind: 'form' };

/** A phone number as a tel: link: digits and a leading plus only. */
export function phoneHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /^\+?\d{7,15}$/.test(digits) ? `tel:${digits}` : null;
}

/**
 * 002 §2.8's order: the calendar link if set; else WhatsApp with the prefilled message; else a phone call; else an
 * e-mail draft; else the contact form. `texts` are the page's own message and mail subject, in the visitor's language,
 * used when the configuration has no message.
 */
export function contactAction(
  settings: ForPlannersSettings | undefined,
  texts: { message: string; subject: string },
): ContactAction {
  if (!settings) return { kind: 'form' };
  if (settings.calendarUrl) return { kind: 'calendar', href: settings.calendarUrl, newTab: true };
  const message = settings.whatsappMessage ?? texts.message;
  const whatsapp = settings.whatsappNumber ? whatsappHref(settings.whatsappNumber, message) : null;
  if (whatsapp) return { kind: 'whatsapp', href: whatsapp, newTab: true };
  const tel = settings.phone ? phoneHref(settings.phone) : null;
  if (tel) return { kind: 'phone', href: tel, newTab: false };
  if (settings.email) {
    const query = `subject=${encodeURIComponent(texts.subject)}&body=${encodeURIComponent(message)}`;
    return { kind: 'email', href: `mailto:${settings.email}?${query}`, newTab: false };
  }
  return { kind: 'form' };
}

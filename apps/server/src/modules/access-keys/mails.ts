import { textsOf, type TextLanguage } from '../../lib/texts.js';
import { letter } from '../../providers/mail/letter.js';

/**
 * The mail to the planner when a client opens the trip for the first time (decision 0028), in the trip's language
 * (the planner wrote it in that language); its words are the locale files' `mail` group.
 */
export function firstOpenMail(
  language: TextLanguage,
  facts: { plannerName: string; clientName: string; clientEmail: string | null; title: string },
  link: string,
) {
  const t = textsOf(language, 'mail');
  const who = facts.clientEmail ? `${facts.clientName} (${facts.clientEmail})` : facts.clientName;
  return letter(
    language,
    t('firstOpen.subject', { client: facts.clientName, title: facts.title }),
    [
      t('greeting', { name: facts.plannerName }),
      t('firstOpen.opened', { who, title: facts.title }),
      t('firstOpen.accessPage'),
      link,
      t('firstOpen.turnOff'),
    ],
    link,
  );
}

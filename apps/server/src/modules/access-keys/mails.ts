import { isolateUserText as own } from '@rides/contract';
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
  // The users' values keep their own direction inside the sentences (an English title in a Hebrew mail).
  const [client, title] = [own(facts.clientName), own(facts.title)];
  const who = facts.clientEmail ? `${client} (${own(facts.clientEmail)})` : client;
  return letter(
    language,
    t('firstOpen.subject', { client, title }),
    [
      t('greeting', { name: own(facts.plannerName) }),
      t('firstOpen.opened', { who, title }),
      t('firstOpen.accessPage'),
      link,
      t('firstOpen.turnOff'),
    ],
    link,
  );
}

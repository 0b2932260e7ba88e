import { isolateUserText as own } from '@rides/contract';
import { textsOf, type TextLanguage } from '../../lib/texts.js';
import { letter } from '../../providers/mail/letter.js';

/**
 * The mail to a copy's owner after their planner pushed the template's updates into it (issue 37 point 4), in the
 * copy's language: how many updates were applied, how many wait for the owner to choose, and the trip's link. Nothing
 * of the changes themselves (the trip page shows them).
 */
export function copyPushMail(
  language: TextLanguage,
  facts: { ownerName: string; title: string; applied: number; waiting: number },
  link: string,
) {
  const t = textsOf(language, 'mail');
  const title = own(facts.title);
  const lines = [
    t('greeting', { name: own(facts.ownerName) }),
    t('copyPush.body', { title, count: facts.applied + facts.waiting }),
  ];
  if (facts.waiting > 0) lines.push(t('copyPush.waiting', { count: facts.waiting }));
  lines.push(t('copyPush.open'), link, t('copyPush.turnOff'));
  return letter(language, t('copyPush.subject', { title: facts.title }), lines, link);
}

import { isolateUserText, type MemberRole } from '@rides/contract';
import { textsOf, type TextLanguage } from '../../lib/texts.js';
import { letter } from '../../providers/mail/letter.js';

/**
 * The invitation mail (issue 33, decision 0063), in the inviter's interface language: who invites, with which role,
 * until when, and the link. No trip content (the invitation page shows none either): the link is the secret.
 */
export function tripInviteMail(
  language: TextLanguage,
  inviterName: string,
  role: MemberRole,
  expiresAt: Date,
  link: string,
) {
  const t = textsOf(language, 'mail');
  const inviter = isolateUserText(inviterName);
  const until = expiresAt.toLocaleDateString(language === 'he' ? 'he-IL' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return letter(
    language,
    t('tripInvite.subject', { inviter: inviterName }),
    [
      t('tripInvite.body', { inviter, role: t(`tripInvite.roles.${role}`), until }),
      link,
      t('tripInvite.ignore'),
    ],
    link,
  );
}

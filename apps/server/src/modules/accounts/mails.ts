import { isolateUserText } from '@rides/contract';
import { textsOf, type TextLanguage } from '../../lib/texts.js';
import { letter } from '../../providers/mail/letter.js';

/** The password reset mail, in the caller's language (its words: the locale files' `mail` group). */
export function resetPasswordMail(language: TextLanguage, userName: string, link: string) {
  const t = textsOf(language, 'mail');
  return letter(
    language,
    t('resetPassword.subject'),
    [
      t('greeting', { name: isolateUserText(userName) }),
      t('resetPassword.body'),
      link,
      t('resetPassword.ignore'),
    ],
    link,
  );
}

/** The sign-in link mail (decision 0052), in the caller's language. */
export function signInLinkMail(language: TextLanguage, userName: string, link: string) {
  const t = textsOf(language, 'mail');
  return letter(
    language,
    t('signInLink.subject'),
    [t('greeting', { name: isolateUserText(userName) }), t('signInLink.body'), link, t('signInLink.ignore')],
    link,
  );
}

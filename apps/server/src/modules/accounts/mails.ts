/**
 * Texts of the mails we send. Mail is rendered on the server, so its strings live here in both languages
 * (the web app's locales cover what the browser shows).
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetPasswordMail(language: 'he' | 'en', userName: string, link: string) {
  const he = language === 'he';
  const subject = he ? 'איפוס הסיסמה שלך' : 'Reset your password';
  const lines = he
    ? [`שלום ${userName},`, 'ביקשת לאפס את הסיסמה. הקישור תקף לשעה אחת ולשימוש אחד:', link, 'אם לא ביקשת, אפשר להתעלם מההודעה.']
    : [`Hello ${userName},`, 'You asked to reset your password. The link works once, for one hour:', link, 'If you did not ask for it, ignore this message.'];
  const dir = he ? 'rtl' : 'ltr';
  const html =
    `<div dir="${dir}">` +
    lines.map((l) => (l === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(l)}</p>`)).join('') +
    '</div>';
  return { subject, text: lines.join('\n\n'), html };
}

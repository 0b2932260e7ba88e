/**
 * The mail to the planner when a client opens the trip for the first time (decision 0028). Mail is rendered on the
 * server, so its strings live here in both languages, as the reset mail's do (accounts/mails.ts); the language is the
 * trip's (the planner wrote it in that language).
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function firstOpenMail(
  language: 'he' | 'en',
  facts: { plannerName: string; clientName: string; clientEmail: string | null; title: string },
  link: string,
) {
  const he = language === 'he';
  const who = facts.clientEmail ? `${facts.clientName} (${facts.clientEmail})` : facts.clientName;
  const subject = he
    ? `${facts.clientName} פתח/ה את הטיול "${facts.title}"`
    : `${facts.clientName} opened "${facts.title}"`;
  const lines = he
    ? [
        `שלום ${facts.plannerName},`,
        `${who} פתח/ה עכשיו לראשונה את הטיול "${facts.title}".`,
        'בדף הגישה של הטיול רואים מי הצטרף, מכמה מכשירים, כמה פעמים ומתי נפתח לאחרונה:',
        link,
        'אפשר לכבות את ההודעות האלה באותו דף.',
      ]
    : [
        `Hello ${facts.plannerName},`,
        `${who} just opened your trip "${facts.title}" for the first time.`,
        "The trip's access page shows who joined, on how many devices, how many times and when they last opened it:",
        link,
        'You can turn these mails off on the same page.',
      ];
  const dir = he ? 'rtl' : 'ltr';
  const html =
    `<div dir="${dir}">` +
    lines
      .map((l) =>
        l === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(l)}</p>`,
      )
      .join('') +
    '</div>';
  return { subject, text: lines.join('\n\n'), html };
}

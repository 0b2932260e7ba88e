import type { TripLanguage } from '@rides/contract';

/**
 * What get_place_ai_information asks the model, and how its answer becomes a description (decision 0020). The model's
 * text is never trusted as HTML: tags and Markdown marks are dropped, what is left is escaped and cut into paragraphs
 * (<p>...</p>), at most AI_TEXT_MAX characters of text. The result still goes through the one HTML policy on store.
 */
export const AI_TEXT_MAX = 2500;

export interface PlaceFacts {
  title: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
}

const LANGUAGE_NAME: Record<TripLanguage, string> = { hebrew: 'Hebrew', english: 'English' };

export function placePrompt(place: PlaceFacts, language: TripLanguage): { system: string; user: string } {
  const lines = [`Place: ${place.title}`];
  if (place.address) lines.push(`Address: ${place.address}`);
  if (place.lat !== null && place.lng !== null)
    lines.push(`Coordinates: ${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`);
  return {
    system:
      `You write short descriptions of places for a trip planner. Write in ${LANGUAGE_NAME[language]} only. ` +
      'Two or three short paragraphs of plain text, no headings, no lists, no Markdown, no HTML, no links: ' +
      'what the place is, what a visitor does there, and one practical tip. If you do not know the place, ' +
      'describe what the name and the area suggest without inventing facts such as prices or opening hours.',
    user: lines.join('\n'),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The model's answer as safe paragraphs; '' when nothing readable is left. */
export function answerToHtml(answer: string): string {
  const plain = answer
    .replace(/\r\n?/g, '\n')
    // Any markup the model sent anyway: tags go, their text stays (a <script>'s content is not text: it goes too).
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?(p|div|br|li|h[1-6])\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    // Markdown: headings, list marks, emphasis, code marks.
    .replace(/^\s{0,3}#{1,6}\s*/gm, '')
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|`)/g, '')
    // Control characters except the new line.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ');
  const paragraphs: string[] = [];
  let length = 0;
  for (const raw of plain.split(/\n\s*\n+/)) {
    const p = raw.replace(/\s+/g, ' ').trim();
    if (p === '') continue;
    const room = AI_TEXT_MAX - length;
    if (room <= 0) break;
    const cut = p.length > room ? `${p.slice(0, room).replace(/\s+\S*$/, '')}…` : p;
    paragraphs.push(cut);
    length += cut.length;
  }
  return paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
}

/** Whether an editor's description has any text (tags, spaces and &nbsp; alone are empty). */
export const hasText = (html: string | null | undefined): boolean =>
  !!html &&
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim() !== '';

import { createHash } from 'node:crypto';
import type { LocalPlaces } from '../../src/providers/places/local/local-source.js';
import type { OwnPlacesReader } from '../../src/providers/places/local/own-places.js';

/**
 * What the gazetteer answers for a fixed set of searches: every keystroke of destination names in both scripts
 * (typos and "place, country" included), in both languages, with and without a point to be near, then the details
 * of every place found. Recorded once into fixtures/gazetteer-answers.json (record-gazetteer-answers.ts) and compared
 * by gazetteer-answers.test.ts: a change of the file format or of how it is read must answer exactly the same.
 */
const NAMES = [
  'רומא', 'ים המלח', 'תל אביב', 'ירושלים', 'אילת', 'פריז', 'ניו יורק', 'הכנרת', 'ראשון לציון', 'זכרון יעקב', 'ירושלמ',
  'תל אבוב', 'רומא איטליה', 'ב', 'Rome', 'Dead Sea', 'Tel Aviv', 'Sea of Galilee', 'Saint Petersburg', 'Jerusalm',
  'new yorx', 'Rome, Italy', 'rome ga', 'Tel-Aviv', 'dead see', 'Lisbn', 'Zürich', 'aviv', 's',
];
/** The gazetteer alone: no database, none of our own places. */
export const noOwnPlaces: OwnPlacesReader = {
  named: async () => [],
  nearby: async () => [],
  find: async () => undefined,
  findByGooglePlaceId: async () => undefined,
};
export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const NEAR = { lat: 31.77, lng: 35.21 };

export const gazetteerQueries = (): string[] =>
  NAMES.flatMap((n) => Array.from({ length: [...n].length }, (_, i) => [...n].slice(0, i + 1).join('')));

export interface RecordedAnswer {
  query: string;
  language: 'hebrew' | 'english';
  near: boolean;
  ids: string[];
  /** sha256 of the whole answer (names, secondary lines, coordinates, kinds). */
  digest: string;
}

const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

export async function gazetteerAnswers(local: LocalPlaces): Promise<{ searches: RecordedAnswer[]; details: Record<string, string> }> {
  const searches: RecordedAnswer[] = [];
  const ids = new Set<string>();
  for (const query of gazetteerQueries()) {
    for (const language of ['hebrew', 'english'] as const) {
      for (const near of [false, true]) {
        const found = await local.autocomplete(query, { language, limit: 10, ...(near ? { near: NEAR } : {}) });
        found.forEach((s) => ids.add(s.id));
        searches.push({ query, language, near, ids: found.map((s) => s.id), digest: digest(found) });
      }
    }
  }
  const details: Record<string, string> = {};
  for (const id of [...ids].sort()) {
    details[id] = digest([await local.details(id, 'hebrew'), await local.details(id, 'english')]);
  }
  return { searches, details };
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reservation } from '@rides/contract';

/**
 * The test set of issue 34's bar (apps/server/test/bookings/corpus/): each document beside its `.expected.json`, the
 * reservations it must give. "Fully correct" is the issue's: the type, each local date and time with its time zone
 * where the document gives one, the numbers, the places; a field the expected file names must come out equal, and
 * every expected reservation must be found. Used by corpus.test.ts (the bar) and bench/bookings (the timing).
 */
export const CORPUS_DIR = join(import.meta.dirname, 'corpus');

export interface CorpusDocument {
  name: string;
  language: 'he' | 'en';
  layer: string;
  bytes: Uint8Array;
  expected: Partial<Reservation>[];
}

export function corpusDocuments(): CorpusDocument[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => !f.endsWith('.json') && !f.endsWith('.mjs'))
    .sort()
    .map((f) => {
      const base = f.replace(/\.[^.]+$/, '');
      const [layer = '', language = ''] = base.split('-');
      const expected = JSON.parse(readFileSync(join(CORPUS_DIR, `${base}.expected.json`), 'utf8')) as {
        reservations: Partial<Reservation>[];
      };
      return {
        name: f,
        layer,
        language: language as 'he' | 'en',
        bytes: new Uint8Array(readFileSync(join(CORPUS_DIR, f))),
        expected: expected.reservations,
      };
    });
}

/** Where `found` differs from what `expected` names (deep; arrays compared whole); [] when it has all of it. */
export function differences(expected: unknown, found: unknown, path = ''): string[] {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (found === null || typeof found !== 'object') return [`${path || '.'}: missing`];
    return Object.entries(expected as Record<string, unknown>).flatMap(([k, v]) =>
      differences(v, (found as Record<string, unknown>)[k], path ? `${path}.${k}` : k),
    );
  }
  return JSON.stringify(expected) === JSON.stringify(found)
    ? []
    : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(found)}`];
}

/** Each expected reservation matched to the found one of its type with the fewest differences. */
export function judge(expected: Partial<Reservation>[], found: Reservation[]): string[] {
  const problems: string[] = [];
  const left = [...found];
  for (const e of expected) {
    const candidates = left
      .filter((f) => f.type === e.type)
      .map((f) => ({ f, d: differences(e, f) }))
      .sort((a, b) => a.d.length - b.d.length);
    const best = candidates[0];
    if (!best) {
      problems.push(`no ${e.type} ${e.number ?? e.reservationNumber ?? e.name ?? ''}`);
      continue;
    }
    left.splice(left.indexOf(best.f), 1);
    problems.push(...best.d.map((d) => `${e.type}: ${d}`));
  }
  // A reservation the document does not have is as wrong as a missing one.
  for (const extra of left) problems.push(`unexpected ${extra.type} ${extra.number ?? extra.name ?? ''}`);
  return problems;
}

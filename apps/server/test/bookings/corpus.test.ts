import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/modules/bookings/read-document.js';
import { corpusDocuments, judge } from './corpus-check.js';

/**
 * Issue 34's bar on its test set (corpus/): at least 40 documents, 20 in Hebrew and 20 in English, every layer and
 * type; at least 95 % read fully correct by the whole import (kind from the bytes, the layers, the airports), and
 * every document with markup, a pass or a barcode read fully correct without an LLM.
 */
const documents = corpusDocuments();
let n = 0;
const makeId = () => `c${++n}`;

describe('the bookings test set', async () => {
  const results = await Promise.all(
    documents.map(async (d) => {
      const reading = await readDocument(d.bytes, { makeId, llm: null });
      return { ...d, reading, problems: judge(d.expected, reading.reservations) };
    }),
  );

  it('has 40 documents or more, 20 in each language, every layer and type', () => {
    expect(documents.length).toBeGreaterThanOrEqual(40);
    expect(documents.filter((d) => d.language === 'he').length).toBeGreaterThanOrEqual(20);
    expect(documents.filter((d) => d.language === 'en').length).toBeGreaterThanOrEqual(20);
    expect(new Set(documents.map((d) => d.layer))).toEqual(
      new Set(['jsonld', 'microdata', 'pkpass', 'bcbp', 'ics', 'mail', 'pdf', 'text']),
    );
    const types = new Set(documents.flatMap((d) => d.expected.map((r) => r.type)));
    expect([...types].sort()).toEqual(['bus', 'car', 'event', 'ferry', 'flight', 'lodging', 'restaurant', 'train']);
  });

  it.each(results.filter((r) => ['jsonld', 'microdata', 'pkpass', 'bcbp'].includes(r.layer)).map((r) => [r.name, r]))(
    'reads %s fully correct (markup, a pass or a barcode: no LLM needed)',
    (_name, r) => {
      expect(r.problems).toEqual([]);
    },
  );

  it('reads at least 95 % of all the documents fully correct', () => {
    const wrong = results.filter((r) => r.problems.length > 0).map((r) => `${r.name}: ${r.problems.join('; ')}`);
    expect(wrong.length / results.length, wrong.join('\n')).toBeLessThanOrEqual(0.05);
  });
});

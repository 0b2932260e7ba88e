import { readAirline } from './flights.js';
import type { Template } from './parse.js';

/** Israir (6H): "Israir", israir.co.il, "ישראייר". */
export const israir: Template = {
  name: 'israir',
  matches: (text) => /israir|ישראייר/i.test(text),
  read: (lines, ctx) => readAirline(lines, { code: '6H', name: 'Israir' }, ctx),
};

import { readAirline } from './flights.js';
import type { Template } from './parse.js';

/** Arkia (IZ): "Arkia", arkia.co.il / arkia.com, "ארקיע". */
export const arkia: Template = {
  name: 'arkia',
  matches: (text) => /arkia|ארקיע/i.test(text),
  read: (lines, ctx) => readAirline(lines, { code: 'IZ', name: 'Arkia' }, ctx),
};

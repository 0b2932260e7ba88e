import { readAirline } from './flights.js';
import type { Template } from './parse.js';

/** El Al (LY): "El Al", elal.com / elal.co.il, "אל על". */
export const elAl: Template = {
  name: 'el-al',
  matches: (text) => /\bel[\s-]?al\b|elal\.(?:co\.il|com)|אל[\s-]על/i.test(text),
  read: (lines, ctx) => readAirline(lines, { code: 'LY', name: 'El Al' }, ctx),
};

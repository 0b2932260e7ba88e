import { ride228 } from './rides-europe-228.js';
import { ride233 } from './rides-europe-233.js';
import { ride72 } from './rides-europe-72.js';
import { ride719 } from './rides-europe-719.js';

/** The demo trips in Europe: Italy (719), France (72), Switzerland and Austria (228), the Low Countries (233). */
export { ride719, ride72, ride228, ride233 };

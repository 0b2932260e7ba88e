import { ride1 } from './rides-israel-1.js';
import { ride183 } from './rides-israel-183.js';
import { ride843 } from './rides-israel-843.js';

/** The demo trips in Israel: the Hebrew base trip (1), the English first-timer's trip (183) and a copy of 1 (843). */
export { ride1, ride183, ride843 };

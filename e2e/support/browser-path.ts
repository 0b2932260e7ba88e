import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set; else Debian's headless shell when installed (the
 * build Playwright itself uses for headless runs: about 15 % less CPU than the full browser on the same specs, and
 * Chromium is four fifths of the suite's CPU; decision 0059); else Debian's full Chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

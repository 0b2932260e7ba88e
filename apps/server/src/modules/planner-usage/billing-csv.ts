import { BILLING_CSV_COLUMNS, type BillingManager } from '@rides/contract';
import { textsOf, type TextLanguage } from '../../lib/texts.js';

/**
 * The billing table as CSV (decision 0038, "CSV made on the server"): a byte-order mark and CRLF so a spreadsheet opens
 * Hebrew names as Hebrew, a header of the reader's column names (the locale group `billingCsv`), one line per planner.
 */

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that a spreadsheet would run
 * as a formula (= + - @, tab or CR first) is prefixed with an apostrophe (OWASP "CSV injection"): a planner's name is
 * theirs to choose.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** How many lines go out in one chunk: a few hundred KB at most, so a large month streams without one big string. */
const LINES_PER_CHUNK = 500;

/** The CSV's text in chunks: the BOM and header first, then the rows, LINES_PER_CHUNK lines at a time. */
export function* billingCsvChunks(
  rows: readonly BillingManager[],
  language: TextLanguage,
): Generator<string> {
  const t = textsOf(language, 'billingCsv');
  yield `\uFEFF${line(BILLING_CSV_COLUMNS.map((c) => t(c)))}`;
  for (let i = 0; i < rows.length; i += LINES_PER_CHUNK)
    yield rows
      .slice(i, i + LINES_PER_CHUNK)
      .map((r) => line(BILLING_CSV_COLUMNS.map((c) => r[c])))
      .join('');
}

import { z } from 'zod';

/**
 * The rules every value a user gives passes, whatever the call (issue 15 points 3 and 5; decision 0025):
 *
 *  - Free text (`text()`): a string whose line ends are normalised (CR LF and a lone CR become LF: old clients' textareas
 *    send CR LF, and one spelling keeps lengths and comparisons the same on every client; the vertical tab and form
 *    feed a word processor puts in copied text for a line or page break become LF too) and that holds no C0 control
 *    character but tab and newline (a NUL cannot be stored in PostgreSQL text; the others are invisible and only ever
 *    come from tampering). Each field chains its own length cap after it (`.max(n, ...)`), never above TEXT_MAX.
 *  - Free-form JSON (`jsonField()`): bounded in depth and size and holding only rule-abiding text, checked by one
 *    iterative walk that stops at the first excess (a 20,000-deep value costs a few steps, never the stack).
 *  - Links (`linkField()`, `normaliseLink()`): only http: and https: with a real host name.
 *
 * Each failure's message is a ServerMassageCode and a translation key (codes.ts, locales): the server answers it per
 * field, the web shows it beside the field.
 */

/** The longest free text any call takes (the rich texts of trips, attractions, stays); shorter fields cap lower. */
export const TEXT_MAX = 20_000;

/** C0 controls other than tab (09) and newline (0A); CR (0D), VT (0B) and FF (0C) are gone by then (newlines). */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f]/;

/** CR LF, a lone CR, VT and FF become LF. */
export const normaliseNewlines = (value: string): string =>
  /[\r\v\f]/.test(value) ? value.replace(/\r\n?|[\v\f]/g, '\n') : value;

/** The one check of free text, after normaliseNewlines: answers the code, or null when the text may be kept. */
export function textProblem(value: string): 'text_has_control_characters' | null {
  return CONTROL_CHARACTER.test(normaliseNewlines(value)) ? 'text_has_control_characters' : null;
}

/**
 * The text with its control characters (but tab and newline) removed, line ends normalised: for text that reaches us
 * encoded (an HTML character reference such as &#1; decodes to a control character), where refusing is not possible.
 */
export const withoutControlCharacters = (value: string): string =>
  normaliseNewlines(value).replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '');

/**
 * A free text field: z.string (with the given type error) through the text rule. Chain `.trim()`, `.min()` and the
 * field's `.max()` after it; the control characters are refused first, so that is the code a user sees.
 */
export const text = (params: { error: string } = { error: 'bad_request' }) =>
  z
    .string(params)
    .overwrite(normaliseNewlines)
    .refine((v) => !CONTROL_CHARACTER.test(v), { error: 'text_has_control_characters' });

// ------------------------------------------------------------------------------------------------ free-form JSON

export interface JsonLimits {
  /** Deepest nesting (a plain value is depth 0, {"a":1} depth 1). */
  maxDepth: number;
  /** Roughly its size as JSON text: keys and strings by their length, every other value counts 8. */
  maxSize: number;
}

/**
 * Answers the problem of a free-form JSON value, or null: json_field_too_large when it is deeper or larger than the
 * limits or holds something JSON cannot (a function, a class instance); text_has_control_characters when a key or a
 * string breaks the text rule. Iterative and stopping early, so hostile nesting costs nothing.
 */
export function jsonProblem(
  value: unknown,
  limits: JsonLimits,
): 'json_field_too_large' | 'text_has_control_characters' | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let size = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof v === 'string') {
      if (textProblem(v)) return 'text_has_control_characters';
      size += v.length + 2;
    } else if (v === null || typeof v === 'number' || typeof v === 'boolean') {
      size += 8;
    } else if (Array.isArray(v) || (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)) {
      if (depth + 1 > limits.maxDepth) return 'json_field_too_large';
      // Every member costs at least 2 (a value and its comma): a huge list is refused before it is walked.
      const keys = Array.isArray(v) ? null : Object.keys(v as object);
      size += 2 + 2 * (keys ? keys.length : (v as unknown[]).length);
      if (size > limits.maxSize) return 'json_field_too_large';
      if (keys) {
        for (const key of keys) {
          if (textProblem(key)) return 'text_has_control_characters';
          size += key.length + 1;
          stack.push({ value: (v as Record<string, unknown>)[key], depth: depth + 1 });
        }
      } else {
        for (const child of v as unknown[]) stack.push({ value: child, depth: depth + 1 });
      }
    } else {
      return 'json_field_too_large';
    }
    if (size > limits.maxSize) return 'json_field_too_large';
  }
  return null;
}

/** A free-form JSON field (any JSON value; undefined is "not sent"), through jsonProblem. */
export const jsonField = (limits: JsonLimits) =>
  z.unknown().superRefine((v, ctx) => {
    if (v === undefined) return;
    const problem = jsonProblem(v, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// ------------------------------------------------------------------------------------------------ links

/** The longest link kept. */
export const LINK_MAX = 2000;

/** A host name with a dot: labels of letters, digits and hyphens (IDN as punycode), a top level of letters (or xn--). */
const REAL_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})\.?$/i;

/**
 * The one link rule (000 §5 "Links get http:// when they have no scheme and lose non-ASCII characters"): characters
 * outside printable ASCII are dropped, a link without a scheme gets http://, and what is left must be an http: or https:
 * address with a real host name (no user name or password in it). Answers the address, '' for an empty value, or null
 * when it is not such an address (javascript:, data:, "http://javascript:alert(1)", "http://localhost", ...).
 */
export function normaliseLink(value: string | null | undefined): string | null {
  const ascii = (value ?? '').replace(/[^\x21-\x7e]/g, '');
  if (ascii === '') return '';
  if (ascii.length > LINK_MAX) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(ascii) ? ascii : `http://${ascii}`;
  // Scheme, "//", the authority (host and port: a user name or password, a backslash or anything else is refused), then
  // the path, query and fragment as typed. Written out rather than through URL, so the web and the server read it alike.
  const m = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(withScheme);
  if (!m) return null;
  const authority = /^([^:]*)(?::(\d{1,5}))?$/.exec(m[2] as string);
  if (!authority || !REAL_HOST.test(authority[1] as string)) return null;
  if (authority[2] !== undefined && Number(authority[2]) > 65_535) return null;
  const host = (authority[1] as string).toLowerCase().replace(/\.$/, '');
  return `${(m[1] as string).toLowerCase()}://${host}${authority[2] !== undefined ? `:${authority[2]}` : ''}${m[3] ?? '/'}`;
}

/** Whether a stored or received link may be shown as one (the same rule; '' and null are "no link"). */
export const isSafeLink = (value: string | null | undefined): value is string => {
  const link = normaliseLink(value);
  return link !== null && link !== '';
};

/**
 * A stored link as it may be shown (written before the rule, or by hand): null when it breaks the link rule; an http(s)
 * address as stored; one without a scheme in its normalised form (so the browser does not read it as a path).
 */
export function linkToShow(value: string | null | undefined): string | null {
  const link = normaliseLink(value);
  if (link === null || link === '') return null;
  return /^https?:\/\//i.test(value as string) ? (value as string) : link;
}

/**
 * A link field: text through the link rule, '' or null as none (null); otherwise the normalised address, or 400
 * invalid_link for anything but an http(s) address with a real host.
 */
export const linkField = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    text()
      .max(LINK_MAX, { error: 'invalid_link' })
      .transform((v, ctx) => {
        const link = normaliseLink(v);
        if (link === null || link === '') {
          ctx.addIssue({ code: 'custom', message: 'invalid_link' });
          return z.NEVER;
        }
        return link;
      })
      .nullable(),
  );

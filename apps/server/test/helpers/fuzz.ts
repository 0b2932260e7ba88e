import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { injectBounded } from './inject-bounded.js';

/**
 * The fuzz of the whole contract (issue 15 "The fuzz stays", decision 0026), shared by test/api/fuzz.test.ts
 * (`npm test`, fixed seeds, a few runs per call) and `npm run bench -- fuzz` (many runs). Nothing here names a
 * call: the calls, their parameters and their bodies are read from the API description the server publishes
 * (/api/docs/json, generated from the contract's zod schemas), so a new call is fuzzed the day it is added.
 *
 * Every generated request mixes values that fit the schema (so that it reaches the service and the database)
 * with hostile ones: NUL and other controls, bidi overrides, 100 KB strings, SQL and HTML, lone surrogates,
 * wrong types, negative, huge (> 2^31, > 2^53) and fractional numbers, deeply nested JSON, malformed JSON, wrong
 * content types, and a Data header (the header some GET calls read their input from) on every call.
 */

/** One parameter of a call, as the API description gives it. */
interface Param {
  name: string;
  schema: JsonSchema;
}

/** One call of the contract. */
export interface Call {
  /** "POST /api/app_login": the name a failure and a skip list use. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with {name} placeholders. */
  path: string;
  pathParams: Param[];
  query: Param[];
  /** The body's media type ('application/json', 'multipart/form-data') and schema, when the call takes one. */
  body?: { type: string; schema: JsonSchema };
}

/** The part of JSON Schema the API description uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every call the server describes under /api (its own description pages aside). */
export async function readCalls(app: FastifyInstance): Promise<Call[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json<OpenApi>();
  const calls: Call[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [verb, op] of Object.entries(operations)) {
      const method = verb.toUpperCase() as Call['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const params = op.parameters ?? [];
      const pick = (where: string) => params.filter((p) => p.in === where).map(({ name, schema }) => ({ name, schema }));
      const [bodyType, bodyContent] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      calls.push({
        name: `${method} ${path}`,
        method,
        path,
        pathParams: pick('path'),
        query: pick('query'),
        ...(bodyType && bodyContent ? { body: { type: bodyType, schema: bodyContent.schema } } : {}),
      });
    }
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------- hostile values

const HUGE = 'x'.repeat(100_000);

/** Strings no field should choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\u202Egnp.exe\u202C',
  '\u2066\u2067\u2068\u2069\u200F\u061C',
  '\uFEFF\u200B',
  '\uD800',
  'a\uDFFFb',
  '😀👨‍👩‍👧‍👦',
  'שלום عربي',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(0); --',
  '" OR ""="',
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}${7*7}',
  '%s%n%x',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://javascript:alert(1)',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '\r\n\r\n',
  HUGE,
];

/** Numbers at and beyond every column's edge. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2147483649,
  2147483647,
  2147483648,
  4294967296,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1e308,
];

/** JSON text nested `depth` times: arrays, objects, or both. */
export function deepJson(depth: number, kind: 'array' | 'object' | 'mixed'): string {
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth);
}

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1))).map(([a, b]) => a + b) },
);

/** A value of any JSON type: what a field of another type receives. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...HOSTILE_NUMBERS),
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(10, 100, 1000).map((depth) => JSON.parse(deepJson(depth, 'mixed')) as unknown),
);

// ---------------------------------------------------------------------------------------------- from schemas

/** Ids that exist in the fuzzed database, so that numbers reach real rows and not only "not found". */
export interface FuzzContext {
  ids: readonly number[];
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A hostile value of any kind: a string, a number at an edge, or a value of another type. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, fc.constantFrom(...HOSTILE_NUMBERS), wrongType);

/**
 * A value for the schema. Two strategies, mixed: a value that fits the schema with one part of it (the value itself,
 * one field, one item) replaced by a hostile value — it passes every rule but the one under attack, so it reaches
 * that rule and everything behind it (the NUL in the one text field of an otherwise good form) — and a value with
 * hostile parts anywhere.
 */
export function valueFor(schema: JsonSchema, ctx: FuzzContext, name = ''): fc.Arbitrary<unknown> {
  const fitting = fittingValue(schema, ctx, 0, false, name);
  const [type] = typesOf(schema);
  // A single value (a path or query parameter): fitting most of the time, so that the rest of the request counts.
  if (type !== 'object' && type !== 'array') {
    const tainted = fc.tuple(fitting, taint).map(([value, change]) => taintStrings(value, change, 1));
    return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: tainted }, { weight: 1, arbitrary: hostileValue });
  }
  const mutated = fc
    .tuple(fitting, fc.nat(), hostileValue, taint, fc.boolean())
    .map(([value, at, replacement, change, tainting]) =>
      replaceOne(value, at, (old) => (tainting && typeof old === 'string' ? change(old) : replacement)),
    );
  const tainted = fc.tuple(fitting, taint, fc.nat()).map(([value, change, mask]) => taintStrings(value, change, mask));
  return fc.oneof(
    { weight: 1, arbitrary: fitting },
    { weight: 3, arbitrary: mutated },
    { weight: 4, arbitrary: tainted },
    { weight: 1, arbitrary: fittingValue(schema, ctx, 0, true) },
  );
}

/**
 * Changes that make a good text hostile. Applied to every string of a value at once, they test every text field
 * of a form in one request (a NUL in any field answered 500 where PostgreSQL stored it).
 */
const taint: fc.Arbitrary<(text: string) => string> = fc.constantFrom(
  (t: string) => `${t}\u0000`,
  (t: string) => `\u0000${t}`,
  (t: string) => `${t.slice(0, 1)}\u0000${t.slice(1)}`,
  (t: string) => `${t}\u0001\u001b`,
  (t: string) => `\u202E${t}\u202C`,
  (t: string) => `${t}\uD800`,
  (t: string) => `${t}'; DROP TABLE users; --`,
  (t: string) => `${t}<script>alert(1)</script>`,
  (t: string) => `${t}${'\u05d0'.repeat(5000)}`,
);

/**
 * `value` with strings changed by `change`: the strings whose number (depth first) is a bit set in `mask`, so that
 * some fields keep a good value (an e-mail address checked first does not hide the text fields behind it).
 */
function taintStrings(value: unknown, change: (text: string) => string, mask: number): unknown {
  let n = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return mask & (1 << (n++ % 31)) ? change(node) : node;
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(value);
}

/** `value` with its leaf or member number `at` (modulo their count, depth first) replaced by `replace(it)`. */
function replaceOne(value: unknown, at: number, replace: (old: unknown) => unknown): unknown {
  const slots: Array<() => void> = [];
  let root = value;
  const walk = (node: unknown, set: (v: unknown) => void) => {
    slots.push(() => set(replace(node)));
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, (v) => (node[i] = v)));
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) walk(record[key], (v) => (record[key] = v));
    }
  };
  walk(value, (v) => (root = v));
  slots[at % slots.length]!();
  return root;
}

/** Values the schema accepts; with `hostile`, hostile values at every level too. */
function fittingValue(schema: JsonSchema, ctx: FuzzContext, depth: number, hostile: boolean, name = ''): fc.Arbitrary<unknown> {
  const value = fittingOnly(schema, ctx, depth, hostile, name);
  return hostile ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: hostileValue }) : value;
}

function fittingOnly(schema: JsonSchema, ctx: FuzzContext, depth: number, hostile: boolean, name: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fittingValue(s, ctx, depth, hostile, name)));
  if (schema.allOf?.length) return fittingValue(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, depth, hostile, name);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const [type] = typesOf(schema);
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(schema, ctx, name);
      case 'integer':
      case 'number':
        return numberFor(schema, ctx, type === 'integer', name);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 4
          ? fc.constant([])
          : fc.array(fittingValue(schema.items ?? {}, ctx, depth + 1, hostile, name), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
      case 'object':
        return depth > 4 ? fc.constant({}) : objectFor(schema, ctx, depth, hostile);
      default:
        // No type (a free-form JSON field such as screen_info): any JSON.
        return fc.jsonValue({ maxDepth: 3 });
    }
  })();
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

/** A calendar date in the formats clients send (M/D/YYYY, DD-MM-YYYY, YYYY-MM-DD). */
const wireDate = fc
  .tuple(fc.integer({ min: 2020, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.nat(2))
  .map(([y, m, d, style]) => {
    const two = (n: number) => String(n).padStart(2, '0');
    return style === 0 ? `${m}/${d}/${y}` : style === 1 ? `${two(d)}-${two(m)}-${y}` : `${y}-${two(m)}-${two(d)}`;
  });
const wireTime = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('AM', 'PM'))
  .map(([h, m, half]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00 ${half}`);

/**
 * Strings for a field. The API description says "string" for addresses, dates and links; their names say more, and
 * a value of the right shape gets the request past that field's rule to the ones behind it.
 */
function stringFor(schema: JsonSchema, ctx: FuzzContext, name: string): fc.Arbitrary<string> {
  if (!schema.pattern) {
    if (/e-?mail/i.test(name) || schema.format === 'email') return fc.emailAddress();
    if (/date|day$/i.test(name)) return wireDate;
    if (/time$/i.test(name)) return wireTime;
    if (/link|url|website/i.test(name)) return fc.webUrl();
  }
  const number = NUMBER_HINTS.find(([pattern]) => pattern.test(name));
  if (number) return number[1].map(String);
  if (/(^|_)id$|[a-z]Id$/.test(name) && !schema.pattern && ctx.ids.length) return fc.constantFrom(...ctx.ids).map(String);
  return plainStringFor(schema, ctx);
}

function plainStringFor(schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    if (pattern) {
      const matching = fc.stringMatching(pattern).filter((s) => s.length <= 2000);
      // A pattern of digits is an id: existing ids too.
      return /\\d/.test(schema.pattern) && ctx.ids.length ? fc.oneof(matching, fc.constantFrom(...ctx.ids).map(String)) : matching;
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

/** Numbers whose name says their range (the API description often gives none). */
const NUMBER_HINTS: ReadonlyArray<[RegExp, fc.Arbitrary<number>]> = [
  [/^(lat|latitude)$/i, fc.double({ min: 29, max: 48, noNaN: true })],
  [/^(lng|lon|longitude)$/i, fc.double({ min: 5, max: 36, noNaN: true })],
  [/radius/i, fc.integer({ min: 1, max: 200 })],
  [/^(limit|offset|page)$/i, fc.integer({ min: 0, max: 50 })],
];

function numberFor(schema: JsonSchema, ctx: FuzzContext, integer: boolean, name: string): fc.Arbitrary<number> {
  const hint = NUMBER_HINTS.find(([pattern]) => pattern.test(name));
  if (hint) return hint[1];
  const min = Math.max(schema.minimum ?? -1e6, -1e6);
  const max = Math.min(schema.maximum ?? 1e6, 1e6);
  const inRange = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
  return ctx.ids.length && integer ? fc.oneof(inRange, fc.constantFrom(...ctx.ids)) : inRange;
}

function objectFor(schema: JsonSchema, ctx: FuzzContext, depth: number, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fittingValue(s, ctx, depth + 1, hostile, key)])),
    { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
  );
  if (!hostile) return known;
  // Now and then a key the schema does not have, and now and then a required key left out.
  return fc
    .tuple(known, fc.option(fc.tuple(hostileString.map((k) => k.slice(0, 100)), wrongType)), fc.option(fc.constantFrom(...Object.keys(properties), 'x')))
    .map(([object, extra, missing]) => {
      const out: Record<string, unknown> = { ...object };
      if (extra) out[extra[0]] = extra[1];
      if (missing !== null) delete out[missing];
      return out;
    });
}

// ---------------------------------------------------------------------------------------------- requests

/** What a client sends for a lone surrogate: U+FFFD (encodeURIComponent would throw). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * The text of a path segment: fitting or hostile, percent-encoded as a client would; now and then raw bytes. Never a
 * dot segment ("..", "%2e"): inject resolves those as a browser would (".../api/x/../../force" is "/force"), so
 * the request would leave /api rather than test it.
 */
function pathSegment(param: Param, ctx: FuzzContext): fc.Arbitrary<string> {
  const notDots = (segment: string) => (/^(?:\.|%2e){1,2}$/i.test(segment) ? `${segment}x` : segment);
  return fc.oneof(
    { weight: 10, arbitrary: valueFor(param.schema, ctx, param.name).map((v) => encodeURIComponent(wellFormed(typeof v === 'string' ? v : JSON.stringify(v) ?? '')).slice(0, 3000)) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%C0%AF', 'x'.repeat(600), '1'.repeat(600)) },
  ).map(notDots);
}

/** A header value a real client can send: latin-1 bytes, no CR, LF or NUL (Node refuses to send those). */
const headerSafe = (text: string) =>
  Buffer.from(text, 'utf8')
    .toString('latin1')
    .split('')
    .filter((c) => c === '\t' || (c >= ' ' && c !== '\x7f'))
    .join('')
    .slice(0, 8000);

function multipart(fields: Record<string, unknown>, file: Uint8Array | undefined, filename: string): { payload: Buffer; type: string } {
  const boundary = '----rides-fuzz-boundary';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, '')}"\r\n\r\n${text}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A body and its content type: fitting the schema (mostly), or of the wrong kind. */
function bodyFor(call: Call, ctx: FuzzContext): fc.Arbitrary<{ payload?: string | Buffer; type?: string }> {
  const schema = call.body?.schema ?? {};
  const value = valueFor(schema, ctx);
  const asJson = value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json' }));
  const asForm = value.map((v) => ({
    payload: new URLSearchParams(
      Object.entries(v && typeof v === 'object' ? v : { v }).map(([k, x]): [string, string] => [k, typeof x === 'string' ? x : JSON.stringify(x) ?? '']),
    ).toString(),
    type: 'application/x-www-form-urlencoded',
  }));
  const asMultipart = fc
    .tuple(value, fc.option(fc.uint8Array({ maxLength: 200 })), hostileString)
    .map(([v, file, filename]) => multipart(v && typeof v === 'object' ? (v as Record<string, unknown>) : { data: v }, file ?? undefined, filename));
  const wrongKind = fc.oneof(
    fc.constantFrom(10, 1000, 20_000).chain((depth) =>
      fc.constantFrom('array', 'object', 'mixed').map((kind) => ({ payload: deepJson(depth, kind as 'array'), type: 'application/json' })),
    ),
    fc.constantFrom('{', '{"a":', '[1,]', 'nul', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}').map((payload) => ({ payload, type: 'application/json' })),
    hostileString.map((payload) => ({ payload, type: 'text/plain' })),
    hostileString.map((payload) => ({ payload, type: 'application/xml' })),
    hostileString.map((payload) => ({ payload, type: 'application/json; charset=utf-16' })),
    asJson.map(({ payload }) => ({ payload })),
    fc.constant({ payload: '--x\r\n\r\n', type: 'multipart/form-data; boundary=x' }),
    fc.constant({ payload: 'a', type: 'multipart/form-data' }),
  );
  const fitting = call.body?.type.startsWith('multipart/') ? asMultipart : asJson;
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: asForm }, { weight: 1, arbitrary: call.body ? asMultipart : asJson }, { weight: 2, arbitrary: wrongKind });
}

/** What the Data header calls read, as their descriptions in the API description say. */
const DATA_HEADER: JsonSchema = {
  type: 'object',
  properties: {
    date: { type: 'string' },
    time: { type: 'string' },
    type: { enum: ['googleAttractions', 'googleRestorant'] },
    language: { enum: ['hebrew', 'english'] },
    source: { enum: ['local', 'google', 'osm'] },
  },
};

export interface FuzzRequest {
  method: Call['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Requests for one call, as one client (`authorization` is its header, or none for a visitor). */
export function requestsFor(call: Call, ctx: FuzzContext, authorization?: string): fc.Arbitrary<FuzzRequest> {
  const segments = fc.tuple(...call.pathParams.map((p) => pathSegment(p, ctx)));
  const query = fc.tuple(
    ...call.query.map((p) =>
      fc.option(
        valueFor(p.schema, ctx, p.name).map((v) => [p.name, typeof v === 'string' ? v : JSON.stringify(v) ?? ''] as const),
        { freq: 3 },
      ),
    ),
    fc.option(fc.tuple(hostileString, hostileString), { freq: 2 }),
  );
  const dataHeader = fc.option(
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      // The keys the Data header calls read (their descriptions), with one value hostile now and then.
      valueFor(DATA_HEADER, ctx).map((v) => JSON.stringify(v) ?? ''),
      hostileString,
      fc.constant(deepJson(2000, 'array')),
    ),
    { freq: 2 },
  );
  const sends = call.method !== 'GET' && call.method !== 'DELETE';
  const body = sends ? fc.option(bodyFor(call, ctx), { freq: 10 }) : fc.constant(null);
  return fc.tuple(segments, query, dataHeader, body).map(([values, pairs, data, sent]) => {
    let i = 0;
    const path = call.path.replace(/\{[^}]+\}/g, () => values[i++] ?? '');
    const search = new URLSearchParams();
    for (const pair of pairs) if (pair) search.append(headerSafe(pair[0]).slice(0, 200) || 'q', pair[1].slice(0, 3000));
    const qs = search.toString();
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    if (data !== null) headers.data = headerSafe(data);
    if (sent?.type) headers['content-type'] = sent.type;
    return { method: call.method, url: qs ? `${path}?${qs}` : path, headers, ...(sent?.payload !== undefined ? { payload: sent.payload } : {}) };
  });
}

// ---------------------------------------------------------------------------------------------- checks

/** Internals an answer must never show: stack frames, SQL and driver errors, server file paths. */
const LEAKS: ReadonlyArray<[string, RegExp]> = [
  // A stack frame, in text or JSON-escaped ("\\n    at f (file:1:2)"), and the messages of JavaScript's own errors.
  ['stack trace', /\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|(?:\n|\\n)\s+at \S+ \(|node:internal|Cannot read propert|is not a function|Maximum call stack/],
  ['SQL', /Failed query|syntax error at or near|violates \w+ constraint|invalid input syntax for|out of range for type|\bselect "|from "\w+"|relation "\w+"|drizzle/i],
  ['file path', /\/work\/|\/home\/|\/tmp\/|\/src\/[\w/.-]+\.[tj]s|node_modules|file:\/\//],
];

/** The one 5xx answer allowed: 503 for a service this installation has not configured (the spec's codes). */
const NOT_CONFIGURED = ['ai_not_configured', 'social_login_not_configured', 'places_not_configured'];

/** What is wrong with an answer (nothing when it is fine). */
export function problemsOf(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  let code: unknown;
  try {
    code = (res.json() as { ServerMassageCode?: unknown }).ServerMassageCode;
  } catch {
    code = undefined;
  }
  if (res.statusCode >= 500 && !(res.statusCode === 503 && NOT_CONFIGURED.includes(code as string))) problems.push(`status ${res.statusCode}`);
  // A redirect (places_photo's image) carries no body to read.
  // A trip's PDF (generate-trip-pdf) is the document itself: no envelope, and compressed bytes, not text to search.
  const document = res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/pdf');
  // A trip's calendar, GPX or KML (ride_export_api), and a trip's expenses as CSV (issue 35), are the file itself: no
  // envelope, but text, searched for leaks below.
  // A trip's event stream (decision 0064) speaks server-sent events, not JSON.
  const events = res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream');
  const file = res.statusCode === 200 && /^(text\/calendar|text\/csv|application\/gpx\+xml|application\/vnd\.google-earth\.kml\+xml);/.test(String(res.headers['content-type']));
  if (typeof code !== 'string' && !(res.statusCode >= 300 && res.statusCode < 400) && !document && !file && !events) problems.push('no ServerMassageCode');
  if (document) return problems;
  for (const [what, pattern] of LEAKS) if (pattern.test(res.body)) problems.push(`${what} in the body`);
  return problems;
}

/** Sends one request, from its own client address so the rate limits do not stop the fuzz early. */
let clients = 0;
export function send(app: FastifyInstance, request: FuzzRequest): Promise<LightMyRequestResponse> {
  clients += 1;
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    remoteAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  return injectBounded(app, options);
}

/** What a failing request looked like, short enough to read in a report. */
export function describeRequest(request: FuzzRequest, res: LightMyRequestResponse): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} characters)` : s);
  const payload = request.payload === undefined ? '' : cut(String(request.payload));
  return `${request.method} ${cut(request.url)} headers=${cut(JSON.stringify(request.headers))} body=${JSON.stringify(payload)} -> ${res.statusCode} ${cut(res.body)}`;
}

/** A stable seed per call, so one call's runs do not change when another call is added. */
export function seedOf(name: string, base: number): number {
  let hash = base | 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash;
}

/**
 * Runs `numRuns` generated requests of one call as one client; answers the failures found (request and answer),
 * at most `maxFailures` of them. No shrinking: a failure is reported as generated.
 */
export async function fuzzCall(
  app: FastifyInstance,
  call: Call,
  opts: {
    ctx: FuzzContext;
    authorization?: string;
    seed: number;
    numRuns: number;
    maxFailures?: number;
    skip?: (req: FuzzRequest) => boolean;
    /** Sees every answer (the bench counts them by status). */
    onAnswer?: (res: LightMyRequestResponse) => void;
  },
): Promise<string[]> {
  const failures: string[] = [];
  const samples = fc.sample(requestsFor(call, opts.ctx, opts.authorization), { seed: opts.seed, numRuns: opts.numRuns });
  for (const request of samples) {
    if (opts.skip?.(request)) continue;
    const res = await send(app, request);
    opts.onAnswer?.(res);
    const problems = problemsOf(res);
    if (problems.length) failures.push(`${problems.join(', ')}: ${describeRequest(request, res)}`);
    if (failures.length >= (opts.maxFailures ?? 3)) break;
  }
  return failures;
}

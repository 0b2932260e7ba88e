import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index.js';
import { isSafeLink, jsonProblem, normaliseLink, text, TEXT_MAX, textProblem } from '../src/input-rules.js';

/**
 * The input rules (decision 0025) hold for EVERY field of every call: the contract's schemas are walked, so a field
 * added without the rules fails here. Every zod schema the contract exports is an input (a body, params, query, header,
 * Data header or field) unless it is one of the answers' shapes listed below.
 */
const OUTPUT_NAME = /(Response|Wire|Item)$/;
const OUTPUTS = new Set([
  'accommodation', 'activityResult', 'attractionAffiliate', 'attractionDetails', 'attractionReview', 'editableAttraction',
  'errorResponse', 'highLevelTripLocation', 'homeRide', 'hotelAffiliate', 'managerAttraction', 'okResponse', 'openingHours',
  'placeDetails', 'placePhoto', 'placeSuggestion', 'ride', 'rideAttraction', 'tripDay', 'tripInformationPermissions',
  'searchAccommodation', 'searchAttraction', 'searchPoint', 'subdomainTheme', 'themeColors', 'tokenClaims', 'userInfo',
  'userRide',
  // one-time-links.ts (decision 0030): the answers' shapes
  'oneTimeAccessData', 'rideSubdomainSettings',
  // device-management.ts (decision 0035): the answers' shapes
  'suspiciousUser', 'userDevice', 'deviceAnalysis',
  // calls/photos.ts (decision 0037): the answers' shapes
  'photoPlace', 'locationAnalitics', 'photoLocation',
  // calls/attraction-uniqueness.ts (decision 0040): the answers' shapes
  'uniquenessAttraction', 'uniquenessGroup', 'uniquenessProposal',
  // planner-usage.ts (decision 0038): the answers' shapes
  'billingManager', 'billingTrip', 'monthlyUse', 'oneTimeAccess', 'oneTimeUsageManager', 'oneTimeUsageTrip',
  'pdfExportManager', 'pdfExportRecord', 'pdfExportTrip',
  // calls/trip-members.ts (decision 0063): the answers' shapes
  'tripMember', 'tripInvite',
  // calls/trip-together.ts (decision 0066): the answers' shapes
  'tripComment', 'tripPerson', 'tripListEntry', 'tripList',
  // calls/bookings.ts (decision 0068): the answers' shapes
  'bookingProblem', 'bookingChange', 'waitingMail', 'previewReservation', 'bookingWire', 'tripDatesWire',
  // calls/expenses.ts (decision 0069): the answers' shapes
  'moneyPerson', 'expenseWire',
  // calls/attraction-editor.ts (decision 0070): the editor answers' warnings
  'editorWarning',
]);

/** Passwords are secrets kept exactly as typed (hashed, never stored or shown as text): only their length is capped. */
const SECRETS = new Set(['passwordField', 'appLoginBody.password', 'registerBody.password', 'registerBody.rePassword', 'resetPasswordBody.newPassword']);

const inputs = Object.entries(contract).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType && !OUTPUT_NAME.test(e[0]) && !OUTPUTS.has(e[0]),
);

type Def = { type: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
/** The object inside wrappers (preprocess, transform, optional, default ...), or null for a single field. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  const def = schema.def as unknown as Def;
  if (def.type === 'pipe') return (def.in && shapeOf(def.in)) ?? (def.out && shapeOf(def.out)) ?? null;
  if (def.innerType) return shapeOf(def.innerType);
  return null;
}

function deepArray(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}
function deepObject(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** What a hostile client sends in a field: every one must be refused, whatever the field. */
const HOSTILE: [string, unknown][] = [
  ['a NUL', 'abc\u0000def'],
  ['a bell', 'abc\u0007'],
  ['an escape', '\u001b[31mred'],
  ['text over the longest cap', 'x'.repeat(TEXT_MAX + 1)],
  ['a NUL in a list', ['a\u0000']],
  ['a NUL in an object', { k: 'a\u0000' }],
  ['a NUL in a key', { 'k\u0000': 'a' }],
  ['an array 20,000 deep', deepArray(20_000)],
  ['an object 20,000 deep', deepObject(20_000)],
  ['a large object', Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key${i}`, 'value'.repeat(4)]))],
];

const hostileFor = (field: string) => (SECRETS.has(field) ? HOSTILE.filter(([, v]) => typeof v !== 'string' || textProblem(v) === null) : HOSTILE);

describe('every input of the contract follows the text rules', () => {
  it('finds the inputs (bodies, params, queries, headers, fields)', () => {
    const names = inputs.map(([n]) => n);
    for (const n of ['appLoginBody', 'registerBody', 'contactFormBody', 'accommodationBody', 'addRideBody', 'categoryDataBody', 'placesAutocompleteQuery', 'googleAttractionHeader'])
      expect(names).toContain(n);
  });

  for (const [name, schema] of inputs) {
    const shape = shapeOf(schema);
    if (shape === null) {
      it(`${name} refuses hostile values`, () => {
        for (const [what, value] of hostileFor(name)) expect(schema.safeParse(value).success, `${name}: ${what}`).toBe(false);
      });
      continue;
    }
    for (const key of Object.keys(shape)) {
      it(`${name}.${key} refuses hostile values with a field issue`, () => {
        for (const [what, value] of hostileFor(`${name}.${key}`)) {
          const result = schema.safeParse({ [key]: value });
          const issues = result.success ? [] : result.error.issues.filter((i) => i.path[0] === key);
          expect(issues.length, `${name}.${key}: ${what} was accepted`).toBeGreaterThan(0);
        }
      });
    }
  }
});

describe('the text rule', () => {
  const field = text().max(50);
  it('keeps tab and newline; a CR LF, a lone CR, a vertical tab or a form feed (pasted line breaks) becomes a newline', () => {
    expect(field.parse('a\tb\nc')).toBe('a\tb\nc');
    expect(field.parse('line 1\r\nline 2\rline 3')).toBe('line 1\nline 2\nline 3');
    expect(field.parse('line 1\vline 2\fline 3')).toBe('line 1\nline 2\nline 3');
    expect(textProblem('a\r\nb')).toBeNull();
  });
  it('refuses NUL and the other C0 controls with text_has_control_characters', () => {
    for (let c = 0; c < 0x20; c++) {
      const ch = String.fromCharCode(c);
      const allowed = ['\t', '\n', '\r', '\v', '\f'].includes(ch);
      expect(textProblem(`a${ch}b`), `U+${c.toString(16)}`).toBe(allowed ? null : 'text_has_control_characters');
      const r = field.safeParse(`a${ch}b`);
      expect(r.success, `U+${c.toString(16)}`).toBe(allowed);
      if (!allowed) expect(r.error?.issues[0]?.message).toBe('text_has_control_characters');
    }
  });
  it('keeps Hebrew, emoji and bidi marks (they are text, not controls)', () => {
    expect(field.parse('שלום 😀 \u200f')).toBe('שלום 😀 \u200f');
  });
});

describe('free-form JSON', () => {
  const limits = { maxDepth: 5, maxSize: 2000 };
  it('takes a small object and refuses depth, size and controls', () => {
    expect(jsonProblem({ width: 390, height: 844, ratio: 3, touch: true, name: 'iPhone' }, limits)).toBeNull();
    expect(jsonProblem(deepArray(6), limits)).toBe('json_field_too_large');
    expect(jsonProblem(deepArray(20_000), limits)).toBe('json_field_too_large');
    expect(jsonProblem({ a: 'x'.repeat(3000) }, limits)).toBe('json_field_too_large');
    expect(jsonProblem(Array.from({ length: 1_000_000 }, () => 0), limits)).toBe('json_field_too_large');
    expect(jsonProblem({ a: ['\u0000'] }, limits)).toBe('text_has_control_characters');
    expect(jsonProblem({ 'a\u0001': 1 }, limits)).toBe('text_has_control_characters');
    expect(jsonProblem(new Date(), limits)).toBe('json_field_too_large');
  });
});

describe('the link rule', () => {
  it('keeps http and https addresses with a real host; adds http:// when there is no scheme', () => {
    expect(normaliseLink('https://www.booking.com/hotel/il/x.html?aid=1#top')).toBe('https://www.booking.com/hotel/il/x.html?aid=1#top');
    expect(normaliseLink('www.hotel.co.il')).toBe('http://www.hotel.co.il/');
    expect(normaliseLink('HTTP://Example.COM/Path')).toBe('http://example.com/Path');
    expect(normaliseLink('  https://www.example.com/חדר ')).toBe('https://www.example.com/');
    expect(normaliseLink('')).toBe('');
    expect(normaliseLink(null)).toBe('');
  });
  it('refuses every other scheme and hosts that are not real', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\u0000script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/x',
      'http://javascript:alert(1)',
      'http://javascript:alert(1)//',
      'http:evil.com',
      'http:\\\\evil.com',
      'https://user:pass@example.com/',
      'http://localhost:3000/',
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://a/',
      'http://' + 'a'.repeat(2000) + '.com',
    ]) {
      expect(normaliseLink(bad), bad).toBeNull();
      expect(isSafeLink(bad), bad).toBe(false);
    }
  });
});

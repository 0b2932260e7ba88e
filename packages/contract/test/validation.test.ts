import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX,
  emailField,
  emailProblem,
  PASSWORD_MIN,
  passwordField,
  passwordProblem,
  textProblem,
} from '../src/index.js';

/**
 * Property tests of the field rules of 001 §5 and 002 §5: the email is trimmed, may hold no space
 * (invalid_email_spaces) and must be non-space text, an at sign, non-space text, a dot and non-space text
 * (invalid_email_format); a password has at least 6 characters (password_too_short).
 */

// Deterministic runs (same cases every time); set FC_SEED to explore other cases.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_121), numRuns: 300 });

/** Every character JavaScript's trim() and \s treat as white space. */
const WHITESPACE = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2003',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];
const whitespace = fc.constantFrom(...WHITESPACE);
const padding = fc.string({ unit: whitespace, maxLength: 3 });

/** One character that is neither white space, an at sign nor a control character (the text rule): ASCII, Hebrew, any other. */
const plainChar = fc
  .oneof(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789._%+-!#$&*=?^`{|}~'"),
    fc.constantFrom(...'אבגדהוזחטיכלמנסעפצקרשת'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  )
  .filter((c) => !/[\s@]/.test(c) && textProblem(c) === null);
const plainText = (maxLength: number) => fc.string({ unit: plainChar, minLength: 1, maxLength });

/** local@domain.tld with no white space or second at sign anywhere. */
const validEmail = fc
  .tuple(plainText(40), plainText(40), plainText(10))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

/** Text with white space inside once trimmed: non-blank, white space, non-blank. */
const withInnerSpace = fc
  .tuple(
    padding,
    fc.string({ maxLength: 20 }),
    plainChar,
    fc.string({ unit: whitespace, minLength: 1, maxLength: 3 }),
    plainChar,
    fc.string({ maxLength: 20 }),
    padding,
  )
  .map(([l, a, x, ws, y, b, r]) => `${l}${a}${x}${ws}${y}${b}${r}`);

describe('emailProblem', () => {
  it('an address with a control character that is not white space (NUL, escape ...) → invalid_email_format', () => {
    const control = fc.constantFrom(...Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).filter((c) => !/\s/.test(c)));
    fc.assert(
      fc.property(validEmail, control, fc.nat(), (email, c, at) => {
        const i = at % (email.length + 1);
        expect(emailProblem(`${email.slice(0, i)}${c}${email.slice(i)}`)).toBe('invalid_email_format');
      }),
    );
  });

  it('any address with white space inside (after trimming) → invalid_email_spaces', () => {
    fc.assert(fc.property(withInnerSpace, (s) => emailProblem(s) === 'invalid_email_spaces'));
  });

  it('any local@domain.tld without white space or a second at sign → valid, also with white space around it', () => {
    fc.assert(
      fc.property(validEmail, padding, padding, (email, l, r) => {
        expect(emailProblem(email)).toBeNull();
        expect(emailProblem(`${l}${email}${r}`)).toBeNull();
      }),
    );
  });

  it('any text without an at sign → never valid; invalid_email_format when it has no white space inside', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !s.includes('@')),
        (s) => {
          const problem = emailProblem(s);
          expect(problem).not.toBeNull();
          if (!/\s/.test(s.trim())) expect(problem).toBe('invalid_email_format');
        },
      ),
    );
  });

  it('two at signs, no dot after the at sign, or nothing before it → invalid_email_format', () => {
    fc.assert(
      fc.property(plainText(20), plainText(20), plainText(5), (a, b, c) => {
        const noDot = (s: string) => s.replaceAll('.', '');
        expect(emailProblem(`${a}@${b}@${c}.${c}`)).toBe('invalid_email_format');
        expect(emailProblem(`${a}@${noDot(b)}`)).toBe('invalid_email_format');
        expect(emailProblem(`@${b}.${c}`)).toBe('invalid_email_format');
      }),
    );
  });

  it('examples of 001 §5 / 002 §5', () => {
    expect(emailProblem('abc@')).toBe('invalid_email_format');
    expect(emailProblem('a b@example.com')).toBe('invalid_email_spaces');
    expect(emailProblem('  dana@example.co.il  ')).toBeNull();
    expect(emailProblem('')).toBe('invalid_email_format');
    expect(emailProblem('   ')).toBe('invalid_email_format');
  });

  it(`an address longer than ${EMAIL_MAX} characters → invalid_email_format`, () => {
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX - 'x@example.com'.length + 1)}x@example.com`)).toBe(
      'invalid_email_format',
    );
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX - 'x@example.com'.length)}x@example.com`)).toBeNull();
  });
});

describe('passwordProblem', () => {
  // fast-check's lengths count code points, as "characters" does for a user and as zod's .min() does.
  it(`any password of fewer than ${PASSWORD_MIN} characters → password_too_short`, () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: PASSWORD_MIN - 1 }),
        (p) => passwordProblem(p) === 'password_too_short',
      ),
    );
  });

  it(`any password of ${PASSWORD_MIN} characters or more → valid, spaces included`, () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: PASSWORD_MIN, maxLength: 200 }),
        (p) => passwordProblem(p) === null,
      ),
    );
    expect(passwordProblem('      ')).toBeNull();
  });

  it('counts characters, not UTF-16 units: three emoji are too short, six are enough', () => {
    expect(passwordProblem('😀😀😀')).toBe('password_too_short');
    expect(passwordProblem('😀😀😀😀😀😀')).toBeNull();
    expect(passwordProblem('סיסמה')).toBe('password_too_short');
    expect(passwordProblem('סיסמה1')).toBeNull();
  });

  it('passwordField agrees with passwordProblem and keeps the password as typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (p) => {
        const parsed = passwordField.safeParse(p);
        if (passwordProblem(p)) {
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues[0]?.message).toBe('password_too_short');
        } else {
          expect(parsed.data).toBe(p);
        }
      }),
    );
  });
});

describe('emailField (zod)', () => {
  it('trims and lowercases every valid address', () => {
    fc.assert(
      fc.property(validEmail, padding, padding, (email, l, r) => {
        expect(emailField.parse(`${l}${email}${r}`)).toBe(email.toLowerCase());
      }),
    );
  });

  it('reports the same key as emailProblem for every refused value', () => {
    fc.assert(
      fc.property(fc.oneof(withInnerSpace, fc.string({ unit: 'binary', maxLength: 40 })), (s) => {
        const problem = emailProblem(s);
        const parsed = emailField.safeParse(s);
        expect(parsed.success).toBe(problem === null);
        if (problem) expect(parsed.error?.issues.map((i) => i.message)).toEqual([problem]);
      }),
    );
  });

  it('refuses what is not a string with invalid_email_format', () => {
    for (const value of [123, null, undefined, {}, ['a@b.co'], true]) {
      const parsed = emailField.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('invalid_email_format');
    }
  });
});

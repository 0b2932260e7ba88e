import { describe, expect, it } from 'vitest';
import {
  createLoginThrottle,
  memoryThrottleStore,
  SIGN_IN_LINKS_PER_ACCOUNT,
  spacingMs,
  type LoginLimits,
  type SignInAttempt,
} from '../../src/modules/accounts/login-throttle.js';

/**
 * The sign-in limits of decision 0052 (issue 31 point 3) on the in-memory store with a clock the test moves: a pair
 * (account, address) locks, an address over many accounts locks, an account never locks but is spaced out, a trusted
 * browser counts on its own. The Redis store answers the same (api/redis-shared-limits.test.ts).
 */
const LIMITS: LoginLimits = { maxFailures: 10, lockMinutes: 15, addressMaxFailures: 30, accountSlowAfter: 50, maxSpacingSeconds: 60 };
const MINUTE = 60_000;

function setup(limits: LoginLimits = LIMITS) {
  let at = 1_000_000;
  const clock = { now: () => at, advance: (ms: number) => void (at += ms) };
  const throttle = createLoginThrottle(limits, memoryThrottleStore(clock.now));
  return { clock, throttle };
}

const from = (ip: string, email = 'owner@example.com', trustedDevice: string | null = null): SignInAttempt => ({ ip, email, trustedDevice });
let ipSeq = 0;
/** A new address each call: spreads failures so no pair and no address lock is reached. */
const elsewhere = () => `203.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

describe('spacingMs', () => {
  it('is nothing below the threshold, one second at it, one more per failure, capped', () => {
    expect(spacingMs(0, LIMITS)).toBe(0);
    expect(spacingMs(49, LIMITS)).toBe(0);
    expect(spacingMs(50, LIMITS)).toBe(1_000);
    expect(spacingMs(51, LIMITS)).toBe(2_000);
    expect(spacingMs(109, LIMITS)).toBe(60_000);
    expect(spacingMs(10_000, LIMITS)).toBe(60_000);
  });
});

describe('the (account, address) pair', () => {
  it('locks after ten failures for fifteen minutes, at that address only', async () => {
    const { clock, throttle } = setup();
    const a = from('192.0.2.1');
    for (let i = 0; i < 9; i++) await throttle.failed(a);
    expect(await throttle.admit(a)).toBe(0);
    await throttle.failed(a);
    expect(await throttle.admit(a)).toBe(15 * MINUTE);
    expect(await throttle.admit(from('198.51.100.2'))).toBe(0); // the owner elsewhere
    expect(await throttle.admit(from('192.0.2.1', 'someone.else@example.com'))).toBe(0); // another account here
    clock.advance(15 * MINUTE);
    expect(await throttle.admit(a)).toBe(0);
  });

  it('a success clears the pair: nine failures, a success, nine more do not lock', async () => {
    const { throttle } = setup();
    const a = from('192.0.2.3');
    for (let i = 0; i < 9; i++) await throttle.failed(a);
    await throttle.succeeded(a);
    for (let i = 0; i < 9; i++) await throttle.failed(a);
    expect(await throttle.admit(a)).toBe(0);
  });

  it('a count with no failure for the lock time starts again', async () => {
    const { clock, throttle } = setup();
    const a = from('192.0.2.4');
    for (let i = 0; i < 9; i++) await throttle.failed(a);
    clock.advance(15 * MINUTE + 1);
    await throttle.failed(a);
    expect(await throttle.admit(a)).toBe(0);
  });
});

describe('the address over many accounts', () => {
  it('locks after thirty failures on any accounts', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 29; i++) await throttle.failed(from('192.0.2.9', `guess${i}@example.com`));
    expect(await throttle.admit(from('192.0.2.9', 'fresh@example.com'))).toBe(0);
    await throttle.failed(from('192.0.2.9', 'guess29@example.com'));
    expect(await throttle.admit(from('192.0.2.9', 'fresh@example.com'))).toBe(15 * MINUTE);
    expect(await throttle.admit(from('192.0.2.10', 'fresh@example.com'))).toBe(0);
  });
});

describe('the account, all addresses together', () => {
  it('never locks: past the threshold, one attempt per spacing, the spacing growing', async () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 49; i++) await throttle.failed(from(elsewhere()));
    expect(await throttle.admit(from(elsewhere()))).toBe(0);
    expect(await throttle.admit(from(elsewhere()))).toBe(0); // 49 failures: not slowed yet
    await throttle.failed(from(elsewhere())); // 50

    expect(await throttle.admit(from(elsewhere()))).toBe(0); // takes the slot
    expect(await throttle.admit(from(elsewhere()))).toBe(1_000); // the next must wait a second
    clock.advance(1_000);
    expect(await throttle.admit(from(elsewhere()))).toBe(0);

    for (let i = 0; i < 20; i++) await throttle.failed(from(elsewhere())); // 70 failures: 21 s apart
    clock.advance(1_000);
    expect(await throttle.admit(from(elsewhere()))).toBe(0);
    expect(await throttle.admit(from(elsewhere()))).toBe(21_000);

    for (let i = 0; i < 500; i++) await throttle.failed(from(elsewhere())); // capped at a minute, never a lock
    clock.advance(21_000);
    expect(await throttle.admit(from(elsewhere()))).toBe(0);
    expect(await throttle.admit(from(elsewhere()))).toBe(60_000);
    clock.advance(60_000);
    expect(await throttle.admit(from(elsewhere()))).toBe(0);
  });

  it("the owner's own success does not reset it (a guesser would get fast attempts again)", async () => {
    const { throttle } = setup();
    for (let i = 0; i < 50; i++) await throttle.failed(from(elsewhere()));
    const owner = from('198.51.100.50');
    expect(await throttle.admit(owner)).toBe(0);
    await throttle.succeeded(owner);
    expect(await throttle.admit(from(elsewhere()))).toBe(1_000);
  });

  it('does not slow a trusted browser (device cookie), whose failures count on the cookie alone', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 200; i++) await throttle.failed(from(elsewhere()));
    const mine = from('198.51.100.60', 'owner@example.com', 'nonce-of-the-owners-browser');
    expect(await throttle.admit(mine)).toBe(0);
    expect(await throttle.admit(mine)).toBe(0);
    for (let i = 0; i < 10; i++) await throttle.failed(mine);
    expect(await throttle.admit(mine)).toBe(15 * MINUTE);
    // Its ten failures were not the pair's: an unknown browser at that address is not locked by them.
    // (it takes the account's free slot: slowed, not locked).
    expect(await throttle.admit(from('198.51.100.60'))).toBe(0);
  });
});

describe('sign-in links asked for', () => {
  it('five per account in the lock time, then the wait; counted whether or not the account exists', async () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < SIGN_IN_LINKS_PER_ACCOUNT; i++) expect(await throttle.linkRequested('anyone@example.com')).toBe(0);
    expect(await throttle.linkRequested('anyone@example.com')).toBe(15 * MINUTE);
    expect(await throttle.linkRequested('someone.else@example.com')).toBe(0);
    clock.advance(15 * MINUTE);
    expect(await throttle.linkRequested('anyone@example.com')).toBe(0);
  });
});

describe('a store that fails', () => {
  it('lets the attempt through and says so in the log', async () => {
    const warnings: string[] = [];
    const broken = memoryThrottleStore();
    broken.lockedFor = () => Promise.reject(new Error('redis down'));
    const throttle = createLoginThrottle(LIMITS, broken, { warn: (_o, msg) => void warnings.push(msg) });
    expect(await throttle.admit(from('192.0.2.99'))).toBe(0);
    expect(warnings).toEqual(['sign-in lock store failed; attempt not counted']);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeicPool, type HeicPool } from '../../src/modules/photos/heic-pool.js';

/**
 * The HEIC decoder's line (issue 31 point 1, decision 0050) on a real iPhone photo (shared/data/photos): users take turns,
 * one user's share is bounded (429), a photo whose client hung up leaves the line or ends its thread, and the next
 * photo is decoded. Skipped, and saying so, when the photos are not there.
 */
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const PHOTO = resolve(REPO, '../shared/data/photos/heic/exifr__test_fixtures_heic-iphone7.heic');
const present = existsSync(PHOTO);
if (!present) console.warn(`heic-pool-fair.test.ts: SKIPPED, ${PHOTO} is not present`);

let pool: HeicPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe.skipIf(!present)(present ? 'the HEIC line' : 'the HEIC line: SKIPPED (no photo)', () => {
  const photo = present ? readFileSync(PHOTO) : Buffer.alloc(0);
  /** The iPhone 7 photo's megapixels (4032 x 3024). */
  const MP = 12.2;

  it("one user's many photos take turns with another user's single one", async () => {
    pool = createHeicPool({ idleMs: 1000 });
    const order: string[] = [];
    const ask = (name: string, owner: string) => pool!.decode(photo, { owner }, MP).then((p) => {
      expect(p.width).toBeGreaterThan(1000);
      order.push(name);
    });
    await Promise.all([ask('a1', 'user:1'), ask('a2', 'user:1'), ask('a3', 'user:1'), ask('b1', 'user:2')]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  }, 120_000);

  it("refuses a user past their share of the line with 429 and when to try again", async () => {
    pool = createHeicPool({ idleMs: 1000, ownerCostLimit: 20 });
    const first = pool.decode(photo, { owner: 'user:1' }, MP);
    await expect(pool.decode(photo, { owner: 'user:1' }, MP)).rejects.toMatchObject({
      code: 'too_many_requests',
      retryAfterSeconds: 5,
    });
    const other = pool.decode(photo, { owner: 'user:2' }, MP);
    await Promise.all([first, other]);
  }, 120_000);

  it('a photo whose client hung up leaves the line, or ends its thread while decoded; the next photo is decoded', async () => {
    pool = createHeicPool({ idleMs: 1000 });
    const runningGone = new AbortController();
    const waitingGone = new AbortController();
    const running = pool.decode(photo, { owner: 'user:1', signal: runningGone.signal }, MP);
    const waiting = pool.decode(photo, { owner: 'user:2', signal: waitingGone.signal }, MP);
    const wanted = pool.decode(photo, { owner: 'user:3' }, MP);
    expect(pool.stats()).toMatchObject({ running: 1, waiting: 2 });
    waitingGone.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(pool.stats()).toMatchObject({ running: 1, waiting: 1, cancelled: 1 });
    runningGone.abort();
    await expect(running).rejects.toMatchObject({ code: 'service_unavailable' });
    // The decode being made was dropped with its thread: the wanted photo is the one running now, on a new thread.
    expect(pool.stats()).toMatchObject({ running: 1, waiting: 0, cancelled: 2, owners: { 'user:3': { running: 1 } } });
    expect((await wanted).width).toBeGreaterThan(1000);
  }, 120_000);
});

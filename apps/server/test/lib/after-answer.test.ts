import { describe, expect, it } from 'vitest';
import { createAfterAnswer } from '../../src/lib/after-answer.js';

/** Work left running after an answer (the reset mail): it runs, its failure is logged, a closing server waits a while. */
describe('after the answer', () => {
  const logged: string[] = [];
  const log = { error: (_obj: object, msg: string) => void logged.push(msg) };

  it('runs the work after the caller goes on, and settled() waits for it', async () => {
    const after = createAfterAnswer(log);
    const done: string[] = [];
    after.run(async () => void done.push('work'));
    done.push('answer');
    await after.settled();
    expect(done).toEqual(['answer', 'work']);
  });

  it('a failure is logged, not thrown', async () => {
    const after = createAfterAnswer(log);
    after.run(() => Promise.reject(new Error('smtp down')));
    await after.settled();
    expect(logged).toContain('work after the answer failed');
  });

  it('settled(timeout) gives up on work that never ends', async () => {
    const after = createAfterAnswer(log);
    after.run(() => new Promise<void>(() => undefined));
    // Without the bound this would never settle (the test would time out).
    await expect(after.settled(50)).resolves.toBeUndefined();
  });
});

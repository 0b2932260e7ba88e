import { afterAll, describe, expect, it } from 'vitest';
import { config, z } from 'zod';

/** The page's CSP forbids eval: Zod must not even try it (issue 31 point 6; lib/no-eval.ts says why it sets a global). */
describe('no-eval', () => {
  const before = { ...config() };
  afterAll(() => {
    config({ jitless: before.jitless });
  });

  it("turns Zod's compiler off through the global Zod reads its configuration from", async () => {
    config({ jitless: false });
    await import('../src/lib/no-eval');
    expect(config().jitless).toBe(true);
  });

  it('still parses and refuses as before', () => {
    const schema = z.object({ id: z.number(), title: z.string() });
    expect(schema.parse({ id: 1, title: 'רומא' })).toEqual({ id: 1, title: 'רומא' });
    expect(schema.safeParse({ id: '1' }).success).toBe(false);
  });
});

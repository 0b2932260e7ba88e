import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogOutput } from '../../src/lib/log-output.js';

/** The server's log destination (decision 0026): asynchronous, in order, bounded, and it gives up on a dead output. */
describe('log output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rides-log-output-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every line, in order, and flush resolves once they are written', async () => {
    const file = join(dir, 'in-order.log');
    const fd = openSync(file, 'w');
    const out = createLogOutput({ fd });
    const lines = Array.from({ length: 500 }, (_, i) => `{"n":${i}}\n`);
    for (const line of lines) out.write(line);
    await out.flush(5_000);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    expect({ alive: out.alive, dropped: out.dropped }).toEqual({ alive: true, dropped: 0 });
  });

  it('drops the lines beyond its backlog instead of holding them without bound', async () => {
    const file = join(dir, 'bounded.log');
    const fd = openSync(file, 'w');
    const out = createLogOutput({ fd, maxPending: 10 });
    // The first line is being written; the second waits (6 characters); the third would make 12 waiting.
    for (const line of ['first\n', 'secnd\n', 'third\n']) out.write(line);
    await out.flush(5_000);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('first\nsecnd\n');
    expect(out.dropped).toBe(1);
  });

  it('gives up for good when a write fails (the reader is gone): later lines are dropped, flush does not wait', async () => {
    // A descriptor that is not open (EBADF), as EPIPE: an error that no retry can mend. (Not one closed here: the
    // process could reuse its number for another file before the write.)
    const out = createLogOutput({ fd: 999_999 });
    out.write('lost\n');
    out.write('lost too\n');
    await out.flush(60_000);
    expect(out.alive).toBe(false);
    out.write('after\n');
    await out.flush(60_000);
    expect(out.dropped).toBe(3);
  });
});

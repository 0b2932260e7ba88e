import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * Embedded default: each message is written as one JSON file in DATA_DIR/outbox, so a person running the
 * product locally (and the end-to-end tests) can open the reset link without a mail server.
 */
export function createOutboxMailer(opts: { dir: string; from: string }): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(opts.dir, { recursive: true });
      const date = new Date().toISOString();
      const file = join(opts.dir, `${date.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
      await writeFile(file, JSON.stringify({ date, from: opts.from, ...message }, null, 2), { mode: 0o600 });
    },
    async close() {},
  };
}

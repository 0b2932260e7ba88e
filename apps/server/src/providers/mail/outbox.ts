import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * Embedded default: each message is written as one JSON file in DATA_DIR/outbox, so a person running the
 * product locally (and the end-to-end tests) can open the reset link without a mail server. A message is written under
 * a temporary name and renamed into place, so whoever reads the folder sees whole messages only (a reader once parsed
 * half a file while another mail was being written).
 */
export function createOutboxMailer(opts: { dir: string; from: string }): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await mkdir(opts.dir, { recursive: true });
      const date = new Date().toISOString();
      const file = join(opts.dir, `${date.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
      await writeFile(`${file}.partial`, JSON.stringify({ date, from: opts.from, ...message }, null, 2), {
        mode: 0o600,
      });
      await rename(`${file}.partial`, file);
    },
    async close() {},
  };
}

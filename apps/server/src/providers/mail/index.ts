import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export type { Mailer, MailMessage } from './mailer.js';

export function createMailer(mail: Config['mail']): Mailer {
  return mail.smtpUrl
    ? createSmtpMailer({ url: mail.smtpUrl, from: mail.from })
    : createOutboxMailer({ dir: mail.outboxDir, from: mail.from });
}

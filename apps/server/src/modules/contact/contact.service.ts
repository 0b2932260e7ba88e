import type { ContactFormBody } from '@rides/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../providers/mail/index.js';
import { AppError } from '../../lib/errors.js';
import { contactMail } from './contact.mail.js';
import { createContactRepository } from './contact.repository.js';

/**
 * The contact form: the message is stored first (so it is never lost), then mailed to the owner.
 * A mail failure is logged, the stored message keeps an empty mailed_at, and the sender is told it did not go out
 * (contact_form_error, 001 §8): the owner would not read it soon, so "sent" would be a promise we cannot keep. The
 * form keeps what they wrote, to try again or write to us by mail.
 */
export function createContactService(deps: {
  db: Database;
  config: Config;
  mailer: Mailer;
  log?: { error: (obj: object, msg: string) => void };
}) {
  const repo = createContactRepository(deps.db);
  return {
    async submit(message: ContactFormBody & { email: string }, ip: string): Promise<void> {
      const id = await repo.insert({ ...message, ip });
      try {
        await deps.mailer.send({ to: deps.config.mail.ownerEmail, ...contactMail(message) });
        await repo.markMailed(id);
      } catch (err) {
        deps.log?.error(
          { err: (err as Error).message, contactMessageId: id },
          'contact mail failed; message kept',
        );
        throw new AppError('contact_form_error');
      }
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

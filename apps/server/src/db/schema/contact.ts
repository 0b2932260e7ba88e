import { CONTACT_MESSAGE_MAX, EMAIL_MAX, USER_NAME_MAX } from '@rides/contract';
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, maxChars } from './columns.js';

/** Contact form messages (001 contact_form_api). Kept even when mailing fails; mailed_at says it went out. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    maxChars('contact_messages_name_len', t.name, USER_NAME_MAX),
    maxChars('contact_messages_email_len', t.email, EMAIL_MAX),
    maxChars('contact_messages_message_len', t.message, CONTACT_MESSAGE_MAX),
    index('contact_messages_created_idx').on(t.createdAt),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;

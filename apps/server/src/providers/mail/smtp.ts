import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/** SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (smtps://). */
export function createSmtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from: opts.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

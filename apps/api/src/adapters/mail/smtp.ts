import nodemailer from 'nodemailer';
import type { TMailer } from './mailer.ts';

/** Nodemailer over the SMTP server of SMTP_URL (smtp://user:pass@host:587 or smtps://...:465). */
export function createSmtpMailer(url: string, from: string): TMailer {
  // Bounded waits: the outbox's lease must outlast a send, and a server that hangs is a failure to retry.
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
    },
  };
}

import nodemailer from 'nodemailer';
import type { TMailer } from './mailer.ts';

/** Nodemailer over the SMTP server of SMTP_URL (smtp://user:pass@host:587 or smtps://...:465). */
export function createSmtpMailer(url: string, from: string): TMailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
    },
  };
}

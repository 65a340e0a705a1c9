import type { TDb } from '../../db/client.ts';
import { desc, eq } from '../../db/orm.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { TMailer } from './mailer.ts';

/** Keeps every message in `mail_outbox`, readable at /_dev/mailbox while no SMTP server is configured. */
export function createLocalOutboxMailer(db: TDb): TMailer {
  return {
    kind: 'local-outbox',
    async send(mail) {
      // The outbox keeps the message, and names its attachments (their bytes stay out of the table).
      const names = (mail.attachments ?? []).map((a) => `[${a.filename}, ${a.content.length} bytes]`);
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: names.length ? `${mail.text}\n\n${names.join('\n')}` : mail.text,
      });
    },
  };
}

export async function listLocalMail(db: TDb, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** One message of the local outbox, by id (the /_dev/mailbox page). */
export async function localMail(db: TDb, id: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail ?? null;
}

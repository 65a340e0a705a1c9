import { desc } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { TMailer } from './mailer.ts';

/** Keeps every message in `mail_outbox`, readable at /_dev/mailbox while no SMTP server is configured. */
export function createLocalOutboxMailer(db: TDb): TMailer {
  return {
    kind: 'local-outbox',
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
    },
  };
}

export async function listLocalMail(db: TDb, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

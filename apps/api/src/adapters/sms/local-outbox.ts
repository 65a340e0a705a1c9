import type { TDb } from '../../db/client.ts';
import { desc } from '../../db/orm.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import type { TSmsSender } from './sms.ts';

/** Keeps every message in `sms_outbox`, readable at /_dev/sms.json. */
export function createLocalOutboxSms(db: TDb): TSmsSender {
  return {
    kind: 'local-outbox',
    async send(to, body) {
      await db.insert(smsOutbox).values({ to, body });
    },
  };
}

export async function listLocalSms(db: TDb, limit = 50) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
}

import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { firstName } from '@ingressos/domain/person-name';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import { queueMail, type TTransferServices } from './transfer-facts.ts';
import { transferAnsweredMail } from './transfer-mails.ts';

/** Queues the sender's e-mail saying their transfer was accepted or refused, with `db` (the transaction). */
export async function tellSender(
  s: TTransferServices,
  db: TDb,
  senderId: string,
  eventName: string,
  accepted: boolean,
) {
  const [sender] = rowsOf<{ email: string; name: string; nationality: number }>(
    await db.execute(sql`select email, name, nationality from users where id = ${senderId}`),
  );
  if (!sender) return;
  await queueMail(
    db,
    transferAnsweredMail({
      to: sender.email,
      name: firstName(sender.name),
      brand: s.config.BRAND_NAME,
      publicUrl: s.config.publicUrl,
      eventName,
      accepted,
      locale: nationalityLocale(sender.nationality as TNationality),
    }),
  );
}

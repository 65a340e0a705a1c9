import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { firstName } from '@ingressos/domain/person-name';
import { sql } from 'drizzle-orm';
import { rowsOf, sendQuietly, type TTransferServices } from './transfer-facts.ts';
import { transferAnsweredMail } from './transfer-mails.ts';

export async function tellSender(
  s: TTransferServices,
  senderId: string,
  eventName: string,
  accepted: boolean,
) {
  const [sender] = rowsOf<{ email: string; name: string; nationality: number }>(
    await s.db.execute(sql`select email, name, nationality from users where id = ${senderId}`),
  );
  if (!sender) return;
  await sendQuietly(
    s,
    transferAnsweredMail({
      to: sender.email,
      name: firstName(sender.name),
      brand: s.config.BRAND_NAME,
      publicUrl: s.config.publicUrl,
      eventName,
      accepted,
      locale: nationalityLocale(sender.nationality as TNationality),
    }),
    accepted ? 'accepted' : 'refused',
  );
}

import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';

/**
 * Issue 33: every lot of an event stops selling (a cancelled event). Beside the stock module
 * (stock*.ts), whose holds and sales all refuse a disabled lot in their guarded UPDATEs, so a hold racing this either
 * committed before it (and is refunded with its order) or finds the lot disabled. In the caller's
 * transaction; the counters are left as they are.
 */
export async function disableEventLots(tx: TDb, eventId: number): Promise<void> {
  await tx.execute(
    sql`update ticket_lots set disabled = true
        where ticket_id in (select t.id from event_tickets t join event_sections s on s.id = t.section_id
                            where s.event_id = ${eventId})`,
  );
}

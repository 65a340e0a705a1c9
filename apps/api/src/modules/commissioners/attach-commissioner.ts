import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { commissionerForEvent } from './find-commissioner.ts';

/**
 * commerce §6: in commissioner mode the cart is the commissioner's sale, so its order records the
 * commissioner as seller and the refund service uses the commissioner's value. Checked before any
 * unit is held (`checkSeller`), then written on the cart the hold made or joined (`attachSeller`).
 */
export async function checkSeller(db: TDb, commissionerId: number, eventId: number, locale: TLocale) {
  return commissionerForEvent(db, commissionerId, eventId, locale);
}

/** The same check for an addtocart, by the lot asked for (an unknown lot is left to the cart's own refusal). */
export async function checkSellerOfLot(db: TDb, commissionerId: number, lotId: number, locale: TLocale) {
  const result = await rows<{ event_id: number }>(
    db,
    sql`select s.event_id from ticket_lots l join event_tickets t on t.id = l.ticket_id
        join event_sections s on s.id = t.section_id where l.id = ${lotId}`,
  );
  const eventId = result[0]?.event_id;
  if (eventId !== undefined) await commissionerForEvent(db, commissionerId, eventId, locale);
}

/** The cart of this session is sold by this commissioner (or by the site again, with null). */
export async function attachSeller(db: TDb, sessionId: string, commissionerId: number | null) {
  await db.execute(
    sql`update carts set commissioner_id = ${commissionerId}, updated_at = now()
        where session_id = ${sessionId} and commissioner_id is distinct from ${commissionerId}`,
  );
}

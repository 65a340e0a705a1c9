import type { TDeletionBlockers } from '@ingressos/contracts/privacy';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { receivedBy } from '../transfers/list-transfers.ts';

/**
 * A ticket still counts while its event has not started or started less than a day ago (it may
 * still be running). Deleting the account would leave such a ticket with nobody to show it.
 */
const STILL_VALID = sql`e.starts_at > now() - interval '1 day'`;

/**
 * What keeps the account from being deleted now (docs/decisions.md, "Data-subject rights"):
 * tickets for upcoming events, transfers waiting for an answer, orders not yet settled.
 */
export async function deletionBlockers(db: TDb, user: TUserRow): Promise<TDeletionBlockers> {
  const tickets = rowsOf<{ id: string; event_name: string; starts_at: Date | string }>(
    await db.execute(sql`
      select t.id, e.name as event_name, e.starts_at
      from tickets t join events e on e.id = t.event_id
      where t.user_id = ${user.id} and ${STILL_VALID}
      order by e.starts_at limit 50`),
  );
  const transfers = rowsOf<{ id: string; event_name: string; from_user_id: string }>(
    await db.execute(sql`
      select tt.id, e.name as event_name, tt.from_user_id
      from ticket_transfers tt
      join tickets t on t.id = tt.ticket_id
      join events e on e.id = t.event_id
      where tt.status = 0 and (tt.from_user_id = ${user.id} or ${receivedBy(user)})
      limit 50`),
  );
  const orders = rowsOf<{ id: string; event_name: string; status: number }>(
    await db.execute(sql`
      select o.id, e.name as event_name, o.status
      from orders o join events e on e.id = o.event_id
      where o.user_id = ${user.id} and o.status in (1, 4)
      limit 50`),
  );
  return {
    tickets: tickets.map((t) => ({
      ticketId: t.id,
      eventName: t.event_name,
      startsAt: new Date(t.starts_at).toISOString(),
    })),
    transfers: transfers.map((t) => ({
      transferId: t.id,
      eventName: t.event_name,
      direction: t.from_user_id === user.id ? ('sent' as const) : ('received' as const),
    })),
    orders: orders.map((o) => ({ orderId: o.id, eventName: o.event_name, status: o.status })),
  };
}

export const hasBlockers = (b: TDeletionBlockers) =>
  b.tickets.length + b.transfers.length + b.orders.length > 0;

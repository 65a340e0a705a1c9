import type { TStaffCommissioner, TStaffCommissionersAnswer } from '@ingressos/contracts/staff';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

type TRow = {
  id: number;
  name: string;
  hash: string;
  active: boolean;
  created_at: Date | string;
  event_ids: number[] | null;
  orders: number | string;
  tickets: number | string;
  totals: { currency: string; totalCents: number | string }[] | null;
};

/**
 * The commissioners (all, or one) with their events and what they sold: paid orders of which they
 * are the seller (commerce §6), their tickets, and the paid totals per currency (an event may
 * charge in dollars). One statement, grouped per commissioner.
 */
export async function staffCommissioners(db: TDb, onlyId?: number): Promise<TStaffCommissioner[]> {
  const result = await rows<TRow>(
    db,
    sql`
    with sold as (
      select o.seller_id, o.currency, count(*)::int as orders, sum(o.total_cents)::bigint as total_cents,
        sum((select count(*) from tickets t where t.order_id = o.id))::int as tickets
      from orders o
      where o.seller_id is not null and o.status = ${ORDER_STATUS.PAGO}
      group by o.seller_id, o.currency
    )
    select c.id, c.name, c.hash, c.active, c.created_at,
      (select array_agg(ce.event_id order by ce.event_id) from commissioner_events ce where ce.commissioner_id = c.id) as event_ids,
      coalesce((select sum(s.orders) from sold s where s.seller_id = c.id), 0)::int as orders,
      coalesce((select sum(s.tickets) from sold s where s.seller_id = c.id), 0)::int as tickets,
      (select json_agg(json_build_object('currency', s.currency, 'totalCents', s.total_cents) order by s.currency)
        from sold s where s.seller_id = c.id) as totals
    from commissioners c
    where ${onlyId === undefined ? sql`true` : sql`c.id = ${onlyId}`}
    order by c.name, c.id`,
  );
  return result.map((row) => ({
    id: row.id,
    name: row.name,
    hash: row.hash,
    active: row.active,
    eventIds: row.event_ids ?? [],
    orders: Number(row.orders),
    tickets: Number(row.tickets),
    totals: (row.totals ?? []).map((t) => ({ currency: t.currency, totalCents: Number(t.totalCents) })),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** GET /api/staff/commissioners (an administrator). */
export async function listStaffCommissioners(db: TDb): Promise<TStaffCommissionersAnswer> {
  return { commissioners: await staffCommissioners(db) };
}

import type { TStaffEventRow, TStaffEventsAnswer } from '@ingressos/contracts/staff-support';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { SCOPED_ROLES, type TStaff } from '../staff/roles.ts';

/** Enough for any producer's list and an admin's recent ones; the console shows no pager here. */
export const STAFF_EVENTS_LIMIT = 300;

type TRow = {
  id: number;
  name: string;
  starts_at: Date | string;
  venue_name: string;
  city: string;
  published: boolean;
  on_sale_at: Date | string | null;
  cancelled: boolean;
  paid_orders: number;
  tickets_sold: number;
  job_id: number | null;
  job_kind: 'cancel' | 'postpone' | null;
  job_status: 'running' | 'done' | null;
};

/**
 * GET /api/staff/events: the Eventos screen's table, so staff pick an event by its name rather
 * than its number. A producer (a scoped role) gets only their `eventIds`, filtered in the query
 * so no other event's counts are even read. Cancelled means a cancellation job exists (the event
 * row itself keeps no such flag: cancelling stops its lots, catalogue/stop-event-sales.ts).
 */
export async function listStaffEvents(options: {
  db: TDb;
  staff: Pick<TStaff, 'role' | 'eventIds'>;
}): Promise<TStaffEventsAnswer> {
  const { db, staff } = options;
  const scoped = SCOPED_ROLES.includes(staff.role);
  if (scoped && staff.eventIds.length === 0) return { events: [] };
  const scope = scoped
    ? sql`where e.id in (${sql.join(
        staff.eventIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const found = await rows<TRow>(
    db,
    sql`select e.id, e.name, e.starts_at, v.name as venue_name, v.city, e.published, e.on_sale_at,
        exists (select 1 from event_cancellations c where c.event_id = e.id and c.kind = 'cancel') as cancelled,
        (select count(*)::int from orders o where o.event_id = e.id and o.status = ${ORDER_STATUS.PAGO}) as paid_orders,
        (select count(*)::int from tickets k join orders o on o.id = k.order_id
          where k.event_id = e.id and o.status = ${ORDER_STATUS.PAGO} and k.voided_at is null) as tickets_sold,
        j.id as job_id, j.kind as job_kind, j.status as job_status
      from events e
      join venues v on v.id = e.venue_id
      left join lateral (
        select c.id, c.kind, c.status from event_cancellations c where c.event_id = e.id
        order by (c.status = 'running') desc, c.created_at desc, c.id desc limit 1
      ) j on true
      ${scope}
      order by e.starts_at desc, e.id desc
      limit ${STAFF_EVENTS_LIMIT}`,
  );
  const now = Date.now();
  return { events: found.map((row) => rowOf(row, now)) };
}

function rowOf(row: TRow, now: number): TStaffEventRow {
  const startsAt = new Date(row.starts_at);
  const opensAt = row.on_sale_at ? new Date(row.on_sale_at).getTime() : null;
  const state = row.cancelled
    ? 'cancelled'
    : startsAt.getTime() < now
      ? 'past'
      : row.published && (opensAt === null || opensAt <= now)
        ? 'on_sale'
        : 'not_on_sale';
  return {
    id: Number(row.id),
    name: row.name,
    startsAt: startsAt.toISOString(),
    venueName: row.venue_name,
    city: row.city,
    state,
    paidOrders: Number(row.paid_orders),
    ticketsSold: Number(row.tickets_sold),
    lastJob:
      row.job_id !== null && row.job_kind && row.job_status
        ? { id: Number(row.job_id), kind: row.job_kind, status: row.job_status }
        : null,
  };
}

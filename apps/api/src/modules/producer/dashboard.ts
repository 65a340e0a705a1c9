import type { TProducerDashboard } from '@ingressos/contracts/staff-producer';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { COURTESY_ORIGIN } from './courtesies.ts';
import { eventNotFound } from './event-document.ts';

const n = (value: unknown) => Number(value ?? 0);

/**
 * The event's paid orders (paid once: `paid_at` set, a later refund does not unpay them) with what
 * is not the producer's inside their total: `fees_cents` = total − Σ unit price × quantity of the
 * lines (convenience and processing fees, refund protection, card interest). Courtesies are paid
 * orders of total 0. docs/decisions.md defines gross, fees, refunded and net from this.
 */
const PAID = (eventId: number) => sql`paid as (
    select o.id, o.method, o.channel, o.sale_origin, o.total_cents, o.refund_service_cents, o.paid_at, o.lines,
      o.total_cents - coalesce((select sum((l->>'unitCents')::int * (l->>'quantity')::int)
        from jsonb_array_elements(o.lines) l), 0) as fees_cents
    from orders o where o.event_id = ${eventId} and o.paid_at is not null
  )`;

/** Each issued ticket of a paid order with the unit price its line says (the unit's place in the order picks its line). */
const TICKET_VALUE = sql`ticket_value as (
    select k.id, k.order_id, k.voided_at, (li.line->>'unitCents')::int as unit_cents
    from tickets k join (
      select p.id as order_id, l.line,
        sum((l.line->>'quantity')::int) over (partition by p.id order by l.n) - (l.line->>'quantity')::int as first_unit
      from paid p, jsonb_array_elements(p.lines) with ordinality as l(line, n)
    ) li on li.order_id = k.order_id and k.unit >= li.first_unit and k.unit < li.first_unit + (li.line->>'quantity')::int
  )`;

/**
 * GET .../dashboard: the sale now, from SQL aggregates over the event's orders, tickets and refunds.
 * gross = Σ total of paid orders; fees = Σ (total − ticket value) of them; refunded = Σ refunds
 * done; net = gross − fees − ticket value of voided (refunded) tickets, i.e. the ticket value of the
 * tickets that still stand.
 */
export async function producerDashboard(
  db: TDb,
  eventId: number,
  locale: TLocale,
): Promise<TProducerDashboard> {
  const [event] = await rows<{ currency: string; time_zone: string }>(
    db,
    sql`select currency, time_zone from events where id = ${eventId}`,
  );
  if (!event) throw eventNotFound(locale);
  const courtesy = sql`p.sale_origin = ${COURTESY_ORIGIN}`;
  const [totals] = await rows<Record<string, number>>(
    db,
    sql`with ${PAID(eventId)}, ${TICKET_VALUE}
      select
        (select count(*) from paid p where not ${courtesy}) as paid_orders,
        (select coalesce(sum(total_cents), 0) from paid) as gross,
        (select coalesce(sum(fees_cents), 0) from paid) as fees,
        (select coalesce(sum(r.amount_cents), 0) from refunds r join paid p on p.id = r.order_id where r.status = 'done') as refunded,
        (select coalesce(sum(unit_cents), 0) from ticket_value where voided_at is null) as net,
        (select count(*) from paid p where p.refund_service_cents > 0) as protection_orders,
        (select count(*) from tickets k join paid p on p.id = k.order_id where ${courtesy} and k.voided_at is null) as courtesies`,
  );
  const lots = await rows<Record<string, unknown>>(
    db,
    sql`select l.id, s.name as section, t.name as ticket, l.number, l.price_cents, l.capacity, l.sold, l.held,
          l.disabled, l.sales_start_at, l.sales_end_at, e.on_sale_at
        from ticket_lots l join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        join events e on e.id = s.event_id
        where s.event_id = ${eventId} order by s.position, s.id, t.position, t.id, l.number`,
  );
  const byDay = await rows<Record<string, unknown>>(
    db,
    sql`with ${PAID(eventId)}
      select to_char(p.paid_at at time zone ${event.time_zone}, 'YYYY-MM-DD') as date,
        coalesce(sum((select count(*) from tickets k where k.order_id = p.id)), 0) as tickets,
        coalesce(sum(p.total_cents), 0) as gross
      from paid p where not ${courtesy} group by 1 order by 1`,
  );
  const byMethod = await rows<Record<string, unknown>>(
    db,
    sql`with ${PAID(eventId)}
      select p.method, count(*) as orders, coalesce(sum(p.total_cents), 0) as gross
      from paid p where not ${courtesy} group by p.method order by p.method`,
  );
  const byChannel = await rows<Record<string, unknown>>(
    db,
    sql`with ${PAID(eventId)}
      select case when ${courtesy} then 'courtesy' when p.channel = 2 then 'commissioner'
                  when p.channel = 0 then 'app' else 'site' end as channel,
        count(*) as orders, coalesce(sum((select count(*) from tickets k where k.order_id = p.id)), 0) as tickets,
        coalesce(sum(p.total_cents), 0) as gross
      from paid p group by 1 order by 1`,
  );
  const bySection = await rows<Record<string, unknown>>(
    db,
    sql`select s.name as section, count(k.checked_in_at) as checked_in, count(*) as expected
      from tickets k join event_tickets t on t.id = k.ticket_id join event_sections s on s.id = t.section_id
      where k.event_id = ${eventId} and k.voided_at is null group by s.id, s.name, s.position order by s.position, s.id`,
  );
  const byGate = await rows<Record<string, unknown>>(
    db,
    sql`select coalesce(k.check_in_gate, '') as gate, count(*) as checked_in from tickets k
      where k.event_id = ${eventId} and k.checked_in_at is not null and k.voided_at is null
      group by 1 order by 2 desc, 1`,
  );
  const recent = await rows<Record<string, unknown>>(
    db,
    sql`select k.checked_in_at, s.name as section, t.name as ticket, k.check_in_gate
      from tickets k join event_tickets t on t.id = k.ticket_id join event_sections s on s.id = t.section_id
      where k.event_id = ${eventId} and k.checked_in_at is not null order by k.checked_in_at desc, k.id limit 20`,
  );
  const now = Date.now();
  const lotRows = lots.map((lot) => ({
    lotId: n(lot.id),
    section: String(lot.section),
    ticket: String(lot.ticket),
    number: n(lot.number),
    priceCents: n(lot.price_cents),
    capacity: n(lot.capacity),
    sold: n(lot.sold),
    held: n(lot.held),
    over:
      Boolean(lot.disabled) ||
      n(lot.sold) >= n(lot.capacity) ||
      (lot.sales_end_at !== null && new Date(lot.sales_end_at as string).getTime() <= now),
    notYet:
      (lot.sales_start_at !== null && new Date(lot.sales_start_at as string).getTime() > now) ||
      (lot.on_sale_at !== null && new Date(lot.on_sale_at as string).getTime() > now),
  }));
  // The lot buyers get now: per ticket type, the first one neither over nor waiting for its window.
  const current = new Set<number>();
  const seen = new Set<string>();
  for (const lot of lotRows) {
    const key = `${lot.section}\u0000${lot.ticket}`;
    if (seen.has(key) || lot.over || lot.notYet) continue;
    seen.add(key);
    current.add(lot.lotId);
  }
  const checkedIn = bySection.reduce((sum, row) => sum + n(row.checked_in), 0);
  return {
    eventId,
    currency: event.currency,
    generatedAt: new Date(now).toISOString(),
    totals: {
      capacity: lotRows.reduce((sum, lot) => sum + lot.capacity, 0),
      sold: lotRows.reduce((sum, lot) => sum + lot.sold, 0),
      held: lotRows.reduce((sum, lot) => sum + lot.held, 0),
      courtesies: n(totals!.courtesies),
      paidOrders: n(totals!.paid_orders),
      grossCents: n(totals!.gross),
      feesCents: n(totals!.fees),
      refundedCents: n(totals!.refunded),
      netCents: n(totals!.net),
      protectionOrders: n(totals!.protection_orders),
      checkedIn,
    },
    byLot: lotRows.map(({ over, notYet: _w, ...lot }) => ({
      ...lot,
      state: current.has(lot.lotId) ? ('on_sale' as const) : over ? ('over' as const) : ('waiting' as const),
    })),
    byDay: byDay.map((row) => ({
      date: String(row.date),
      tickets: n(row.tickets),
      grossCents: n(row.gross),
    })),
    byMethod: byMethod.map((row) => ({
      method: String(row.method),
      orders: n(row.orders),
      grossCents: n(row.gross),
    })),
    byChannel: byChannel.map((row) => ({
      channel: row.channel as 'site' | 'commissioner' | 'app' | 'courtesy',
      orders: n(row.orders),
      tickets: n(row.tickets),
      grossCents: n(row.gross),
    })),
    checkIns: {
      checkedIn,
      expected: bySection.reduce((sum, row) => sum + n(row.expected), 0),
      bySection: bySection.map((row) => ({
        section: String(row.section),
        checkedIn: n(row.checked_in),
        expected: n(row.expected),
      })),
      byGate: byGate.map((row) => ({ gate: String(row.gate), checkedIn: n(row.checked_in) })),
      recent: recent.map((row) => ({
        at: new Date(row.checked_in_at as string).toISOString(),
        section: String(row.section),
        ticket: String(row.ticket),
        gate: (row.check_in_gate as string | null) ?? null,
      })),
    },
  };
}

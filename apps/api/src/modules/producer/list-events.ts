import type { TProducerEventList } from '@ingressos/contracts/staff-producer';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { SCOPED_ROLES, type TStaff } from '../staff/roles.ts';
import { EVENT_STATE_COLUMNS, eventState, type TEventStateRow } from './event-state.ts';
import { posterUrlOf } from './posters.ts';

/** Enough for any producer's list and an admin's recent ones (the console shows no pager). */
export const PRODUCER_EVENTS_LIMIT = 300;

type TRow = TEventStateRow & {
  id: number;
  slug: string;
  name: string;
  time_zone: string;
  city: string;
  state: string;
  poster_id: string | null;
  currency: string;
  revision: number;
  sold: number;
  capacity: number;
  gross_cents: number;
};

/**
 * GET /api/staff/producer/events: a producer's own events (their `eventIds`, filtered in the query
 * so no other event is even read), every event for an administrator. `grossCents` is what buyers
 * paid for the event's orders that were paid, minus the refunds done (docs/decisions.md).
 */
export async function listProducerEvents(
  db: TDb,
  staff: Pick<TStaff, 'role' | 'eventIds'>,
): Promise<TProducerEventList> {
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
    sql`select e.id, e.slug, e.name, e.time_zone, v.city, v.state, e.poster_id, e.currency, e.revision,
        ${EVENT_STATE_COLUMNS},
        coalesce(lots.sold, 0)::int as sold, coalesce(lots.capacity, 0)::int as capacity,
        (coalesce((select sum(o.total_cents) from orders o where o.event_id = e.id and o.paid_at is not null), 0)
          - coalesce((select sum(r.amount_cents) from refunds r join orders o on o.id = r.order_id
              where o.event_id = e.id and r.status = 'done'), 0))::int as gross_cents
      from events e
      join venues v on v.id = e.venue_id
      left join lateral (
        select sum(l.sold) as sold, sum(l.capacity) as capacity from ticket_lots l
        join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        where s.event_id = e.id
      ) lots on true
      ${scope}
      order by e.starts_at desc, e.id desc
      limit ${PRODUCER_EVENTS_LIMIT}`,
  );
  const now = Date.now();
  return {
    events: found.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      startsAt: new Date(row.starts_at).toISOString(),
      timeZone: row.time_zone,
      city: row.city,
      state: row.state,
      published: row.published,
      status: eventState(row, now),
      posterUrl: posterUrlOf({ slug: row.slug, posterId: row.poster_id }),
      currency: row.currency,
      sold: Number(row.sold),
      capacity: Number(row.capacity),
      grossCents: Number(row.gross_cents),
      revision: Number(row.revision),
    })),
  };
}

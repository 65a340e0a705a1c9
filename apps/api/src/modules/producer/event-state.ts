import type { TProducerEventState } from '@ingressos/contracts/staff-producer';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/** What decides where an event stands; the list and the editor read the same columns. */
export type TEventStateRow = {
  published: boolean;
  starts_at: Date | string;
  on_sale_at: Date | string | null;
  cancelled: boolean;
  /** Lots still selling: enabled and with free units. */
  open_lots: number;
};

/** The SQL columns of TEventStateRow for the event aliased `e`. */
export const EVENT_STATE_COLUMNS = sql`e.published, e.starts_at, e.on_sale_at,
  exists (select 1 from event_cancellations c where c.event_id = e.id and c.kind = 'cancel') as cancelled,
  (select count(*)::int from ticket_lots l join event_tickets t on t.id = l.ticket_id
     join event_sections s on s.id = t.section_id
   where s.event_id = e.id and not l.disabled and l.sold + l.held < l.capacity) as open_lots`;

/**
 * Where an event stands: cancelled (a cancellation job exists), past (it started), draft (not
 * published), sold out (no lot enabled with a free unit), scheduled (sales open later), on sale.
 */
export function eventState(row: TEventStateRow, now = Date.now()): TProducerEventState {
  if (row.cancelled) return 'cancelled';
  if (new Date(row.starts_at).getTime() < now) return 'past';
  if (!row.published) return 'draft';
  if (Number(row.open_lots) === 0) return 'sold_out';
  if (row.on_sale_at && new Date(row.on_sale_at).getTime() > now) return 'scheduled';
  return 'on_sale';
}

/** One event's state and revision, or undefined when there is no such event. */
export async function readEventState(
  db: TDb,
  eventId: number,
): Promise<{ state: TProducerEventState; revision: number; slug: string } | undefined> {
  const [row] = await rows<TEventStateRow & { revision: number; slug: string }>(
    db,
    sql`select e.revision, e.slug, ${EVENT_STATE_COLUMNS} from events e where e.id = ${eventId}`,
  );
  return row ? { state: eventState(row), revision: Number(row.revision), slug: row.slug } : undefined;
}

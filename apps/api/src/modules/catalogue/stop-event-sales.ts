import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { disableEventLots } from '../cart/stop-lot-sales.ts';
import { touchEvents } from './touch-events.ts';

/**
 * Issue 33: an event cancelled stops selling at once: every lot of it reads disabled (the cart
 * module's writer: no hold takes a disabled lot; the catalogue shows it unavailable) and its revision
 * is bumped so every process's snapshot follows. In the caller's transaction.
 */
export async function stopEventSales(tx: TDb, eventId: number): Promise<void> {
  await disableEventLots(tx, eventId);
  await touchEvents(tx, [eventId]);
}

/** Issue 33: an event postponed: its new date, and its revision bumped for the snapshots. In the caller's transaction. */
export async function rescheduleEvent(tx: TDb, eventId: number, startsAt: Date): Promise<void> {
  await tx.execute(
    sql`update events set starts_at = ${startsAt.toISOString()}::timestamptz where id = ${eventId}`,
  );
  await touchEvents(tx, [eventId]);
}

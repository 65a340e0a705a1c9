import type { TDb } from '../../apps/api/src/db/client.ts';
import { eq } from '../../apps/api/src/db/orm.ts';
import { eventSections, events, eventTickets, ticketLots } from '../../apps/api/src/db/schema/index.ts';

/**
 * Issue 36, for the half-price journey and its screenshots: beside the cart fixture's plain lot
 * `lotId` ('Inteira'), a 'Meia' ticket at half its price in the same section; the event sells
 * half-price (40 %, the federal categories), the section's quota is `quota`, `sold` of it sold.
 * Both tickets identify each unit's holder by CPF. Answers the Meia's lot.
 */
export async function addHalfPrice(
  db: TDb,
  eventId: number,
  lotId: number,
  quota: number,
  sold: number,
): Promise<number> {
  const [lot] = await db.select().from(ticketLots).where(eq(ticketLots.id, lotId));
  const [ticket] = await db.select().from(eventTickets).where(eq(eventTickets.id, lot!.ticketId));
  const [half] = await db
    .insert(eventTickets)
    .values({
      sectionId: ticket!.sectionId,
      name: 'Meia',
      alias: 'meia',
      position: 2,
      halfPrice: true,
      ticketsPerCpf: 4,
    })
    .returning();
  // Both ask each unit's holder (a CPF per unit).
  await db.update(eventTickets).set({ ticketsPerCpf: 4 }).where(eq(eventTickets.id, ticket!.id));
  const [halfLot] = await db
    .insert(ticketLots)
    .values({
      ticketId: half!.id,
      number: 1,
      priceCents: lot!.priceCents / 2,
      feeBp: lot!.feeBp,
      processingFeeCents: lot!.processingFeeCents,
      capacity: 10,
    })
    .returning();
  await db.update(events).set({ halfPriceQuotaPercent: 40 }).where(eq(events.id, eventId));
  await db
    .update(eventSections)
    .set({ halfQuota: quota, halfSold: sold })
    .where(eq(eventSections.id, ticket!.sectionId));
  return halfLot!.id;
}

/** A date `days` from today, as a date input takes it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

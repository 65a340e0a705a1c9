import type { TEventTicketsResponse, TSection, TTicket } from '@ingressos/contracts';
import type { TAvailability } from '@ingressos/domain';
import { isOnSale } from '@ingressos/domain/availability';
import { readSnapshot } from '~/shared/api-client.ts';
import type { TEventView } from './event-view.server.ts';

/** What of a ticket moves with sales and holds: its current lot, that lot's price, the availability. */
function stockOf(ticket: TTicket, section: TSection) {
  const availability = ticket.availability as TAvailability;
  return {
    lotId: ticket.lotId,
    lotNumber: ticket.lotNumber,
    value: ticket.value,
    taxTotal: ticket.taxTotal,
    availability,
    available: ticket.available,
    onSale: isOnSale(availability) && ticket.available > 0,
    halfSoldOut: ticket.halfPrice && Boolean(section.halfPrice?.soldOut),
    lots: ticket.lots.map((lot) => ({ number: lot.number, availability: lot.availability as TAvailability })),
  };
}

/**
 * Issue 18: the event page as its snapshot file says now. A kept page (this process's copy, a
 * CDN's up to 35 s old, the browser's back-forward cache) may show a lot that has sold out since;
 * after load the browser reads the same file the loader read and takes the stock from it. Only
 * the stock fields the view carries are replaced; null when nothing moved or the file is not there.
 */
export async function freshStock<T extends TEventView>(event: T): Promise<T | null> {
  const snapshot = await readSnapshot<TEventTicketsResponse>(`getEventTicketsBySlug/${event.slug}.json`);
  if (snapshot?.id !== event.id) return null;
  const now = new Map(
    snapshot.sections.flatMap((section) => section.tickets.map((t) => [t.id, stockOf(t, section)])),
  );
  let moved = false;
  const sections = event.sections.map((section) => ({
    ...section,
    tickets: section.tickets.map((ticket) => {
      const found = now.get(ticket.id);
      if (!found) return ticket;
      const stock: Record<string, unknown> = found;
      const next: Record<string, unknown> = { ...ticket };
      for (const key of Object.keys(ticket))
        if (key in stock && JSON.stringify(stock[key]) !== JSON.stringify(next[key])) {
          next[key] = stock[key];
          moved = true;
        }
      return next as typeof ticket;
    }),
  }));
  return moved ? { ...event, sections } : null;
}

import type { TDb } from '../../db/client.ts';
import { asc, eq, inArray, sql } from '../../db/orm.ts';
import type { AnyPgColumn } from '../../db/pg-core.ts';
import { rows } from '../../db/rows.ts';
import {
  controlledPlaces,
  eventGroups,
  eventSections,
  events,
  eventTickets,
  producers,
  ticketLots,
  venues,
} from '../../db/schema/index.ts';

/** Everything the catalogue answers are built from, for some events or for all published ones. */
export async function loadCatalogueRows(db: TDb, eventIds: readonly number[] | 'all') {
  const only = (column: AnyPgColumn) => (eventIds === 'all' ? undefined : inArray(column, [...eventIds]));
  if (eventIds !== 'all' && eventIds.length === 0) {
    return { events: [], sections: [], tickets: [], lots: [], places: [] };
  }

  const eventRows = await db
    .select({
      event: events,
      venue: venues,
      producer: { id: producers.id, name: producers.name },
      group: { id: eventGroups.id, slug: eventGroups.slug, name: eventGroups.name },
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(producers, eq(producers.id, events.producerId))
    .leftJoin(eventGroups, eq(eventGroups.id, events.groupId))
    .where(only(events.id))
    .orderBy(asc(events.startsAt), asc(events.id));

  const sections = await db
    .select()
    .from(eventSections)
    .where(only(eventSections.eventId))
    .orderBy(asc(eventSections.position));

  const tickets = await db
    .select({ ticket: eventTickets, eventId: eventSections.eventId })
    .from(eventTickets)
    .innerJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .where(only(eventSections.eventId))
    .orderBy(asc(eventTickets.position));

  const lots = await db
    .select({ lot: ticketLots, eventId: eventSections.eventId })
    .from(ticketLots)
    .innerJoin(eventTickets, eq(eventTickets.id, ticketLots.ticketId))
    .innerJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .where(only(eventSections.eventId))
    .orderBy(asc(ticketLots.number));

  const places = await db
    .select({ place: controlledPlaces, eventId: eventSections.eventId })
    .from(controlledPlaces)
    .innerJoin(eventSections, eq(eventSections.id, controlledPlaces.sectionId))
    .where(only(eventSections.eventId))
    .orderBy(asc(controlledPlaces.id));

  // A cart hold counts only until it expires, even before anyone reclaims its units: what
  // expired is taken off the counters here, so no page shows it as held (docs/cart-holds.md).
  const expired = await rows<{
    lot_id: number;
    controlled_place_id: number | null;
    section_id: number;
    half_price: boolean;
    units: number;
  }>(
    db,
    sql`
    select h.lot_id, h.controlled_place_id, s.id as section_id, t.half_price, sum(h.quantity)::int as units
    from cart_holds h
    join ticket_lots l on l.id = h.lot_id
    join event_tickets t on t.id = l.ticket_id
    join event_sections s on s.id = t.section_id
    where not h.released and h.expires_at <= now() ${
      eventIds === 'all'
        ? sql``
        : sql`and s.event_id in (${sql.join(
            eventIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
    }
    group by h.lot_id, h.controlled_place_id, s.id, t.half_price`,
  );
  const expiredByLot = new Map<number, number>();
  const expiredByPlace = new Map<number, number>();
  // Issue 36: an expired half-price hold no longer counts against its section's quota either.
  const expiredHalfBySection = new Map<number, number>();
  for (const row of expired) {
    if (row.half_price) {
      expiredHalfBySection.set(row.section_id, (expiredHalfBySection.get(row.section_id) ?? 0) + row.units);
    }
    expiredByLot.set(row.lot_id, (expiredByLot.get(row.lot_id) ?? 0) + row.units);
    if (row.controlled_place_id !== null) {
      expiredByPlace.set(
        row.controlled_place_id,
        (expiredByPlace.get(row.controlled_place_id) ?? 0) + row.units,
      );
    }
  }

  return {
    events: eventRows,
    sections: sections.map((section) => ({
      ...section,
      halfHeld: section.halfHeld - (expiredHalfBySection.get(section.id) ?? 0),
    })),
    tickets: tickets.map((row) => row.ticket),
    lots: lots.map(({ lot }) => ({ ...lot, held: lot.held - (expiredByLot.get(lot.id) ?? 0) })),
    places: places.map(({ place }) => ({ ...place, held: place.held - (expiredByPlace.get(place.id) ?? 0) })),
  };
}

export type TCatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;
export type TEventRow = TCatalogueRows['events'][number];

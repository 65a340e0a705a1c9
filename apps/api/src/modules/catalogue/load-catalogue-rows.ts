import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.ts';
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

  return {
    events: eventRows,
    sections,
    tickets: tickets.map((row) => row.ticket),
    lots: lots.map((row) => row.lot),
    places: places.map((row) => row.place),
  };
}

export type TCatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;
export type TEventRow = TCatalogueRows['events'][number];

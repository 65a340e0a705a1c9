import type { TEventTicketsResponse } from '@ingressos/contracts';
import type { TAvailability } from '@ingressos/domain';
import type { TMapSection } from './map-types.ts';

/** The map's sections, seats and tables from the event's answer (the loader's, and the snapshot's after load). */
export function toMapSections(event: TEventTicketsResponse): TMapSection[] {
  return event.sections
    .filter((section) => section.controlledPlaces.length > 0)
    .map((section) => {
      // A seat or table is held under a ticket's lot (spec §7 addtocart): the buyer picks which
      // ticket type when the section sells several (Inteira, Meia-entrada); the first by default.
      const tickets = section.tickets
        .filter((ticket) => ticket.availability === 'Disponivel' || ticket.availability === 'Remanescente')
        .map((ticket) => ({
          lotId: ticket.lotId,
          name: ticket.ticketName,
          value: ticket.value,
          taxTotal: ticket.taxTotal,
        }));
      const lotId = tickets[0]?.lotId ?? null;
      return {
        id: section.id,
        name: section.name,
        tickets,
        places: section.controlledPlaces.map((place) => ({
          id: place.controlledPlaceId,
          alias: place.alias,
          location: place.SeatsLocation,
          x: place.x,
          y: place.y,
          status: place.status as TAvailability,
          table: place.SeatsTable,
          seats: place.max,
          lotId,
        })),
      };
    });
}

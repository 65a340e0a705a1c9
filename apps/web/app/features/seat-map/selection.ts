import { isOnSale } from '@ingressos/domain/availability';
import type { TMapPlace, TMapSection, TMapTicket } from './map-types.ts';

/** Pure rules of what the buyer picked on the map. */
export const selectable = (place: TMapPlace) => isOnSale(place.status);

/** Adds the id when absent, removes it when present. */
export const toggleId = (list: number[], id: number) =>
  list.includes(id) ? list.filter((each) => each !== id) : [...list, id];

/** The picked places in map order, each under the lot chosen for it (or its default). */
export const chosenPlaces = (places: TMapPlace[], selected: number[], lots: Record<number, number>) =>
  places.filter((p) => selected.includes(p.id)).map((p) => ({ ...p, lotId: lots[p.id] ?? p.lotId }));

/** Each place's ticket types: those of its section. */
export const ticketsByPlace = (sections: TMapSection[]) =>
  new Map(sections.flatMap((s) => s.places.map((p) => [p.id, s.tickets] as const)));

/** The ticket a place is priced at: the lot picked for it, or its default lot. */
export function ticketOfPlace(
  place: TMapPlace,
  lots: Record<number, number>,
  ticketsOf: Map<number, TMapTicket[]>,
): TMapTicket | undefined {
  const lotId = lots[place.id] ?? place.lotId;
  return ticketsOf.get(place.id)?.find((each) => each.lotId === lotId);
}

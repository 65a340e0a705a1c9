/** Spec §9 "Ticket availability", in the order a buyer cares about. */
export const AVAILABILITY = [
  'Disponivel',
  'Remanescente',
  'Reservado',
  'Indisponivel',
  'Desativado',
] as const;
export type TAvailability = (typeof AVAILABILITY)[number];

/** True when a buyer may pick it now (a lot, a seat, a table). The pages and the API both ask here. */
export function isOnSale(availability: TAvailability): boolean {
  return availability === 'Disponivel' || availability === 'Remanescente';
}

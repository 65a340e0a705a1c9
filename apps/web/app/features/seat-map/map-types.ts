import type { TAvailability } from '@ingressos/domain';

export type TMapPlace = {
  id: number;
  alias: string;
  location: string;
  x: number;
  y: number;
  status: TAvailability;
  table: boolean;
  seats: number;
  /** The lot the cart holds it under unless the buyer picks another ticket type: the section's first on sale. */
  lotId: number | null;
};
/** A ticket type on sale in a section (Inteira, Meia-entrada...): its current lot and price per place. */
export type TMapTicket = { lotId: number; name: string; value: number; taxTotal: number };
export type TMapSection = { id: number; name: string; places: TMapPlace[]; tickets: TMapTicket[] };

import { describe, expect, it } from 'vitest';
import type { TMapPlace, TMapSection } from './map-types.ts';
import { chosenPlaces, selectable, ticketOfPlace, ticketsByPlace, toggleId } from './selection.ts';

const place = (id: number, status: TMapPlace['status'] = 'Disponivel'): TMapPlace => ({
  id,
  alias: String(id),
  location: `A${id}`,
  x: id,
  y: 0,
  status,
  table: false,
  seats: 1,
  lotId: 10,
});
const inteira = { lotId: 10, name: 'Inteira', value: 100, taxTotal: 10 };
const meia = { lotId: 11, name: 'Meia', value: 50, taxTotal: 5 };
const sections: TMapSection[] = [
  { id: 1, name: 'Pista', places: [place(1), place(2)], tickets: [inteira, meia] },
];

describe('seat map selection', () => {
  it('lets only places on sale be picked', () => {
    expect(selectable(place(1))).toBe(true);
    expect(selectable(place(1, 'Indisponivel'))).toBe(false);
  });

  it('toggles a place in and out of the list', () => {
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('lists the picked places in map order under the lot chosen for each', () => {
    const chosen = chosenPlaces([place(1), place(2), place(3)], [3, 1], { 3: 11 });
    expect(chosen.map((p) => [p.id, p.lotId])).toEqual([
      [1, 10],
      [3, 11],
    ]);
  });

  it('prices a place at its chosen ticket type, else its default lot', () => {
    const ticketsOf = ticketsByPlace(sections);
    expect(ticketsOf.get(2)).toEqual([inteira, meia]);
    expect(ticketOfPlace(place(1), {}, ticketsOf)).toBe(inteira);
    expect(ticketOfPlace(place(1), { 1: 11 }, ticketsOf)).toBe(meia);
    expect(ticketOfPlace(place(9), {}, ticketsOf)).toBeUndefined();
  });
});

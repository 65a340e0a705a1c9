import type { TEventTicketsResponse } from '@ingressos/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEventView } from './event-view.server.ts';
import { freshStock } from './fresh-stock.ts';
import { serveSnapshot } from './serve-snapshot.ts';

/** A view as the page has it: one section, one ticket on its first lot (slimmed: no `lots`). */
function view(): TEventView {
  return {
    id: 7,
    slug: 'show',
    name: 'Show',
    sections: [
      {
        id: 1,
        name: 'Pista',
        tickets: [
          {
            id: 11,
            lotId: 101,
            name: 'Inteira',
            lotNumber: 1,
            value: 100,
            taxTotal: 10,
            availability: 'Disponivel',
            available: 2,
            onSale: true,
            minQtd: 1,
            maxQtd: 6,
          },
        ],
      },
    ],
  } as unknown as TEventView;
}

/** The snapshot file's ticket 11 after its first lot sold out. */
const soldOutFirstLot = {
  id: 7,
  sections: [
    {
      tickets: [
        {
          id: 11,
          lotId: 102,
          ticketName: 'Renamed in the file',
          lotNumber: 2,
          value: 120,
          taxTotal: 12,
          availability: 'Remanescente',
          available: 1,
          minQtd: 1,
          maxQtd: 6,
          lots: [
            { number: 1, availability: 'Indisponivel' },
            { number: 2, availability: 'Remanescente' },
          ],
        },
      ],
    },
  ],
} as unknown as TEventTicketsResponse;

const serve = serveSnapshot;

describe('the stock of now for a kept event page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("takes the current lot, its price and availability from the event's snapshot file", async () => {
    const calls = serve(soldOutFirstLot);
    const before = view();
    const fresh = await freshStock(before);
    expect(calls).toEqual(['/assets/api/getEventTicketsBySlug/show.json']);
    expect(fresh?.sections[0]?.tickets[0]).toEqual({
      ...before.sections[0]!.tickets[0],
      lotId: 102,
      lotNumber: 2,
      value: 120,
      taxTotal: 12,
      availability: 'Remanescente',
      available: 1,
      onSale: true,
    });
    // Only stock: the page's own fields (its name) stay; what the view does not carry is not added.
    expect(fresh?.sections[0]?.tickets[0]).not.toHaveProperty('lots');
    expect(fresh?.name).toBe('Show');
  });

  it('says a ticket with no unit left is not on sale', async () => {
    const gone = structuredClone(soldOutFirstLot) as unknown as { sections: { tickets: object[] }[] };
    Object.assign(gone.sections[0]!.tickets[0]!, { availability: 'Reservado', available: 0 });
    serve(gone);
    const ticket = (await freshStock(view()))?.sections[0]?.tickets[0];
    expect(ticket).toMatchObject({ availability: 'Reservado', available: 0, onSale: false });
  });

  it('answers nothing when nothing moved, the file is missing, or it is another event', async () => {
    const same = structuredClone(soldOutFirstLot) as unknown as { sections: { tickets: object[] }[] };
    Object.assign(same.sections[0]!.tickets[0]!, {
      lotId: 101,
      lotNumber: 1,
      value: 100,
      taxTotal: 10,
      availability: 'Disponivel',
      available: 2,
    });
    serve(same);
    expect(await freshStock(view())).toBeNull();
    serve({ Message: 'not found' }, 404);
    expect(await freshStock(view())).toBeNull();
    serve({ ...soldOutFirstLot, id: 8 });
    expect(await freshStock(view())).toBeNull();
  });
});

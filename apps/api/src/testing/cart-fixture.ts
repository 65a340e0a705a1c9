import type { TDb } from '../db/client.ts';
import {
  controlledPlaces,
  eventSections,
  events,
  eventTickets,
  producers,
  ticketLots,
  venues,
} from '../db/schema/index.ts';

export type TCartFixture = {
  eventId: number;
  slug: string;
  otherSlug: string;
  otherEventId: number;
  lotId: number;
  nextLotId: number;
  otherEventLotId: number;
  seatLotId: number;
  seatIds: number[];
  tableLotId: number;
  tableIds: number[];
  openTableLotId: number;
  openTableId: number;
};

let counter = 0;

/**
 * A small catalogue for cart tests: an event with a plain ticket (two lots), a seated section,
 * a section of tables sold whole and one of open tables; and a second event.
 */
export async function createCartFixture(
  db: TDb,
  options: {
    lotCapacity?: number;
    seats?: number;
    tables?: number;
    maxPerCart?: number | null;
    /** Refund protection on sale, as basis points of the price (1000 = 10 %). */
    refundBp?: number;
    /** Seats of the open table (and units of its lot): 6 unless set. */
    openTableSeats?: number;
  } = {},
): Promise<TCartFixture> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const [producer] = await db
    .insert(producers)
    .values({ name: `Produtora ${tag}` })
    .returning();
  const [venue] = await db
    .insert(venues)
    .values({
      name: `Arena ${tag}`,
      address: 'Rua da Consolação',
      addressNumber: '100',
      district: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01302-000',
    })
    .returning();
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const makeEvent = async (slug: string) => {
    const [event] = await db
      .insert(events)
      .values({
        slug,
        name: `Show ${slug}`,
        description: 'Um show de teste.',
        category: 'Shows',
        ageRating: '16',
        startsAt,
        timeZone: 'America/Sao_Paulo',
        currency: 'BRL',
        producerId: producer!.id,
        venueId: venue!.id,
        maxTicketsPerCart: options.maxPerCart === undefined ? 6 : options.maxPerCart,
        refundSiteActive: options.refundBp !== undefined,
        refundSitePercentBp: options.refundBp ?? 0,
      })
      .returning();
    return event!;
  };
  const event = await makeEvent(`show-${tag}`);
  const other = await makeEvent(`outro-${tag}`);

  const section = async (
    eventId: number,
    name: string,
    extra: Partial<typeof eventSections.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(eventSections)
      .values({ eventId, name, position: 1, minQtd: 1, maxQtd: 6, ...extra })
      .returning();
    return row!;
  };
  const ticketWithLots = async (sectionId: number, capacities: number[]) => {
    const [ticket] = await db
      .insert(eventTickets)
      .values({ sectionId, name: 'Inteira', alias: 'inteira', position: 1 })
      .returning();
    const lots = [];
    for (const [index, capacity] of capacities.entries()) {
      const [lot] = await db
        .insert(ticketLots)
        .values({
          ticketId: ticket!.id,
          number: index + 1,
          priceCents: 10_000 + index * 2_000,
          feeBp: 1_000,
          processingFeeCents: 250,
          capacity,
        })
        .returning();
      lots.push(lot!);
    }
    return lots;
  };

  const capacity = options.lotCapacity ?? 10;
  const [lot, nextLot] = await ticketWithLots((await section(event.id, 'Pista')).id, [capacity, capacity]);
  const [otherLot] = await ticketWithLots((await section(other.id, 'Pista')).id, [capacity]);

  const seated = await section(event.id, 'Plateia');
  const seatCount = options.seats ?? 4;
  const [seatLot] = await ticketWithLots(seated.id, [seatCount]);
  const seatRows = await db
    .insert(controlledPlaces)
    .values(
      Array.from({ length: seatCount }, (_, i) => ({
        sectionId: seated.id,
        kind: 'seat',
        alias: `A${i + 1}`,
        rowLabel: 'A',
        seatNumber: i + 1,
        x: i * 10,
        y: 0,
      })),
    )
    .returning();

  const tableCount = options.tables ?? 2;
  const wholeTables = await section(event.id, 'Mesas', { bookAsAWhole: true, minQtd: 4, maxQtd: 4 });
  const [tableLot] = await ticketWithLots(wholeTables.id, [tableCount * 4]);
  const tableRows = await db
    .insert(controlledPlaces)
    .values(
      Array.from({ length: tableCount }, (_, i) => ({
        sectionId: wholeTables.id,
        kind: 'table',
        alias: `Mesa ${i + 1}`,
        tableNumber: i + 1,
        x: i * 20,
        y: 50,
        minSeats: 4,
        capacity: 4,
      })),
    )
    .returning();

  const openTables = await section(event.id, 'Mesas abertas', { minQtd: 1, maxQtd: 6 });
  const openSeats = options.openTableSeats ?? 6;
  const [openTableLot] = await ticketWithLots(openTables.id, [openSeats]);
  const [openTable] = await db
    .insert(controlledPlaces)
    .values({
      sectionId: openTables.id,
      kind: 'table',
      alias: 'Mesa aberta',
      tableNumber: 9,
      x: 0,
      y: 90,
      minSeats: 3,
      capacity: openSeats,
    })
    .returning();

  return {
    eventId: event.id,
    slug: event.slug,
    otherSlug: other.slug,
    otherEventId: other.id,
    lotId: lot!.id,
    nextLotId: nextLot!.id,
    otherEventLotId: otherLot!.id,
    seatLotId: seatLot!.id,
    seatIds: seatRows.map((row) => row.id),
    tableLotId: tableLot!.id,
    tableIds: tableRows.map((row) => row.id),
    openTableLotId: openTableLot!.id,
    openTableId: openTable!.id,
  };
}

import type { TCart, TCartItem } from '@ingressos/contracts';
import {
  centsToAmount,
  hourInTimeZone,
  incompleteTables,
  percentOfCents,
  placeStatus,
  TICKET_TYPE,
  type TLocale,
  ticketKind,
} from '@ingressos/domain';
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import {
  cartHolds,
  carts,
  controlledPlaces,
  eventSections,
  events,
  eventTickets,
  ticketLots,
  venues,
} from '../../db/schema/index.ts';
import { cartError } from './cart-error.ts';
import { reclaimExpiredHolds } from './stock.ts';
import { withTransaction } from './with-transaction.ts';

/**
 * The session's cart in the spec's Cart shape, or null when the session has none or it is
 * empty. An expired cart gives its units back at once and answers 'Carrinho expirado' until the
 * buyer clears it (leaveCart) or brings it back (activatecart).
 */
export async function getCart(db: TDb, sessionId: string, locale: TLocale): Promise<TCart | null> {
  const [cart] = await db.select().from(carts).where(eq(carts.sessionId, sessionId));
  if (!cart) return null;
  const rows = await db
    .select({
      hold: cartHolds,
      lot: ticketLots,
      ticket: eventTickets,
      section: eventSections,
      event: events,
      venue: venues,
      place: controlledPlaces,
    })
    .from(cartHolds)
    .innerJoin(ticketLots, eq(ticketLots.id, cartHolds.lotId))
    .innerJoin(eventTickets, eq(eventTickets.id, cartHolds.ticketId))
    .innerJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .innerJoin(events, eq(events.id, eventSections.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(controlledPlaces, eq(controlledPlaces.id, cartHolds.controlledPlaceId))
    .where(eq(cartHolds.cartId, cart.id))
    .orderBy(asc(cartHolds.id));
  if (rows.length === 0) return null;
  if (cart.expiresAt.getTime() <= Date.now() || rows.some((row) => row.hold.released)) {
    // Its units go back on sale now; the lines stay until the buyer clears or reactivates the cart.
    await withTransaction(db, (tx) => reclaimExpiredHolds(tx, { cartId: cart.id }));
    throw cartError('cart_expired', locale);
  }

  const items = rows.map((row): TCartItem => {
    const { hold, lot, ticket, section, event, venue, place } = row;
    const seated = section.bookAsAWhole || Boolean(place);
    const kind = ticketKind({
      seated,
      bookAsAWhole: section.bookAsAWhole,
      minQtd: section.minQtd,
      maxQtd: section.maxQtd,
    });
    const free = lot.capacity - lot.sold - lot.held;
    return {
      id: hold.id,
      ticketId: ticket.id,
      eventId: event.id,
      eventName: event.name,
      eventCity: venue.city,
      eventState: venue.state,
      eventDate: event.startsAt.toISOString(),
      slug: event.slug,
      hour: hourInTimeZone(event.startsAt, event.timeZone),
      place: venue.name,
      address: venue.address,
      addressNumber: venue.addressNumber,
      docTypes: event.docType,
      images: { poster: `/api/posters/${event.slug}.svg` },
      lotId: lot.id,
      lotNumber: lot.number,
      quantity: hold.quantity,
      value: centsToAmount(lot.priceCents),
      available: Math.max(0, free),
      bookAsAWhole: section.bookAsAWhole,
      noInterest: ticket.noInterest,
      type: TICKET_TYPE[kind],
      sectionName: section.name,
      alias: ticket.alias,
      ticketName: ticket.name,
      taxTotal: centsToAmount(percentOfCents(lot.priceCents, lot.feeBp)),
      taxAppTotal: centsToAmount(percentOfCents(lot.priceCents, lot.appFeeBp)),
      LotProcessingFeeAdd: lot.processingFeeAdded,
      LotProcessingFeeValue: centsToAmount(lot.processingFeeCents),
      valueRefundServiceSite: event.refundSiteActive
        ? centsToAmount(percentOfCents(lot.priceCents, event.refundSitePercentBp))
        : 0,
      minQtd: section.minQtd,
      ownerControl: ticket.ownerControl,
      individualTicketControl: ticket.ticketsPerCpf === null ? 'Não' : 'Sim',
      ticketByCpf: ticket.ticketsPerCpf,
      facialIsActive: event.facialIsActive,
      facialValidationIsActive: event.facialValidationIsActive,
      facialAtMomentOfPurchase: ticket.facialAtMomentOfPurchase,
      onlineNote: ticket.onlineNote,
      coordinates: place
        ? {
            controlledPlaceId: place.id,
            controlledPlaceAlias: place.alias,
            alias: place.alias,
            row: place.rowLabel,
            tableNumber: place.tableNumber,
            SeatsLocation: section.name,
            SeatsTable: place.kind === 'table',
            min: place.minSeats,
            max: place.capacity,
            available: Math.max(0, place.capacity - place.sold - place.held),
            status: placeStatus({ ...place, bookAsAWhole: section.bookAsAWhole }),
            quantity: hold.quantity,
          }
        : null,
    };
  });

  const first = rows[0]!.event;
  return {
    id: cart.id,
    exp: cart.expiresAt.toISOString(),
    holdToken: null,
    eventId: first.id,
    docType: first.docType,
    useTicketLots: true,
    creditCardPaymentMethod: true,
    pixPaymentMethod: true,
    multiplePaymentMethod: false,
    refund: { IsActive: first.refundSiteActive, percent: first.refundSitePercentBp / 100 },
    items,
    incompleteTables: incompleteTables(
      rows
        .filter((row) => row.place?.kind === 'table')
        .map((row) => ({
          controlledPlaceId: String(row.place!.id),
          seats: row.hold.quantity,
          min: row.place!.minSeats,
          bookAsAWhole: row.section.bookAsAWhole,
          // A table with seats sold already is open: what is left may be taken in any number.
          leftover: row.place!.sold > 0,
        })),
    ).map(Number),
  };
}

import type { TAddToCartRequest } from '@ingressos/contracts';
import { DEFAULT_MAX_TICKETS_PER_CART, exceedsCartLimit, isEventPast, type TLocale } from '@ingressos/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import {
  cartHolds,
  carts,
  controlledPlaces,
  eventSections,
  events,
  eventTickets,
  ticketLots,
} from '../../db/schema/index.ts';
import { cartError } from './cart-error.ts';
import { newCartId, newSessionId } from './cart-session.ts';
import { releaseHolds, type TStockMode, takeLotUnits, takePlaceUnits } from './stock.ts';
import { withTransaction } from './with-transaction.ts';

export type TCartOptions = { db: TDb; holdSeconds: number; stockMode: TStockMode; locale: TLocale };

type TTarget = {
  lotId: number;
  ticketId: number;
  eventId: number;
  startsAt: Date;
  published: boolean;
  lotDisabled: boolean;
  capacity: number;
  sold: number;
  maxTicketsPerCart: number | null;
  sectionId: number;
  sectionMax: number;
  bookAsAWhole: boolean;
  place: { id: number; sectionId: number; kind: string; capacity: number; minSeats: number } | null;
};

async function loadTarget(
  db: TDb,
  lotId: number,
  placeId: number | null | undefined,
): Promise<TTarget | null> {
  const [row] = await db
    .select({
      lotId: ticketLots.id,
      ticketId: eventTickets.id,
      eventId: events.id,
      startsAt: events.startsAt,
      published: events.published,
      lotDisabled: ticketLots.disabled,
      capacity: ticketLots.capacity,
      sold: ticketLots.sold,
      maxTicketsPerCart: events.maxTicketsPerCart,
      sectionId: eventSections.id,
      sectionMax: eventSections.maxQtd,
      bookAsAWhole: eventSections.bookAsAWhole,
    })
    .from(ticketLots)
    .innerJoin(eventTickets, eq(eventTickets.id, ticketLots.ticketId))
    .innerJoin(eventSections, eq(eventSections.id, eventTickets.sectionId))
    .innerJoin(events, eq(events.id, eventSections.eventId))
    .where(eq(ticketLots.id, lotId));
  if (!row) return null;
  let place: TTarget['place'] = null;
  if (placeId) {
    const [found] = await db
      .select({
        id: controlledPlaces.id,
        sectionId: controlledPlaces.sectionId,
        kind: controlledPlaces.kind,
        capacity: controlledPlaces.capacity,
        minSeats: controlledPlaces.minSeats,
      })
      .from(controlledPlaces)
      .where(eq(controlledPlaces.id, placeId));
    if (!found) return null;
    place = found;
  }
  return { ...row, place };
}

/**
 * Holds `quantity` units of a lot (and a seat or table) for the session's cart, creating the cart
 * on first use. Checks run before any unit is taken, and the takes are conditional updates in one
 * short transaction, so a failure leaves every counter as it was.
 */
export async function addToCart(
  options: TCartOptions,
  input: TAddToCartRequest,
): Promise<{ sessionId: string; cartId: string }> {
  const { db, locale } = options;
  const target = await loadTarget(db, input.lotId, input.controlledPlaceId);
  // Spec §5: building a cart item fails when its section, ticket or controlled place is missing.
  if (!target || !target.published) throw cartError('item_build_failed', locale);
  if (target.place && target.place.sectionId !== target.sectionId)
    throw cartError('item_build_failed', locale);
  if (isEventPast(target.startsAt)) throw cartError('event_over', locale);
  if (target.lotDisabled) throw cartError('lot_sold_out', locale);

  const place = target.place;
  const wholeTable = Boolean(place && place.kind === 'table' && target.bookAsAWhole);
  // A seat is one unit; a table sold whole is all of its seats; open tables take what was asked.
  const quantity = place
    ? place.kind === 'seat'
      ? 1
      : wholeTable
        ? place.capacity
        : input.quantity
    : input.quantity;
  if (!wholeTable && quantity > target.sectionMax) throw cartError('limit_reached', locale);

  const sessionId = input.sessionId ?? newSessionId();
  const cartId = await withTransaction(db, async (tx) => {
    const cart = await openCart(tx, sessionId, options.holdSeconds);
    if (cart.eventId !== null && cart.eventId !== target.eventId) throw cartError('different_events', locale);

    const [held] = await tx
      .select({ units: sql<number>`coalesce(sum(${cartHolds.quantity}), 0)::int` })
      .from(cartHolds)
      .where(and(eq(cartHolds.cartId, cart.id), eq(cartHolds.released, false)));
    // Spec §5: the event's per-cart maximum, or for whole tables the section's maximum.
    const limit = wholeTable ? target.sectionMax : (target.maxTicketsPerCart ?? DEFAULT_MAX_TICKETS_PER_CART);
    if (exceedsCartLimit(held?.units ?? 0, quantity, limit)) {
      throw cartError('cart_limit', locale, { n: limit });
    }
    if (place) {
      const [already] = await tx
        .select({ id: cartHolds.id })
        .from(cartHolds)
        .where(
          and(
            eq(cartHolds.cartId, cart.id),
            eq(cartHolds.controlledPlaceId, place.id),
            eq(cartHolds.released, false),
          ),
        );
      if (already) throw cartError('already_in_cart', locale);
    }

    if (!(await takeLotUnits(tx, target.lotId, quantity, options.stockMode))) {
      const [lot] = await tx
        .select({ sold: ticketLots.sold, held: ticketLots.held, capacity: ticketLots.capacity })
        .from(ticketLots)
        .where(eq(ticketLots.id, target.lotId));
      const left = lot ? lot.capacity - lot.sold - lot.held : 0;
      throw cartError(left <= 0 ? 'lot_sold_out' : 'lot_insufficient', locale);
    }
    if (place && !(await takePlaceUnits(tx, place.id, quantity, wholeTable, options.stockMode))) {
      throw cartError('place_unavailable', locale);
    }
    await tx.insert(cartHolds).values({
      cartId: cart.id,
      ticketId: target.ticketId,
      lotId: target.lotId,
      controlledPlaceId: place?.id ?? null,
      quantity,
      expiresAt: cart.expiresAt,
    });
    if (cart.eventId === null) {
      await tx
        .update(carts)
        .set({ eventId: target.eventId, updatedAt: new Date() })
        .where(eq(carts.id, cart.id));
    }
    return cart.id;
  });
  return { sessionId, cartId };
}

/**
 * The session's cart, locked for this transaction. A new one when none exists; an expired one
 * gives its holds back and starts over with a fresh timer.
 */
async function openCart(tx: TDb, sessionId: string, holdSeconds: number) {
  const fresh = () => new Date(Date.now() + holdSeconds * 1000);
  await tx
    .insert(carts)
    .values({ id: newCartId(), sessionId, expiresAt: fresh() })
    .onConflictDoNothing({ target: carts.sessionId });
  const [cart] = await tx.select().from(carts).where(eq(carts.sessionId, sessionId)).for('update');
  if (!cart) throw new Error('cart vanished inside its transaction');
  const holds = await tx.select({ id: cartHolds.id }).from(cartHolds).where(eq(cartHolds.cartId, cart.id));
  if (holds.length === 0 || cart.expiresAt.getTime() <= Date.now()) {
    await releaseHolds(
      tx,
      holds.map((hold) => hold.id),
    );
    const expiresAt = fresh();
    await tx
      .update(carts)
      .set({ eventId: null, expiresAt, promoCode: null, protectionProvider: null, updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    return { ...cart, eventId: null, expiresAt };
  }
  return cart;
}

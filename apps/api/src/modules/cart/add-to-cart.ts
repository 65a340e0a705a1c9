import type { TAddToCartRequest, TCart } from '@ingressos/contracts';
import {
  currentLot,
  DEFAULT_MAX_TICKETS_PER_CART,
  exceedsCartLimit,
  isEventPast,
  lotWindowEnded,
  type TLocale,
} from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { newCartId, newSessionId } from '../../db/ids.ts';
import { poolOf } from '../../db/one-connection.ts';
import { eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { carts } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { queueError } from '../queue/queue-error.ts';
import { checkAccountCap, lockAccount, type TAccountCap } from './account-cap.ts';
import { cartError } from './cart-error.ts';
import {
  cartAnswer,
  LINE_COLUMNS,
  LINE_JOINS,
  LOT_PRICE_COLUMNS,
  type TLineRow,
  termColumns,
  toDate,
} from './cart-lines.ts';
import { exclusiveAccessUntil } from './exclusive-access.ts';
import { holdForNewCart } from './new-cart-holds.ts';
import { createCart, openCart, placeHold, unitsInCart } from './open-cart.ts';
import { syncPromoUses } from './promo-uses.ts';
import { HoldNotTaken, holdLotUnits, holdLotUnitsAndCommit, type TStockMode } from './stock.ts';
import { growPlaceHold, takePlaceUnits } from './stock-places.ts';

export type TCartOptions = {
  db: TDb;
  holdSeconds: number;
  stockMode: TStockMode;
  locale: TLocale;
  /**
   * Whether a configured gateway sells events naming this gateway (commerce §9 enumeration, null
   * for the site's default): an event nobody can charge for is not put in carts.
   */
  sellable?: ((gateway: number | null) => boolean) | undefined;
  /** The logged-in account adding, whose units held at once across its carts are capped (issue 19). */
  account?: TAccountCap | undefined;
  /**
   * Issue 19: whether this request carries a valid waiting-room pass for the event and session;
   * asked only for events with a queue (absent: no queue is checked, as when WAITING_ROOM is off).
   */
  admitted?: ((eventId: number, sessionId: string | undefined) => Promise<boolean>) | undefined;
};

/**
 * What a lot belongs to changes rarely (an import or an edit), and every add needs it: keep it a
 * few seconds, per database. Stock is never decided from here; the conditional updates do that.
 */
const TARGET_TTL_MS = 5_000;
const targetsByDb = new WeakMap<TDb, Map<string, { at: number; target: Promise<TTarget | null> }>>();

function cachedTarget(db: TDb, lotId: number, placeId: number | null | undefined): Promise<TTarget | null> {
  // One cache per pool: a call on a connection of its own (withOneConnection) shares it.
  const pool = poolOf(db);
  let targets = targetsByDb.get(pool);
  if (!targets) {
    targets = new Map();
    targetsByDb.set(pool, targets);
  }
  const key = `${lotId}:${placeId ?? ''}`;
  const now = Date.now();
  const hit = targets.get(key);
  if (hit && now - hit.at < TARGET_TTL_MS) return hit.target;
  if (targets.size > 10_000) targets.clear();
  const target = loadTarget(db, lotId, placeId ?? null);
  targets.set(key, { at: now, target });
  target.catch(() => targets.delete(key));
  return target;
}

type TTarget = TLineRow & {
  /** The section sells numbered seats or tables: a unit needs its place. */
  seated: boolean;
  /** The event sells through its waiting room (issue 19). */
  queued: boolean;
  /** The ticket's lots, for which of them is on sale now (currentLot). */
  sibling_lots: {
    id: number;
    number: number;
    capacity: number;
    sold: number;
    held: number;
    disabled: boolean;
    /** Issue 34: the lot's sale window (lots turn over by date too). */
    salesStartAt: string | null;
    salesEndAt: string | null;
  }[];
};

async function loadTarget(db: TDb, lotId: number, placeId: number | null): Promise<TTarget | null> {
  const result = await rows<TTarget>(
    db,
    sql`
    select ${LOT_PRICE_COLUMNS}, ${LINE_COLUMNS},
      exists (select 1 from controlled_places cp where cp.section_id = s.id) as seated,
      e.queue_enabled as queued,
      (select json_agg(json_build_object('id', o.id, 'number', o.number, 'capacity', o.capacity,
         'sold', o.sold, 'held', o.held, 'disabled', o.disabled, 'salesStartAt', o.sales_start_at,
         'salesEndAt', o.sales_end_at)) from ticket_lots o where o.ticket_id = l.ticket_id) as sibling_lots
    from ticket_lots l
    ${LINE_JOINS}
    left join controlled_places p on p.id = ${placeId}::int
    where l.id = ${lotId}`,
  );
  const row = result[0];
  if (!row || (placeId !== null && row.place_id === null)) return null;
  return row;
}

/**
 * Whether the target's lot is its ticket's lot on sale now ('on_sale'), sold already ('sold_out':
 * every unit sold, spec §8 'Este lote está esgotado...'), or a later lot waiting its turn. A lot
 * only ever stops being current (it sells out), so a cached 'current' is re-checked by the hold's
 * own guard and a cached 'not current' is confirmed against fresh rows before refusing.
 */
async function lotSaleState(db: TDb, target: TTarget): Promise<'on_sale' | 'sold_out' | 'waiting'> {
  if (currentLot(target.sibling_lots)?.id === target.lot_id) return 'on_sale';
  const fresh = (await loadTarget(db, target.lot_id, null))?.sibling_lots ?? [];
  if (currentLot(fresh)?.id === target.lot_id) return 'on_sale';
  const lot = fresh.find((each) => each.id === target.lot_id);
  // Issue 34: a lot whose sale window closed is over, like one sold out.
  return !lot || lot.disabled || lot.sold >= lot.capacity || lotWindowEnded(lot) ? 'sold_out' : 'waiting';
}

export type TAddResult = { sessionId: string; cartId: string; cart?: TCart };

/**
 * Holds `quantity` units of a lot (and a seat or table) for the session's cart, creating the cart
 * on first use. Checks run before any unit is taken, and the takes are conditional updates, so a
 * refusal leaves every counter as it was.
 */
export async function addToCart(options: TCartOptions, input: TAddToCartRequest): Promise<TAddResult> {
  const { db, locale } = options;
  const target = await cachedTarget(db, input.lotId, input.controlledPlaceId);
  // Spec §5: building a cart item fails when its section, ticket or controlled place is missing.
  if (!target?.published) throw cartError('item_build_failed', locale);
  if (target.place_id !== null && target.place_section_id !== target.section_id) {
    throw cartError('item_build_failed', locale);
  }
  if (isEventPast(toDate(target.starts_at))) throw cartError('event_over', locale);
  if (options.sellable && !options.sellable(target.event_gateway))
    throw cartError('sales_unavailable', locale);
  if (target.lot_disabled) throw cartError('lot_sold_out', locale);
  // A seated section sells each unit with its seat or table, never as a plain ticket.
  if (target.seated && target.place_id === null) throw cartError('item_build_failed', locale);
  // Only the lot on sale (packages/domain currentLot) may be bought; a later lot waits its turn,
  // and a lot already sold says so (issue 31: it answered 'ainda não está à venda').
  const saleState = await lotSaleState(db, target);
  if (saleState === 'sold_out') throw cartError('lot_sold_out', locale);
  if (saleState === 'waiting') throw cartError('lot_not_on_sale', locale);
  // A restricted event sells only to a session that validated an access code (the event page's pop-up).
  if (
    target.exclusive &&
    !(input.sessionId && (await exclusiveAccessUntil(db, input.sessionId, target.event_id)))
  ) {
    throw cartError('exclusive_required', locale);
  }
  // Issue 19: while the event's queue is on, only a visitor the queue admitted may hold its units.
  if (
    target.queued &&
    options.admitted &&
    !(await options.admitted(target.event_id, input.sessionId ?? undefined))
  )
    throw queueError('queue_pass_required', locale);

  const placeId = target.place_id;
  const wholeTable = placeId !== null && target.place_kind === 'table' && target.book_as_a_whole;
  // An open table (not sold whole) sells its seats in any number: a buyer may add more later.
  const openTable = placeId !== null && target.place_kind === 'table' && !target.book_as_a_whole;
  // A seat is one unit; a table sold whole is all of its seats; open tables take what was asked.
  const quantity =
    placeId === null
      ? input.quantity
      : target.place_kind === 'seat'
        ? 1
        : wholeTable
          ? target.place_capacity!
          : input.quantity;
  if (!wholeTable && quantity > target.section_max) throw cartError('limit_reached', locale);
  // Spec §5: the event's per-cart maximum, or for whole tables the section's maximum.
  const limit = wholeTable
    ? target.section_max
    : (target.max_tickets_per_cart ?? DEFAULT_MAX_TICKETS_PER_CART);
  const sessionId = input.sessionId ?? newSessionId();

  if (
    !input.sessionId &&
    !options.account &&
    placeId === null &&
    !target.half_price &&
    options.stockMode === 'conditional'
  ) {
    // The rush path: a new buyer's plain tickets in one statement (shared with the buyers of the
    // lot arriving meanwhile) and no second query to answer.
    if (exceedsCartLimit(0, quantity, limit)) throw cartError('cart_limit', locale, { n: limit });
    const cartId = newCartId();
    const expiresAt = new Date(Date.now() + options.holdSeconds * 1000);
    const lot = { lotId: target.lot_id, ticketId: target.ticket_id, eventId: target.event_id };
    const held = await holdForNewCart(db, lot, { cartId, sessionId, quantity, expiresAt });
    if (held) {
      const row = {
        ...target,
        // The hold's price terms, as its take read them (the target may be a few seconds old).
        ...termColumns(held.terms),
        lot_sold: held.sold,
        lot_held: held.held,
        hold_id: held.holdId,
        quantity,
        released: false,
      };
      return { sessionId, cartId, cart: cartAnswer(cartId, expiresAt, [row]) };
    }
    const stock = await lotStock(db, target.lot_id);
    // Nothing expired to reclaim: the refusal is final, with no transaction at all.
    if (!stock.reclaimable) throw cartError(stock.free <= 0 ? 'lot_sold_out' : 'lot_insufficient', locale);
  }

  // Issue 37: when the lot's take is the last thing to do (no seat or table, no cart update, no
  // coupon), it ends the transaction, its COMMIT in the same message (stock.ts holdLotUnitsAndCommit).
  const hold = (inOneMessage: boolean) =>
    withTransaction(db, async (tx) => {
      // A buyer without a session is new: the cart is created with this first line, no lookups
      // (for an account, by the statement that locks it: issue 37, one round trip fewer).
      const fresh = !input.sessionId;
      if (options.account && !fresh) await lockAccount(tx, options.account);
      const cart = fresh
        ? await createCart(tx, sessionId, target.event_id, options.holdSeconds, options.account)
        : await openCart(tx, sessionId, options.holdSeconds);
      if (cart.eventId !== null && cart.eventId !== target.event_id)
        throw cartError('different_events', locale);
      const heldHere = placeId !== null && input.sessionId ? await placeHold(tx, cart.id, placeId) : null;
      // A seat or a whole table is held once; an open table's line grows by the seats added (issue 31).
      if (heldHere && !openTable) throw cartError('already_in_cart', locale);
      const inCart = input.sessionId ? await unitsInCart(tx, cart.id) : 0;
      if (exceedsCartLimit(inCart, quantity, limit)) throw cartError('cart_limit', locale, { n: limit });
      if (heldHere && heldHere.quantity + quantity > target.section_max)
        throw cartError('limit_reached', locale);
      if (options.account) await checkAccountCap(tx, options.account, { cartId: cart.id, quantity }, locale);

      if (heldHere && placeId !== null) {
        const hold = { id: heldHere.id, lotId: target.lot_id, placeId };
        const grown = await growPlaceHold(tx, hold, quantity, options.stockMode);
        if (grown === 'lot') {
          const { free } = await lotStock(tx, target.lot_id);
          throw cartError(free <= 0 ? 'lot_sold_out' : 'lot_insufficient', locale);
        }
        if (grown === 'place') throw cartError('place_unavailable', locale);
        if (cart.promoCode) await syncPromoUses(tx, cart.id);
        return cart.id;
      }

      const line = {
        cartId: cart.id,
        ticketId: target.ticket_id,
        lotId: target.lot_id,
        controlledPlaceId: placeId,
        quantity,
        expiresAt: cart.expiresAt,
      };
      if (inOneMessage && placeId === null && cart.eventId !== null && !cart.promoCode) {
        await holdLotUnitsAndCommit(tx, line);
        return cart.id;
      }
      if (!(await holdLotUnits(tx, line, options.stockMode))) {
        const { free, halfFree } = await lotStock(tx, target.lot_id);
        // Issue 36: a half-price ticket whose section's quota has no room ('Meia-entrada esgotada').
        if (target.half_price && halfFree < quantity && free >= quantity)
          throw cartError('half_price_sold_out', locale);
        throw cartError(free <= 0 ? 'lot_sold_out' : 'lot_insufficient', locale);
      }
      if (placeId !== null && !(await takePlaceUnits(tx, placeId, quantity, wholeTable, options.stockMode))) {
        throw cartError('place_unavailable', locale);
      }
      if (cart.eventId === null) {
        await tx
          .update(carts)
          .set({ eventId: target.event_id, updatedAt: new Date() })
          .where(eq(carts.id, cart.id));
      }
      // A cart with a coupon reserves its uses for the units it now holds.
      if (cart.promoCode) await syncPromoUses(tx, cart.id);
      return cart.id;
    });
  let cartId: string;
  try {
    cartId = await hold(options.stockMode === 'conditional');
  } catch (error) {
    // The take found no room and its transaction rolled back: again, on the path that reclaims the
    // lot's expired holds and, refusing, says why.
    if (!(error instanceof HoldNotTaken)) throw error;
    cartId = await hold(false);
  }
  return { sessionId, cartId };
}

/** Units free now, and whether expired holds wait to be reclaimed (so a retry could succeed). */
async function lotStock(
  db: TDb,
  lotId: number,
): Promise<{ free: number; reclaimable: boolean; halfFree: number }> {
  const result = await rows<{ free: number; reclaimable: boolean; halfFree: number }>(
    db,
    sql`select l.capacity - l.sold - l.held as free,
          exists (select 1 from cart_holds where lot_id = ${lotId} and not released and expires_at <= now()) as reclaimable,
          s.half_quota - s.half_sold - s.half_held as "halfFree"
        from ticket_lots l join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        where l.id = ${lotId}`,
  );
  return result[0] ?? { free: 0, reclaimable: false, halfFree: 0 };
}

import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { LOT_IN_WINDOW, TERM_COLUMNS, type TLotTerms, type TTermsRow, termsOf } from './stock.ts';

/**
 * The stock module's batched holds (see stock.ts): new buyers' first plain tickets of one lot,
 * each creating its cart, taken together by one guarded UPDATE (modules/cart/new-cart-holds.ts
 * gathers them).
 */

/** A new buyer's first plain tickets of one lot: the cart to create and the units to hold in it. */
export type TNewCartHold = {
  cartId: string;
  sessionId: string;
  quantity: number;
  expiresAt: Date;
};

/** What a lot belongs to, the same for every hold of a batch. */
export type TLotOwner = { lotId: number; ticketId: number; eventId: number };

/** A new cart's hold: the lot's counters after the batch and the price terms the hold keeps. */
export type TNewCartHeld = { cartId: string; holdId: number; sold: number; held: number; terms: TLotTerms };

/**
 * New buyers' first plain tickets of one lot, in ONE autocommitted statement: take the units of
 * them all, create each cart and record each hold, or do nothing at all when the lot has not that
 * many free. This is the on-sale rush's path (modules/cart/new-cart-holds.ts gathers the buyers
 * who arrive while the lot's previous statement runs), so a batch costs one round trip, one commit
 * and holds the lot's lock only for it. `sold` and `held` are the lot's counters after the batch.
 */
export async function holdForNewCarts(
  tx: TDb,
  lot: TLotOwner,
  holds: readonly TNewCartHold[],
): Promise<TNewCartHeld[]> {
  const batch = JSON.stringify(
    holds.map((hold) => ({
      cart_id: hold.cartId,
      session_id: hold.sessionId,
      quantity: hold.quantity,
      expires_at: hold.expiresAt.toISOString(),
    })),
  );
  const inserted = await rows<{ cart_id: string; hold_id: number; sold: number; held: number } & TTermsRow>(
    tx,
    sql`with batch as (
          select * from json_to_recordset(${batch}::json)
            as b(cart_id text, session_id text, quantity smallint, expires_at timestamptz)
        ), taken as (
          update ticket_lots set held = held + (select sum(quantity) from batch)
          where id = ${lot.lotId} and not disabled and ${LOT_IN_WINDOW}
            and sold + held + (select sum(quantity) from batch) <= capacity
          returning id, sold, held, ${TERM_COLUMNS}
        ), cart as (
          insert into carts (id, session_id, event_id, expires_at)
          select batch.cart_id, batch.session_id, ${lot.eventId}::int, batch.expires_at
          from batch, taken
          returning id
        ), hold as (
          insert into cart_holds (cart_id, ticket_id, lot_id, quantity, expires_at, ${TERM_COLUMNS})
          select cart.id, ${lot.ticketId}::int, taken.id, batch.quantity, batch.expires_at,
                 taken.price_cents, taken.fee_bp, taken.app_fee_bp, taken.processing_fee_cents,
                 taken.processing_fee_added
          from batch join cart on cart.id = batch.cart_id, taken
          returning id, cart_id
        )
        select hold.cart_id, hold.id as hold_id, taken.sold, taken.held, taken.price_cents, taken.fee_bp,
               taken.app_fee_bp, taken.processing_fee_cents, taken.processing_fee_added
        from hold, taken`,
  );
  return inserted.map((row) => ({
    cartId: row.cart_id,
    holdId: row.hold_id,
    sold: row.sold,
    held: row.held,
    terms: termsOf(row),
  }));
}

/**
 * When a batch does not fit whole (the lot is selling out): inside the caller's transaction,
 * lock the lot's row, give each buyer in arrival order what still fits, and take those units in
 * the same guarded statement. A buyer left out gets no row and is answered as a single one would be.
 */
export async function holdFittingNewCarts(
  tx: TDb,
  lot: TLotOwner,
  holds: readonly TNewCartHold[],
): Promise<TNewCartHeld[]> {
  const [row] = await rows<{ free: number }>(
    tx,
    sql`select capacity - sold - held as free from ticket_lots
        where id = ${lot.lotId} and not disabled and ${LOT_IN_WINDOW} for update`,
  );
  let free = row?.free ?? 0;
  const fitting = holds.filter((hold) => {
    if (hold.quantity > free) return false;
    free -= hold.quantity;
    return true;
  });
  return fitting.length === 0 ? [] : holdForNewCarts(tx, lot, fitting);
}

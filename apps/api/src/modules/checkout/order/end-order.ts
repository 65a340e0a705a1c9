import type { TOrderStatus } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { orderSession } from '../../cart/order-session.ts';
import { spendRenewal } from '../../cart/renewal-budget.ts';
import { releaseHolds } from '../../cart/stock.ts';
import type { TCheckoutServices } from '../services.ts';
import { moveOrder, type TPaymentOutcome } from './order-state.ts';

/**
 * Gives back every unit the order's cart still holds and deletes the cart, in the caller's
 * transaction. Lock order everywhere: cart, then lot, then place.
 */
export async function releaseOrderCart(tx: TDb, order: { id: string; cartId: string }) {
  await tx.execute(sql`select id from carts where id = ${order.cartId} for update`);
  const held = await rows<{ id: number }>(tx, sql`select id from cart_holds where cart_id = ${order.cartId}`);
  await releaseHolds(
    tx,
    held.map((hold) => hold.id),
  );
  await tx.execute(
    sql`delete from carts where id = ${order.cartId} and session_id = ${orderSession(order.id)}`,
  );
}

/**
 * The undo of the reserve step: the order ends (`to`: 7 refused, 8 cancelled, 6 refunded) with
 * its payment's outcome, in one transaction with what happens to its units. When `reattachTo`
 * names the buyer's cart session (the buyer is on the page: a refused card, a Pix given up), the
 * cart goes back to that session with the holds it still has, so the buyer can pay another way;
 * otherwise its units go back on sale. Answers whether this call ended the order (exactly one
 * of several processes does).
 */
export async function endOrder(
  s: TCheckoutServices,
  end: {
    order: { id: string; cartId: string };
    to: TOrderStatus;
    paymentId: string;
    payment: TPaymentOutcome;
    reattachTo?: string | undefined;
    /**
     * Issue 19: handing the cart back spends a renewal of this budget (a Pix the buyer cancels);
     * with none left its units go back on sale instead.
     */
    renewalBudget?: number | undefined;
  },
): Promise<boolean> {
  const { order } = end;
  return withTransaction(s.db, async (tx) => {
    await tx.execute(sql`select id from carts where id = ${order.cartId} for update`);
    const ended = await moveOrder(tx, {
      orderId: order.id,
      to: end.to,
      paymentId: end.paymentId,
      payment: end.payment,
      unguarded: s.config.TEST_UNSAFE_ORDER_MOVES,
    });
    if (!ended) return false;
    if (end.reattachTo) {
      const renewed =
        end.renewalBudget !== undefined && (await spendRenewal(tx, order.cartId, end.renewalBudget));
      if ((end.renewalBudget === undefined || renewed) && (await reattachCart(tx, order, end.reattachTo))) {
        await resetCartTimer(tx, s, order, renewed);
        return true;
      }
    }
    await releaseOrderCart(tx, order);
    return true;
  });
}

/** Less than this left on a cart handed back, and it gets a renewal (from its budget) to pay another way. */
const HAND_BACK_GRACE_MS = 60_000;

/**
 * Issue 19: the reserve step kept the holds for as long as the charge might take; a cart handed
 * back gets its own timer again, the one it had before it became the order, not that extra time.
 * Else a refused card, over and over, would hold the units for ever without spending a renewal.
 * A cart handed back with less than a minute left, or one whose hand-back spent a renewal (a Pix
 * the buyer cancelled), gets a fresh timer from the cart's one budget (renewal-budget.ts); with
 * the budget spent it keeps its old timer and expires on it.
 */
async function resetCartTimer(
  tx: TDb,
  s: TCheckoutServices,
  order: { id: string; cartId: string },
  renewed: boolean,
) {
  const [row] = await rows<{ cart_expires_at: string | Date | null }>(
    tx,
    sql`select cart_expires_at from orders where id = ${order.id}`,
  );
  // An order reserved before the timer was kept (migration 0024) keeps the holds it has.
  if (!renewed && !row?.cart_expires_at) return;
  const fresh = new Date(Date.now() + s.config.CART_HOLD_SECONDS * 1000);
  const before = row?.cart_expires_at ? new Date(row.cart_expires_at) : fresh;
  const expiresAt =
    renewed ||
    (before.getTime() - Date.now() < HAND_BACK_GRACE_MS &&
      (await spendRenewal(tx, order.cartId, s.config.CART_MAX_RENEWALS)))
      ? fresh
      : before;
  const until = expiresAt.toISOString();
  await tx.execute(sql`update carts set expires_at = ${until}::timestamptz where id = ${order.cartId}`);
  await tx.execute(
    sql`update cart_holds set expires_at = ${until}::timestamptz where cart_id = ${order.cartId} and not released`,
  );
}

/** Hands the order's cart back to the buyer's session, unless a newer cart there holds something. */
async function reattachCart(tx: TDb, order: { id: string; cartId: string }, sessionId: string) {
  const newer = await rows<{ id: string; holds: number }>(
    tx,
    sql`select c.id, (select count(*)::int from cart_holds h where h.cart_id = c.id and not h.released) as holds
        from carts c where c.session_id = ${sessionId} and c.id <> ${order.cartId} for update`,
  );
  if (!newer.every((cart) => cart.holds === 0)) return false;
  for (const cart of newer) {
    const left = await rows<{ id: number }>(tx, sql`select id from cart_holds where cart_id = ${cart.id}`);
    await releaseHolds(
      tx,
      left.map((hold) => hold.id),
    );
    await tx.execute(sql`delete from carts where id = ${cart.id}`);
  }
  const moved = await rows<{ id: string }>(
    tx,
    sql`update carts set session_id = ${sessionId}, updated_at = now()
        where id = ${order.cartId} and session_id = ${orderSession(order.id)} returning id`,
  );
  return moved.length > 0;
}

import type { TOrderStatus } from '@ingressos/domain/payment-status';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { spendRenewal } from '../cart/renewal-budget.ts';
import { releaseHolds } from '../cart/stock.ts';
import { withTransaction } from '../cart/with-transaction.ts';
import { moveOrder, type TPaymentOutcome } from './order-state.ts';
import type { TCheckoutServices } from './services.ts';

type TRows<T> = { rows: T[] };
const rows = async <T>(tx: TDb, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as TRows<T>).rows;

/** The cart session an order's cart moves to while the order owns it (reserve-order.ts). */
export const orderSession = (orderId: string) => `order_${orderId}`;

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
    });
    if (!ended) return false;
    if (
      end.reattachTo &&
      (end.renewalBudget === undefined || (await spendRenewal(tx, order.cartId, end.renewalBudget))) &&
      (await reattachCart(tx, order, end.reattachTo))
    )
      return true;
    await releaseOrderCart(tx, order);
    return true;
  });
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

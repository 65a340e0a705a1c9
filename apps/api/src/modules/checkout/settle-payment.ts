import { randomUUID } from 'node:crypto';
import type { TLocale } from '@ingressos/domain';
import {
  clearsCart,
  issuesTickets,
  ORDER_STATUS,
  orderStatusOf,
  type TPaymentStatus,
} from '@ingressos/domain/payment-status';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { orders, payments, type TOrderLine, tickets } from '../../db/schema/index.ts';
import { reclaimExpiredHolds, releaseHolds } from '../cart/stock.ts';
import { withTransaction } from '../cart/with-transaction.ts';
import { crashPoint } from './crash-point.ts';
import { createPurchaseTransfers } from './purchase-transfers.ts';
import type { TCheckoutServices } from './services.ts';

type TRows<T> = { rows: T[] };
const rows = async <T>(tx: TDb, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as TRows<T>).rows;

class SoldOut extends Error {
  override name = 'SoldOut';
}

/**
 * Turns the cart's holds into sales, in the caller's transaction. Each live hold moves its units
 * from `held` to `sold` (lot and place) and is deleted; units whose hold expired or was released
 * meanwhile are taken from what is free, or the whole approval fails with SoldOut. Promotion
 * codes count the units they discounted (`used + n <= quantity`).
 */
async function convertHolds(
  tx: TDb,
  cartId: string,
  lines: TOrderLine[],
  promo: { id: number; n: number }[],
) {
  // Lock order everywhere: cart, then lot, then place.
  await tx.execute(sql`select id from carts where id = ${cartId} for update`);
  await reclaimExpiredHolds(tx, { cartId });
  const live = await rows<{
    id: number;
    lot_id: number;
    controlled_place_id: number | null;
    quantity: number;
  }>(
    tx,
    sql`select id, lot_id, controlled_place_id, quantity from cart_holds
        where cart_id = ${cartId} and not released order by lot_id, controlled_place_id, id`,
  );
  const used = new Set<number>();
  const sorted = [...lines].sort(
    (a, b) => a.lotId - b.lotId || (a.controlledPlaceId ?? 0) - (b.controlledPlaceId ?? 0),
  );
  for (const line of sorted) {
    let needed = line.quantity;
    for (const hold of live) {
      if (needed === 0) break;
      if (
        used.has(hold.id) ||
        hold.lot_id !== line.lotId ||
        hold.controlled_place_id !== line.controlledPlaceId
      )
        continue;
      const n = Math.min(needed, hold.quantity);
      await tx.execute(
        sql`update ticket_lots set held = held - ${n}, sold = sold + ${n} where id = ${hold.lot_id}`,
      );
      if (hold.controlled_place_id !== null)
        await tx.execute(
          sql`update controlled_places set held = held - ${n}, sold = sold + ${n} where id = ${hold.controlled_place_id}`,
        );
      if (n === hold.quantity) {
        await tx.execute(sql`delete from cart_holds where id = ${hold.id}`);
        used.add(hold.id);
      } else {
        await tx.execute(sql`update cart_holds set quantity = quantity - ${n} where id = ${hold.id}`);
        hold.quantity -= n;
      }
      needed -= n;
    }
    if (needed > 0) {
      // The hold lapsed: sell from what is free, if anything is.
      await reclaimExpiredHolds(tx, { lotId: line.lotId });
      const lot = await rows<{ id: number }>(
        tx,
        sql`update ticket_lots set sold = sold + ${needed}
            where id = ${line.lotId} and sold + held + ${needed} <= capacity returning id`,
      );
      if (lot.length === 0) throw new SoldOut();
      if (line.controlledPlaceId !== null) {
        const place = await rows<{ id: number }>(
          tx,
          sql`update controlled_places set sold = sold + ${needed}
              where id = ${line.controlledPlaceId} and sold + held + ${needed} <= capacity returning id`,
        );
        if (place.length === 0) throw new SoldOut();
      }
    }
  }
  for (const { id, n } of promo) {
    const updated = await rows<{ id: number }>(
      tx,
      sql`update promo_codes set used = used + ${n} where id = ${id} and used + ${n} <= quantity returning id`,
    );
    if (updated.length === 0) throw new SoldOut();
  }
  // Whatever else the cart still held goes back on sale, and the cart is gone (it is now an order).
  const leftovers = await rows<{ id: number }>(tx, sql`select id from cart_holds where cart_id = ${cartId}`);
  await releaseHolds(
    tx,
    leftovers.map((row) => row.id),
  );
  await tx.execute(sql`delete from carts where id = ${cartId}`);
}

export type TSettleOutcome = { status: TPaymentStatus; soldOut: boolean; issued: number };

/**
 * Applies a gateway status to an order. Approval claims the order with one conditional UPDATE
 * (status 1 -> 3): of concurrent approvals exactly one wins and issues the tickets, one per unit,
 * in the same transaction that converts the holds into sales; (order, unit) is unique besides.
 * Pending outcomes detach the cart from the buyer's session (the cart is cleared for them) and,
 * for Pix, keep its holds until the Pix expires. A rejection leaves the cart as it was.
 */
export async function settlePayment(
  s: TCheckoutServices,
  paymentId: string,
  charge: { status: TPaymentStatus; statusDetail: string },
  locale: TLocale,
): Promise<TSettleOutcome> {
  const db = s.db;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error('payment not found');
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) throw new Error('order not found');

  if (issuesTickets(charge.status)) {
    // Load the signing key before the transaction: on PGlite the one connection is the transaction's.
    await s.signer.publicKey();
    try {
      const issued = await withTransaction(db, async (tx) => {
        const claimed = await rows<{ id: string }>(
          tx,
          sql`update orders set status = ${ORDER_STATUS.PAGO}, paid_at = now(), updated_at = now()
              where id = ${order.id} and status = ${ORDER_STATUS.AGUARDANDO_PAGAMENTO} returning id`,
        );
        if (claimed.length === 0) return -1;
        await tx
          .update(payments)
          .set({ status: charge.status, statusDetail: charge.statusDetail, updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
        await convertHolds(tx, order.cartId, order.lines, order.promo);
        const values: (typeof tickets.$inferInsert)[] = [];
        let unit = 0;
        for (const line of order.lines) {
          for (let k = 0; k < line.quantity; k += 1) {
            const id = randomUUID();
            values.push({
              id,
              orderId: order.id,
              unit,
              userId: order.userId,
              eventId: order.eventId,
              ticketId: line.ticketId,
              lotId: line.lotId,
              controlledPlaceId: line.controlledPlaceId,
              holderCpf: line.cpfs[k] ?? order.buyerDocument,
              qr: await s.signer.sign({
                tid: id,
                oid: order.id,
                eid: order.eventId,
                lot: line.lotId,
                u: unit,
                v: 1,
              }),
            });
            unit += 1;
          }
        }
        const inserted = await tx
          .insert(tickets)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: tickets.id });
        await createPurchaseTransfers(tx, order, values);
        crashPoint(s.config.TEST_CRASH_AT, 'during_issue');
        return inserted.length;
      });
      if (issued === -1) return lateApproval(s, order.id, payment.id, payment.gatewayRef, charge.status);
      if (issued > 0) crashPoint(s.config.TEST_CRASH_AT, 'after_issue');
      if (issued > 0) s.afterIssue(order.id, locale);
      return { status: charge.status, soldOut: false, issued };
    } catch (error) {
      if (!(error instanceof SoldOut)) throw error;
      // Paid, but the units are gone: give the money back and say so (§8).
      if (payment.gatewayRef) await s.gateway.refund(payment.gatewayRef);
      await db
        .update(orders)
        .set({ status: ORDER_STATUS.ESTORNADO, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await db
        .update(payments)
        .set({ status: 'refunded', statusDetail: 'lot_sold_out', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      return { status: 'refunded', soldOut: true, issued: 0 };
    }
  }

  await withTransaction(db, async (tx) => {
    const next = orderStatusOf(charge.status);
    const moved = await rows<{ id: string }>(
      tx,
      sql`update orders set status = ${next}, updated_at = now()
          where id = ${order.id} and status in (${ORDER_STATUS.AGUARDANDO_PAGAMENTO}, ${ORDER_STATUS.PRE_AUTORIZADO})
          returning id`,
    );
    // An order that already ended (paid, cancelled, expired) keeps the payment status it ended with.
    if (moved.length === 0) return;
    await tx
      .update(payments)
      .set({ status: charge.status, statusDetail: charge.statusDetail, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    if (clearsCart(charge.status)) {
      // The buyer's session no longer sees this cart; its holds stay with the order until it settles.
      const until = order.pixExpiresAt ?? null;
      await tx.execute(
        sql`update carts set session_id = ${`order_${order.id}`},
            expires_at = greatest(expires_at, coalesce(${until?.toISOString() ?? null}::timestamptz, expires_at))
            where id = ${order.cartId}`,
      );
      if (until)
        await tx.execute(
          sql`update cart_holds set expires_at = greatest(expires_at, ${until.toISOString()}::timestamptz)
              where cart_id = ${order.cartId} and not released`,
        );
    }
  });
  return { status: charge.status, soldOut: false, issued: 0 };
}

/**
 * An approval for an order that is no longer awaiting payment. Paid already: nothing to do (a
 * repeated status). Cancelled (the Pix expired or the buyer cancelled it) and then paid at the
 * bank anyway: its units went back on sale, so the money goes back (as when the lot sold out) and
 * the order ends refunded; the refund is idempotent at the gateway, the order moves once.
 */
async function lateApproval(
  s: TCheckoutServices,
  orderId: string,
  paymentId: string,
  gatewayRef: string | null,
  status: TPaymentStatus,
): Promise<TSettleOutcome> {
  const [current] = await s.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (current?.status !== ORDER_STATUS.CANCELADO) return { status, soldOut: false, issued: 0 };
  if (gatewayRef) await s.gateway.refund(gatewayRef);
  const moved = await s.db
    .update(orders)
    .set({ status: ORDER_STATUS.ESTORNADO, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.CANCELADO)))
    .returning({ id: orders.id });
  if (moved.length > 0) {
    s.log.warn('a cancelled order was paid at the gateway: refunded', { orderId });
    await s.db
      .update(payments)
      .set({ status: 'refunded', statusDetail: 'paid_after_cancel', updatedAt: new Date() })
      .where(eq(payments.id, paymentId));
  }
  return { status: 'refunded', soldOut: false, issued: 0 };
}

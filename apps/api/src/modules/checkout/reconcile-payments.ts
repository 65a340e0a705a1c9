import { DEFAULT_LOCALE } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { endOrder } from './order/end-order.ts';
import { finishRefund, refundReasonOf } from './order/refund-order.ts';
import { syncPayment } from './order/sync-payment.ts';
import { gatewayOfPayment, type TCheckoutServices } from './services.ts';
import { expireHostedCheckouts } from './ways-to-pay/hosted-checkout.ts';
import { reconcileSplits } from './ways-to-pay/multi-payment-recovery.ts';
import { cancelUnseenPix, expirePix } from './ways-to-pay/ongoing.ts';

type TAwaiting = {
  order_id: string;
  cart_id: string;
  payment_id: string | null;
  payment_status: string | null;
  gateway: string;
  gateway_ref: string | null;
  method: string;
  pix_payload: string | null;
  pix_expires_at: Date | string | null;
  stale: boolean;
};

/**
 * The oldest `batch` orders still awaiting payment (1 or 4) whose charge is pending or in review, or
 * older than `grace` seconds. The statuses are written into the text, not sent as parameters: a
 * kept plan can then read them through `orders_awaiting` (a partial index of those orders only)
 * whatever the values, instead of every paid order's entry (issue 37).
 */
export function awaitingOrders(db: TDb, grace: number, batch: number) {
  return rows<TAwaiting>(
    db,
    sql`select o.id as order_id, o.cart_id, p.id as payment_id, p.status as payment_status, p.gateway, p.gateway_ref,
          o.method, o.pix_payload, o.pix_expires_at,
          o.created_at < now() - ${grace} * interval '1 second' as stale
        from orders o left join payments p on p.order_id = o.id
        where o.status in (${sql.raw(`${ORDER_STATUS.AGUARDANDO_PAGAMENTO}, ${ORDER_STATUS.PRE_AUTORIZADO}`)})
          and (p.status in ('pending', 'in_process') or o.created_at < now() - ${grace} * interval '1 second')
          -- Ways to pay: multi-payment — a split's cards are reconciled part by part (reconcileSplits).
          and not exists (select 1 from payment_parts pp where pp.order_id = o.id)
        order by o.created_at limit ${batch}`,
  );
}

/**
 * Closes every loop the checkout can leave open, so no order waits for ever and no approved
 * charge is kept without its tickets:
 * - every order still awaiting payment (1 or 4) is asked about: pending and in-review charges at
 *   each pass, any other (an unanswered charge: timeout, crash, lost connection) once it is older
 *   than PAYMENT_RECONCILE_GRACE_SECONDS, by the gateway's id or else by our reference. What the
 *   gateway says is applied (tickets, refusal, refund when the order cannot be honoured). A charge
 *   the gateway never received ends the order (8) and its units go back on sale; a Pix whose
 *   QR never reached the buyer is cancelled; a Pix past its expiry ends;
 * - every refund that was decided but not confirmed (`refund_due`) is sent again (idempotent).
 * Safe in every process at once: each step is a conditional move; one failing order never stops
 * the others.
 */
export async function reconcilePayments(s: TCheckoutServices, batch = 100) {
  const awaiting = await awaitingOrders(s.db, s.config.PAYMENT_RECONCILE_GRACE_SECONDS, batch);
  let expired = 0;
  let ended = 0;
  for (const row of awaiting) {
    try {
      const outcome = await reconcileOrder(s, row);
      if (outcome === 'expired') expired += 1;
      if (outcome === 'ended') ended += 1;
    } catch (error) {
      s.log.warn('payment reconciliation failed', { error, orderId: row.order_id });
    }
  }
  const refunds = await finishDueRefunds(s, batch);
  // Ways to pay (issue 15): hosted checkouts past their expiry with no payment end.
  expired += await expireHostedCheckouts(s, DEFAULT_LOCALE, batch);
  // Ways to pay: multi-payment — every card of every split (multi-payment.ts).
  const splits = await reconcileSplits(s, batch);
  return { checked: awaiting.length, expired, ended, refunds, splits };
}

async function reconcileOrder(s: TCheckoutServices, row: TAwaiting): Promise<'expired' | 'ended' | 'asked'> {
  const order = { id: row.order_id, cartId: row.cart_id };
  if (!row.payment_id) {
    // Orders written before the reserve step made both rows at once: nothing was ever charged.
    await endOrder(s, {
      order,
      to: ORDER_STATUS.CANCELADO,
      paymentId: '',
      payment: { status: 'failed', detail: 'not_charged' },
    });
    return 'ended';
  }
  if (row.stale && row.payment_status === 'created' && row.method === 'pix' && !row.pix_payload) {
    if (await cancelUnseenPix(s, row.order_id, row.payment_id, DEFAULT_LOCALE)) return 'ended';
    return 'asked';
  }
  if (row.stale && row.payment_status === 'created' && !row.gateway_ref) {
    const charge = await gatewayOfPayment(s, row.gateway).findByExternalRef(row.payment_id);
    if (!charge) {
      // The gateway never received it (and a late one would be refunded on arrival).
      const done = await endOrder(s, {
        order,
        to: ORDER_STATUS.CANCELADO,
        paymentId: row.payment_id,
        payment: { status: 'failed', detail: 'not_charged' },
      });
      return done ? 'ended' : 'asked';
    }
  }
  await syncPayment(s, row.payment_id, DEFAULT_LOCALE);
  if (row.pix_expires_at && new Date(row.pix_expires_at).getTime() <= Date.now())
    if (await expirePix(s, row.order_id, DEFAULT_LOCALE)) return 'expired';
  return 'asked';
}

async function finishDueRefunds(s: TCheckoutServices, batch: number) {
  const due = await rows<{
    order_id: string;
    id: string;
    gateway: string;
    gateway_ref: string | null;
    status_detail: string;
  }>(
    s.db,
    sql`select p.order_id, p.id, p.gateway, p.gateway_ref, p.status_detail from payments p
        where p.status_detail like 'refund_due:%' limit ${batch}`,
  );
  let done = 0;
  for (const row of due) {
    const reason = refundReasonOf(row.status_detail);
    if (!reason) continue;
    try {
      await finishRefund(s, {
        orderId: row.order_id,
        paymentId: row.id,
        gateway: row.gateway,
        gatewayRef: row.gateway_ref,
        reason,
      });
      done += 1;
    } catch (error) {
      s.log.warn('refund failed; tried again at the next pass', { error, orderId: row.order_id });
    }
  }
  return done;
}

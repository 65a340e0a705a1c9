import type { TPendingMultipleTransaction } from '@ingressos/contracts';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { and, desc, eq, sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { events, orders } from '../../../db/schema/index.ts';
import type { TUserRow } from '../../accounts/sessions.ts';
import { endOrder } from '../order/end-order.ts';
import { ENDED_WITHOUT_TICKETS, refundParts } from '../order/refund-parts.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { settlePart, splitView } from './multi-payment.ts';
import { shownLine } from './payment-answer.ts';

/**
 * Multi-payment (commerce §3, §7): what brings an interrupted split back: the buyer's restore
 * (GET api/PendingMultipleTransaction) and the reconciler's pass over every card of every split.
 * The moves themselves are multi-payment.ts's.
 */

/** GET api/PendingMultipleTransaction: the buyer's newest split still awaiting payment, or null. */
export async function pendingMultipleTransaction(
  s: TCheckoutServices,
  user: TUserRow,
): Promise<TPendingMultipleTransaction> {
  const [order] = await s.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, user.id),
        sql`${orders.status} in (${ORDER_STATUS.AGUARDANDO_PAGAMENTO}, ${ORDER_STATUS.PRE_AUTORIZADO})`,
        sql`exists (select 1 from payment_parts pp where pp.order_id = ${orders.id})`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return { result: null };
  const split = await splitView(s, order.id);
  if (!split) return { result: null };
  const [event] = await s.db
    .select({ id: events.id, name: events.name, slug: events.slug })
    .from(events)
    .where(eq(events.id, order.eventId));
  return {
    result: {
      multiplePaymentUID: order.id,
      orderId: order.id,
      sessionID: null,
      event: event ?? { id: order.eventId, name: order.lines[0]?.eventName ?? '', slug: '' },
      cart: {
        lines: order.lines.map(shownLine),
        total: order.totalCents / 100,
        currency: order.currency,
      },
      split,
    },
  };
}

/**
 * The reconciler's part for splits (reconcile-payments.ts calls it at each pass):
 * - a part whose answer never came (older than the grace period) or still pending is asked about,
 *   by the gateway's id or else by its reference; one the gateway never received reads 'failed'
 *   (the buyer may try another card);
 * - a split past its window (MULTI_PAYMENT_WINDOW_SECONDS) ends, cancelled, its units back on sale;
 * - approved parts of an order that ended without tickets are refunded (also a refund left due).
 */
export async function reconcileSplits(s: TCheckoutServices, batch = 100) {
  const grace = s.config.PAYMENT_RECONCILE_GRACE_SECONDS;
  const open = await rows<{
    id: string;
    gateway: string;
    gateway_ref: string | null;
    status: string;
    stale: boolean;
  }>(
    s.db,
    sql`select id, gateway, gateway_ref, status, updated_at < now() - ${grace} * interval '1 second' as stale
        from payment_parts
        where status in ('pending', 'in_process')
           or (status = 'created' and updated_at < now() - ${grace} * interval '1 second')
        order by updated_at limit ${batch}`,
  );
  let asked = 0;
  for (const part of open) {
    try {
      const gateway = gatewayOfPayment(s, part.gateway);
      const charge = part.gateway_ref
        ? await gateway.getCharge(part.gateway_ref)
        : await gateway.findByExternalRef(part.id);
      if (charge) await settlePart(s, part.id, charge, 'pt-BR');
      else if (part.status === 'created' && part.stale)
        await settlePart(s, part.id, { status: 'failed', statusDetail: 'not_charged' }, 'pt-BR');
      asked += 1;
    } catch (error) {
      s.log.warn('split reconciliation failed', { error, partId: part.id });
    }
  }

  const window = s.config.MULTI_PAYMENT_WINDOW_SECONDS;
  const expired = await rows<{ id: string; cart_id: string; payment_id: string }>(
    s.db,
    sql`select o.id, o.cart_id, p.id as payment_id from orders o join payments p on p.order_id = o.id
        where o.status in (${ORDER_STATUS.AGUARDANDO_PAGAMENTO}, ${ORDER_STATUS.PRE_AUTORIZADO})
          and o.created_at < now() - ${window} * interval '1 second'
          and exists (select 1 from payment_parts pp where pp.order_id = o.id)
        order by o.created_at limit ${batch}`,
  );
  let ended = 0;
  for (const order of expired) {
    try {
      if (
        await endOrder(s, {
          order: { id: order.id, cartId: order.cart_id },
          to: ORDER_STATUS.CANCELADO,
          paymentId: order.payment_id,
          payment: { status: 'expired', detail: 'multiple_window_over' },
        })
      )
        ended += 1;
    } catch (error) {
      s.log.warn('an expired split could not end', { error, orderId: order.id });
    }
  }

  const owing = await rows<{ order_id: string }>(
    s.db,
    sql`select distinct pp.order_id from payment_parts pp join orders o on o.id = pp.order_id
        where pp.status = 'approved'
          and o.status in (${sql.join(
            ENDED_WITHOUT_TICKETS.map((status) => sql`${status}`),
            sql`, `,
          )})
        limit ${batch}`,
  );
  let refunded = 0;
  for (const row of owing) {
    try {
      refunded += await refundParts(s, row.order_id);
    } catch (error) {
      s.log.warn('split refund failed; tried again at the next pass', { error, orderId: row.order_id });
    }
  }
  return { asked, ended, refunded };
}

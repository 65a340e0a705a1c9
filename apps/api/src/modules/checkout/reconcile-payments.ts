import { DEFAULT_LOCALE } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { sql } from 'drizzle-orm';
import { syncPayment } from './create-payment.ts';
import { expirePix } from './ongoing.ts';
import type { TCheckoutServices } from './services.ts';

/**
 * Settles what the gateway settled and expires what lapsed, for orders still awaiting payment:
 * each pending or in-process charge is asked about (syncPayment applies approval or refusal),
 * then a Pix still unpaid after its expiry ends (order 8, payment 'expired', units back on sale).
 * Safe in every process at once: settling and expiring each claim the order with one conditional
 * UPDATE. One failing order never stops the others.
 */
export async function reconcilePayments(s: TCheckoutServices, batch = 100) {
  const result = (await s.db.execute(
    sql`select o.id as order_id, p.id as payment_id, o.pix_expires_at
        from orders o join payments p on p.order_id = o.id
        where o.status = ${ORDER_STATUS.AGUARDANDO_PAGAMENTO} and p.status in ('pending', 'in_process')
        order by o.created_at limit ${batch}`,
  )) as unknown as { rows: { order_id: string; payment_id: string; pix_expires_at: Date | string | null }[] };
  let expired = 0;
  for (const row of result.rows) {
    try {
      await syncPayment(s, row.payment_id, DEFAULT_LOCALE);
      if (row.pix_expires_at && new Date(row.pix_expires_at).getTime() <= Date.now())
        if (await expirePix(s, row.order_id, DEFAULT_LOCALE)) expired += 1;
    } catch (error) {
      s.log.warn('payment reconciliation failed', { error, orderId: row.order_id });
    }
  }
  return { checked: result.rows.length, expired };
}

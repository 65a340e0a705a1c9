import type { TGatewayTransaction } from '@ingressos/contracts/payment-aliases';
import type { TLocale } from '@ingressos/domain';
import { transactionStatusOf } from '@ingressos/domain/payment-status';
import type { TCharge } from '../../../adapters/payments/gateway.ts';
import { syncPayment } from '../order/sync-payment.ts';
import type { TCheckoutServices } from '../services.ts';
import type { TOwnOrder } from './own-order.ts';

/**
 * GET api/v1/paymentGatewayTransaction/{paymentId} (commerce §7): the buyer's own payment as its
 * gateway reports it now, asked live (by the gateway's id, else by our reference). What the gateway
 * says is also applied to the order, as any status poll does. When the gateway cannot be asked
 * (no charge made, a free order, the gateway unreachable) the answer is what we recorded, and
 * `source` says so.
 */
export async function gatewayTransaction(
  s: TCheckoutServices,
  row: TOwnOrder,
  locale: TLocale,
): Promise<TGatewayTransaction> {
  const { payment, order } = row;
  const gateway = payment.method === 'free' ? null : s.gateways.byKind(payment.gateway);
  let charge: TCharge | null = null;
  if (gateway) {
    try {
      charge = payment.gatewayRef
        ? await gateway.getCharge(payment.gatewayRef)
        : await gateway.findByExternalRef(payment.id);
    } catch (error) {
      s.log.warn('gateway transaction lookup failed', { error, paymentId: payment.id });
    }
  }
  if (charge) await syncPayment(s, payment.id, locale).catch(() => undefined);
  const status = charge?.status ?? (payment.status as TCharge['status']);
  return {
    paymentId: payment.id,
    orderId: order.id,
    gateway: payment.gateway,
    transactionId: charge?.ref ?? payment.gatewayRef,
    source: charge ? 'gateway' : 'recorded',
    status,
    statusDetail: charge ? charge.statusDetail : payment.statusDetail,
    transactionStatus: transactionStatusOf(status),
    amount: payment.amountCents / 100,
    refundedAmount: (charge?.refundedCents ?? 0) / 100,
    currency: payment.currency,
    method: payment.method,
    installments: order.installments,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
  };
}

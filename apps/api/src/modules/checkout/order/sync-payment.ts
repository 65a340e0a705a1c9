import type { TLocale } from '@ingressos/domain';
import type { TPaymentGateway } from '../../../adapters/payments/gateway.ts';
import { and, eq } from '../../../db/orm.ts';
import { payments } from '../../../db/schema/index.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { settlePayment } from './settle-payment.ts';

/**
 * Asks the gateway about a charge and applies its answer (status polls, the sandbox's simulate,
 * the reconciler). A charge whose id we never learnt (its answer was lost) is looked up by our
 * reference.
 */
export async function syncPayment(s: TCheckoutServices, paymentId: string, locale: TLocale) {
  const [payment] = await s.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.method === 'free') return;
  const gateway = gatewayOfPayment(s, payment.gateway);
  const charge = payment.gatewayRef
    ? await gateway.getCharge(payment.gatewayRef)
    : await gateway.findByExternalRef(payment.id);
  if (charge) await settlePayment(s, paymentId, charge, locale);
}

/**
 * A gateway's notice about one of its charges (a webhook): never trusted for the outcome, only a
 * reason to ask. A charge we do not know by the gateway's id (its answer was lost to a timeout or
 * a crash) is found through the reference we made it with. Answers whether it was ours.
 */
export async function syncByGatewayRef(
  s: TCheckoutServices,
  gateway: TPaymentGateway,
  ref: string,
  locale: TLocale,
): Promise<boolean> {
  const [known] = await s.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, gateway.kind), eq(payments.gatewayRef, ref)));
  if (known) {
    await syncPayment(s, known.id, locale);
    return true;
  }
  const charge = await gateway.getCharge(ref);
  if (!charge?.externalRef) return false;
  const [ours] = await s.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, charge.externalRef), eq(payments.gateway, gateway.kind)));
  if (!ours) return false;
  await settlePayment(s, ours.id, charge, locale);
  return true;
}

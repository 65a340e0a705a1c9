import type { TCreatePaymentRequest } from '@ingressos/contracts';
import {
  GatewayRefusedError,
  type TFraudAnalysis,
  type TPaymentGateway,
} from '../../../adapters/payments/gateway.ts';
import { sql } from '../../../db/orm.ts';
import type { TCheckoutServices } from '../services.ts';
import { challengeReturnPath, recordChallenge } from './challenge.ts';
import { crashPoint } from './crash-point.ts';
import { recordCharge, recordChargeSql } from './order-state.ts';
import type { TChargeState } from './settle-payment.ts';

export type TChargeRequest = {
  orderId: string;
  paymentId: string;
  method: 'credit_card' | 'pix';
  amountCents: number;
  currency: string;
  installments: number;
  card: TCreatePaymentRequest['card'];
  pixExpiresAt: Date | null;
  payerEmail: string;
  payerCpf: string | undefined;
  description: string;
  fraudAnalysis: TFraudAnalysis;
  deviceId: string | undefined;
};

/**
 * The charge step: one call to the gateway, with our payment id as its idempotency key and
 * external reference, so a repeat never charges twice and a lost answer can be found again.
 * - an answer: its charge (the caller settles it);
 * - a refusal (4xx): 'failed' — nothing was charged;
 * - anything else (timeout, 5xx, a dropped connection): null — the outcome is unknown and is
 *   never taken as a failure: the order keeps waiting and the reconciler asks the gateway.
 * Its undo, once money is taken, is a refund (refund-order.ts).
 */
export async function chargeOrder(
  s: TCheckoutServices,
  gateway: TPaymentGateway,
  c: TChargeRequest,
): Promise<TChargeState | null> {
  try {
    if (c.method === 'credit_card') {
      const charge = await gateway.chargeCard({
        externalRef: c.paymentId,
        amountCents: c.amountCents,
        currency: c.currency,
        installments: c.installments,
        token: c.card!.token,
        paymentMethodId: c.card!.paymentMethodId,
        issuerId: c.card!.issuerId,
        payerEmail: c.payerEmail,
        payerCpf: c.payerCpf,
        description: c.description,
        fraudAnalysis: c.fraudAnalysis,
        deviceId: c.deviceId,
        challengeReturnUrl: challengeReturnPath(c.orderId),
      });
      crashPoint(s.config.TEST_CRASH_AT, 'after_charge');
      // Issue 15, 3DS: the issuer asks the buyer to authenticate; the order waits for its result.
      // Otherwise the settle step records the charge's id, brand and last four as it reads the order.
      if (charge.challengeUrl) {
        await recordCharge(s.db, c.paymentId, charge);
        await recordChallenge(s, c, charge.challengeUrl);
      }
      return charge;
    }
    const charge = await gateway.createPix({
      externalRef: c.paymentId,
      amountCents: c.amountCents,
      currency: c.currency,
      expiresAt: c.pixExpiresAt!,
      payerEmail: c.payerEmail,
      payerCpf: c.payerCpf,
      description: c.description,
    });
    crashPoint(s.config.TEST_CRASH_AT, 'after_charge');
    // The charge's id and the code the buyer pays, in one statement (issue 37).
    await s.db.execute(
      sql`with recorded as (${recordChargeSql(c.paymentId, charge)})
          update orders set pix_payload = ${charge.payload} where id = ${c.orderId}`,
    );
    return charge;
  } catch (error) {
    if (error instanceof GatewayRefusedError) {
      s.log.warn('the gateway refused the charge', { error, orderId: c.orderId, gateway: gateway.kind });
      return { status: 'failed', statusDetail: 'gateway_refused' };
    }
    s.log.error('the charge has no answer: the reconciler will ask the gateway', {
      error,
      orderId: c.orderId,
    });
    return null;
  }
}

import { Hono } from 'hono';
import { paymentError } from '../../modules/checkout/messages.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { giveUpSplit } from '../../modules/checkout/ways-to-pay/multi-payment.ts';
import { pendingMultipleTransaction } from '../../modules/checkout/ways-to-pay/multi-payment-recovery.ts';
import { paymentAnswer } from '../../modules/checkout/ways-to-pay/payment-answer.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Ways to pay: multi-payment (commerce §7 "Payment"): the buyer's interrupted split and giving it
 * up. Each card itself is paid through POST checkout/v1 (`isMultiplePayment`). Thin: parse, call.
 */
export function multiPaymentRoutes(s: TCheckoutServices) {
  return new Hono<TAppEnv>()
    .on(...endpoint('pendingMultipleTransaction'), async (c) => {
      const auth = requireAuth(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await pendingMultipleTransaction(s, auth.user));
    })
    .on(...endpoint('reimburseMultiplePayments'), async (c) => {
      const auth = requireAuth(c);
      const locale = c.get('locale');
      const uid = c.req.param('transactionUID');
      if (!UUID.test(uid)) throw paymentError('order_not_found', locale);
      return c.json(await giveUpSplit(s, auth.user, uid, locale, (id) => paymentAnswer(s, id, locale)));
    });
}

import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { isSandbox } from '../../adapters/payments/index.ts';
import { payments } from '../../db/schema/index.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { syncPayment } from '../../modules/checkout/sync-payment.ts';
import type { TAppEnv } from '../env.ts';
import { notFoundJson } from '../errors.ts';

const CARD_FORM = readFileSync(
  new URL('../../adapters/payments/sandbox-card-form.js', import.meta.url),
  'utf8',
);

/**
 * The sandbox gateway's own paths (only while PAYMENT_GATEWAY=sandbox): its card-form script,
 * served from our origin so the strict CSP allows it, and the 'simulate payment' control that
 * pays a pending Pix as a bank would, then tells the checkout (as a webhook would).
 */
export function sandboxGatewayRoutes(s: TCheckoutServices) {
  const app = new Hono<TAppEnv>();
  const gateway = s.gateway;
  if (!isSandbox(gateway)) return app;
  return app
    .get('/sandbox-gateway/card-form.js', (c) =>
      c.body(CARD_FORM, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
    )
    .post('/sandbox-gateway/pix/:paymentId/pay', async (c) => {
      const [payment] = await s.db
        .select()
        .from(payments)
        .where(eq(payments.id, c.req.param('paymentId')));
      if (!payment?.gatewayRef || payment.method !== 'pix') return notFoundJson(c);
      // Like a bank, the sandbox refuses to pay a Pix that was cancelled or expired.
      const charge = await gateway.payPix(payment.gatewayRef);
      await syncPayment(s, payment.id, c.get('locale'));
      return c.json({ status: charge?.status ?? 'failed' });
    });
}

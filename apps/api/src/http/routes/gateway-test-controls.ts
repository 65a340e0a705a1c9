import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { hasTestControls } from '../../adapters/payments/index.ts';
import { payments } from '../../db/schema/index.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { syncPayment } from '../../modules/checkout/sync-payment.ts';
import type { TAppEnv } from '../env.ts';
import { notFoundJson } from '../errors.ts';

/**
 * A test gateway's controls (the sandbox's): 'simulate payment' pays a pending Pix as a bank
 * would, then tells the checkout (as a webhook would). Absent with a real gateway.
 */
export function gatewayTestControlRoutes(s: TCheckoutServices) {
  const app = new Hono<TAppEnv>();
  const gateway = s.gateway;
  if (!hasTestControls(gateway)) return app;
  return app.post('/sandbox-gateway/pix/:paymentId/pay', async (c) => {
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

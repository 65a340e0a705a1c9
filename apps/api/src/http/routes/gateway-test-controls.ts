import { Hono } from 'hono';
import { hasTestControls } from '../../adapters/payments/index.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { simulatePixPayment } from '../../modules/checkout/ways-to-pay/own-order.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { sandboxChallengeRoutes } from './sandbox-challenge.ts';

/**
 * A test gateway's controls (the sandbox's): 'simulate payment' pays a pending Pix as a bank
 * would, then tells the checkout (as a webhook would); only the Pix's buyer may. Absent with a
 * real gateway.
 */
export function gatewayTestControlRoutes(s: TCheckoutServices) {
  const app = new Hono<TAppEnv>();
  const gateway = s.gateways.all.find(hasTestControls);
  if (!gateway) return app;
  return (
    app
      .on(...endpoint('simulatePixPayment'), async (c) => {
        const auth = requireAuth(c);
        const input = { userId: auth.user.id, paymentId: c.req.param('paymentId'), payPix: gateway.payPix };
        return c.json(await simulatePixPayment(s, input, c.get('locale')));
      })
      // Issue 15, 3DS: the sandbox issuer's challenge page.
      .route('/', sandboxChallengeRoutes(gateway))
  );
}

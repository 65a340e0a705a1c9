import { Hono } from 'hono';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { startGatewaySession } from '../../modules/checkout/ways-to-pay/gateway-session.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { sessionOf } from './cart.ts';

/**
 * The sessions some gateways' browser SDKs need before their card fields mount (a gateway's
 * `browser.session`): one POST route per such gateway, at the path it declares, for a signed-in
 * buyer with a cart. Each session is a call to the gateway, so a buyer may open a limited number.
 */
export function gatewaySessionRoutes(s: TCheckoutServices, limits: TRateLimits) {
  const app = new Hono<TAppEnv>();
  const paths = new Set<string>();
  for (const gateway of s.gateways.all) {
    const session = gateway.browser.session;
    if (!session || paths.has(session.path)) continue;
    paths.add(session.path);
    app.post(session.path, async (c) => {
      const auth = requireAuth(c);
      const locale = c.get('locale');
      await limits.consume('gatewaySessionUser', auth.user.id, locale);
      c.header('cache-control', 'no-store');
      return c.json(
        await startGatewaySession(s, session, { user: auth.user, cartSession: sessionOf(c) }, locale),
      );
    });
  }
  return app;
}

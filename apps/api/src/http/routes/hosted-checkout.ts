import { ZHostedCheckoutRequest } from '@ingressos/contracts';
import { ENDPOINT_SCHEMAS as CALLS } from '@ingressos/contracts/endpoint-schemas';
import { type Context, Hono } from 'hono';
import { hasTestControls } from '../../adapters/payments/index.ts';
import { SANDBOX_PAGE_OUTCOMES, type TSandboxPageOutcome } from '../../adapters/payments/sandbox/hosted.ts';
import { syncPayment } from '../../modules/checkout/order/sync-payment.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import {
  cancelHostedCheckout,
  createHostedCheckout,
} from '../../modules/checkout/ways-to-pay/hosted-checkout.ts';
import { findOwnPreference } from '../../modules/checkout/ways-to-pay/own-order.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody } from '../errors.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseWith, readFormBody, readJsonBody } from '../request.ts';
import { sessionOf } from './cart.ts';
import { sandboxCheckoutPage } from './sandbox-checkout-page.ts';

/**
 * Ways to pay (issue 15), commerce §7: the hosted checkout ('checkout pro') and the wallet button
 * that opens it; each gateway's wallet script; and the sandbox's own hosted page, so the flow
 * works on one machine. Thin: parse, call a use-case.
 */
export function hostedCheckoutRoutes(s: TCheckoutServices) {
  const app = new Hono<TAppEnv>()
    .on(...endpoint('checkoutProCreate'), async (c) => {
      const auth = requireAuth(c);
      const body = parseWith(c, ZHostedCheckoutRequest, await readJsonBody(c));
      const answer = await createHostedCheckout(
        s,
        {
          user: auth.user,
          idempotencyKey: c.req.header('idempotency-key') ?? undefined,
          sessionId: sessionOf(c, body.sessionId),
          body,
        },
        c.get('locale'),
      );
      c.header('Cache-Control', 'private, no-store');
      return c.json(answer);
    })
    .on(...endpoint('checkoutProCancel'), async (c) => {
      const auth = requireAuth(c);
      const { preferenceId } = parseWith(c, CALLS.checkoutProCancel.params, c.req.param());
      return c.json(await cancelHostedCheckout(s, { userId: auth.user.id, preferenceId }, c.get('locale')));
    });

  for (const gateway of s.gateways.all) {
    const script = gateway.walletScript;
    if (script)
      app.get(script.path, (c) =>
        c.body(script.source, 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=300',
        }),
      );
  }

  // The sandbox's hosted page. A real gateway's page is the gateway's business; this one pays with a
  // click, so only the order's buyer may open it or choose there (issue 31): nobody logged in is 401,
  // anyone else 404.
  const sandbox = s.gateways.all.find(hasTestControls);
  if (!sandbox) return app;
  const PREFERENCE = /^sbxpref_[0-9a-f]{24}$/;
  const ownPreference = (c: Context<TAppEnv>, userId: string, preferenceId: string) =>
    findOwnPreference(s, { userId, preferenceId, preference: sandbox.preference }, c.get('locale'));
  app.get('/sandbox-gateway/checkout/:preferenceId', async (c) => {
    const id = c.req.param('preferenceId');
    const { user } = requireAuth(c);
    if (!PREFERENCE.test(id)) return c.json(errorBody('not_found', 'Preference not found'), 404);
    const preference = await ownPreference(c, user.id, id);
    c.header('Cache-Control', 'no-store');
    return c.html(sandboxCheckoutPage(preference, c.get('locale'), c.get('secureHeadersNonce') ?? ''));
  });
  app.post('/sandbox-gateway/checkout/:preferenceId', async (c) => {
    const id = c.req.param('preferenceId');
    const { user } = requireAuth(c);
    const form = await readFormBody(c);
    const outcome = String(form.outcome ?? '') as TSandboxPageOutcome;
    if (!PREFERENCE.test(id) || !SANDBOX_PAGE_OUTCOMES.includes(outcome))
      return c.json(errorBody('invalid_request', 'Invalid preference or outcome'), 400);
    await ownPreference(c, user.id, id);
    const paid = await sandbox.payPreference(id, outcome);
    if (!paid) return c.json(errorBody('not_found', 'This payment page is closed'), 404);
    // The gateway tells the checkout at once, as its webhook would; the buyer is sent back.
    const [payment] = paid.charge.externalRef ? [paid.charge.externalRef] : [];
    if (payment) await syncPayment(s, payment, c.get('locale'));
    return c.redirect(paid.returnTo, 303);
  });
  return app;
}

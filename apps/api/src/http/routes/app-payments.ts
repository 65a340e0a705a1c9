import type { TCreatePaymentRequest } from '@ingressos/contracts';
import type {
  TCreateCheckoutSessionRequest,
  TPayCheckoutSessionRequest,
} from '@ingressos/contracts/app-bridge';
import { ENDPOINT_SCHEMAS as CALLS } from '@ingressos/contracts/endpoint-schemas';
import type { TPixCreateRequest } from '@ingressos/contracts/payment-aliases';
import { type Context, Hono } from 'hono';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import {
  createCheckoutSession,
  payCheckoutSession,
  viewCheckoutSession,
} from '../../modules/checkout/ways-to-pay/app-checkout-session.ts';
import { createPayment } from '../../modules/checkout/ways-to-pay/create-payment.ts';
import { gatewayTransaction } from '../../modules/checkout/ways-to-pay/gateway-transaction.ts';
import { findOwnOrder } from '../../modules/checkout/ways-to-pay/own-order.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { paymentResponse } from '../payment-response.ts';
import { parseWith, readJsonBody } from '../request.ts';
import { sessionOf } from './cart.ts';

/** `/api/{version}/website/checkout` (OpenAPI) → Hono's `/api/:version{v[12]}/website/checkout`. */
const versioned = (route: string) => route.replace('{version}', ':version{v[12]}');

/**
 * Ways to pay beyond /pagamento (commerce §2, §7): the mobile app's checkout session, read and
 * paid by /checkout_status, and the spec's other payment paths. Thin: each parses and calls the
 * same use-cases as POST /checkout/v1 (createPayment); nothing here charges on its own.
 */
export function appPaymentRoutes(s: TCheckoutServices) {
  const parse = async <T>(c: Context<TAppEnv>, schema: Parameters<typeof parseWith>[1]) =>
    parseWith(c, schema, await readJsonBody(c)) as T;

  /** POST /checkout/v1 under another name, for the logged-in buyer's cart session. */
  const pay = (paymentType?: 'pix') => async (c: Context<TAppEnv>) => {
    const auth = requireAuth(c);
    const body =
      paymentType === 'pix'
        ? {
            ...(await parse<TPixCreateRequest>(c, CALLS.pixCreate.body)),
            paymentType,
          }
        : await parse<TCreatePaymentRequest>(c, CALLS.websiteCheckout.body);
    const paid = await createPayment(
      s,
      {
        user: auth.user,
        idempotencyKey: c.req.header('idempotency-key') ?? undefined,
        sessionId: sessionOf(c, body.sessionId),
        body,
      },
      c.get('locale'),
    );
    return paymentResponse(c, paid);
  };

  return new Hono<TAppEnv>()
    .on(...endpoint('createCheckoutSession'), async (c) => {
      const auth = requireAuth(c);
      const body = await parse<TCreateCheckoutSessionRequest>(c, CALLS.createCheckoutSession.body);
      c.header('Cache-Control', 'private, no-store');
      return c.json(
        await createCheckoutSession(
          s,
          { user: auth.user, sessionId: sessionOf(c, body.sessionId), body },
          c.get('locale'),
        ),
      );
    })
    .on(...endpoint('checkoutSession'), async (c) => {
      const { checkoutSession } = parseWith(c, CALLS.checkoutSession.query, c.req.query());
      c.header('Cache-Control', 'private, no-store');
      return c.json(await viewCheckoutSession(s, checkoutSession, c.get('locale')));
    })
    .on(...endpoint('payCheckoutSession'), async (c) => {
      const body = await parse<TPayCheckoutSessionRequest>(c, CALLS.payCheckoutSession.body);
      const paid = await payCheckoutSession(
        s,
        { idempotencyKey: c.req.header('idempotency-key') ?? undefined, body },
        c.get('locale'),
      );
      return paymentResponse(c, paid);
    })
    .post(versioned(CALLS.websiteCheckout.route), pay())
    .post(versioned(CALLS.websiteFinishPayment.route), pay())
    .post(versioned(CALLS.pixCreate.route), pay('pix'))
    .on(...endpoint('paymentGatewayTransaction'), async (c) => {
      const auth = requireAuth(c);
      const row = await findOwnOrder(s.db, auth.user.id, c.req.param('paymentId'), c.get('locale'));
      c.header('Cache-Control', 'private, no-store');
      return c.json(await gatewayTransaction(s, row, c.get('locale')));
    });
}

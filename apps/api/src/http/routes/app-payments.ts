import type { TCreatePaymentRequest, TPaymentAnswer } from '@ingressos/contracts';
import type {
  TCreateCheckoutSessionRequest,
  TPayCheckoutSessionRequest,
} from '@ingressos/contracts/app-bridge';
import { ENDPOINT_SCHEMAS as CALLS } from '@ingressos/contracts/endpoint-schemas';
import { ENDPOINTS } from '@ingressos/contracts/endpoints';
import type { TPixCreateRequest } from '@ingressos/contracts/payment-aliases';
import { type Context, Hono } from 'hono';
import {
  createCheckoutSession,
  payCheckoutSession,
  viewCheckoutSession,
} from '../../modules/checkout/app-checkout-session.ts';
import { createPayment } from '../../modules/checkout/create-payment.ts';
import { gatewayTransaction } from '../../modules/checkout/gateway-transaction.ts';
import { findOwnOrder } from '../../modules/checkout/own-order.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { parseWith, readJsonBody } from '../parse-json.ts';
import { sessionOf } from './cart.ts';

/** `/api/{version}/website/checkout` (OpenAPI) → Hono's `/api/:version{v[12]}/website/checkout`. */
const versioned = (route: string) => route.replace('{version}', ':version{v[12]}');

/** A refused card is 402 with the same body, as POST /checkout/v1 answers it. */
const answer = (c: Context<TAppEnv>, paid: TPaymentAnswer) =>
  c.json(paid, paid.orderStatus === 7 ? 402 : 200);

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
    return answer(c, paid);
  };

  return new Hono<TAppEnv>()
    .post(ENDPOINTS.createCheckoutSession.path, async (c) => {
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
    .get(ENDPOINTS.checkoutSession.path, async (c) => {
      const { checkoutSession } = parseWith(c, CALLS.checkoutSession.query, c.req.query());
      c.header('Cache-Control', 'private, no-store');
      return c.json(await viewCheckoutSession(s, checkoutSession, c.get('locale')));
    })
    .post(ENDPOINTS.payCheckoutSession.path, async (c) => {
      const body = await parse<TPayCheckoutSessionRequest>(c, CALLS.payCheckoutSession.body);
      const paid = await payCheckoutSession(
        s,
        { idempotencyKey: c.req.header('idempotency-key') ?? undefined, body },
        c.get('locale'),
      );
      return answer(c, paid);
    })
    .post(versioned(CALLS.websiteCheckout.route), pay())
    .post(versioned(CALLS.websiteFinishPayment.route), pay())
    .post(versioned(CALLS.pixCreate.route), pay('pix'))
    .get(ENDPOINTS.paymentGatewayTransaction.path, async (c) => {
      const auth = requireAuth(c);
      const row = await findOwnOrder(s.db, auth.user.id, c.req.param('paymentId'), c.get('locale'));
      c.header('Cache-Control', 'private, no-store');
      return c.json(await gatewayTransaction(s, row, c.get('locale')));
    });
}

import {
  ZBiometryHoldersRequest,
  ZBiometryLinkRequest,
  ZCheckTicketsPerCpfRequest,
  ZCompleteChallengeRequest,
  ZCreatePaymentRequest,
} from '@ingressos/contracts';
import { ENDPOINT_SCHEMAS as CALLS } from '@ingressos/contracts/endpoint-schemas';
import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { newSessionId } from '../../db/ids.ts';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import { biometryHolderStates, sendBiometryLink } from '../../modules/checkout/holders/biometry-holders.ts';
import { checkTicketsPerCpf } from '../../modules/checkout/holders/identification.ts';
import { paymentError } from '../../modules/checkout/messages.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { createPayment } from '../../modules/checkout/ways-to-pay/create-payment.ts';
import { getInstallments } from '../../modules/checkout/ways-to-pay/get-installments.ts';
import {
  cancelOngoing,
  findOngoingOrder,
  ongoingPurchase,
} from '../../modules/checkout/ways-to-pay/ongoing.ts';
import {
  findOwnOrder,
  gatewayShapedPayment,
  refreshOwnOrder,
} from '../../modules/checkout/ways-to-pay/own-order.ts';
import { paymentAnswer } from '../../modules/checkout/ways-to-pay/payment-answer.ts';
import { checkoutGatewayView, gatewayForEvent } from '../../modules/checkout/ways-to-pay/payment-offer.ts';
import { completeChallenge } from '../../modules/checkout/ways-to-pay/three-ds.ts';
import { orderCalendar } from '../../modules/tickets/get-order-calendar.ts';
import { findOrders, getOrderReceipt } from '../../modules/tickets/get-order-receipt.ts';
import { getMyTickets, pdfTickets } from '../../modules/tickets/my-tickets.ts';
import { ticketsPdf } from '../../modules/tickets/ticket-pdf.ts';
import { walletOffered } from '../../modules/wallet/settings.ts';
import { siteConfig } from '../../web/site-config.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { paymentResponse } from '../payment-response.ts';
import { parseWith, positiveInt, readJsonBody } from '../request.ts';
import { CART_SESSION_COOKIE, sessionOf } from './cart.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Commerce §7 "Payment", §4 "Ongoing purchase", the identification check and My tickets. Thin: parse, call a use-case. */
export function checkoutRoutes(s: TCheckoutServices, limits: TRateLimits) {
  const own = (c: Context<TAppEnv>, id: string) =>
    findOwnOrder(s.db, requireAuth(c).user.id, id, c.get('locale'));
  const parse = async <T>(c: Context<TAppEnv>, schema: Parameters<typeof parseWith>[1]) =>
    parseWith(c, schema, await readJsonBody(c)) as T;

  return (
    new Hono<TAppEnv>()
      .on(...endpoint('checkTicketsPerCpf'), async (c) => {
        const auth = requireAuth(c);
        // It tells whether a CPF already holds tickets: enough checks for a cart, not for a sweep.
        await limits.consume('cpfCheckUser', auth.user.id, c.get('locale'));
        const body = await parse<import('@ingressos/contracts').TCheckTicketsPerCpfRequest>(
          c,
          ZCheckTicketsPerCpfRequest,
        );
        const input = { ...body, sessionId: sessionOf(c), userId: auth.user.id };
        return c.json(await checkTicketsPerCpf(s.db, input, c.get('locale')));
      })
      // Issue 16: which holders of a facial event must enrol, and sending them the link.
      .on(...endpoint('biometryHolders'), async (c) => {
        const auth = requireAuth(c);
        await limits.consume('cpfCheckUser', auth.user.id, c.get('locale'));
        const body = await parse<import('@ingressos/contracts').TBiometryHoldersRequest>(
          c,
          ZBiometryHoldersRequest,
        );
        c.header('Cache-Control', 'private, no-store');
        return c.json(await biometryHolderStates(s.db, auth.user.document, body));
      })
      .on(...endpoint('sendBiometryLink'), async (c) => {
        const auth = requireAuth(c);
        const body = await parse<import('@ingressos/contracts').TBiometryLinkRequest>(
          c,
          ZBiometryLinkRequest,
        );
        await limits.consume('biometryLinkUser', auth.user.id, c.get('locale'));
        const answer = await sendBiometryLink(s, auth.user.name, body, c.get('locale'));
        s.outbox.nudge();
        return c.json(answer);
      })
      .post('/checkout/:version{v[12]}', async (c) => {
        const auth = requireAuth(c);
        const body = await parse<import('@ingressos/contracts').TCreatePaymentRequest>(
          c,
          ZCreatePaymentRequest,
        );
        const answer = await createPayment(
          s,
          {
            user: auth.user,
            idempotencyKey: c.req.header('idempotency-key') ?? undefined,
            sessionId: sessionOf(c, body.sessionId),
            body,
          },
          c.get('locale'),
        );
        return paymentResponse(c, answer);
      })
      // Which card form the payment page loads: the event's gateway's script (same origin) and its public key.
      .on(...endpoint('checkoutGateway'), async (c) => {
        const { eventId } = parseWith(c, CALLS.checkoutGateway.query, c.req.query());
        const gateway = await gatewayForEvent(s, eventId, c.get('locale'));
        c.header('Cache-Control', 'public, max-age=300');
        return c.json(checkoutGatewayView(gateway));
      })
      .on(...endpoint('ongoingExists'), async (c) => {
        const auth = requireAuth(c);
        c.header('Cache-Control', 'private, no-store');
        return c.json({ ongoing: Boolean(await findOngoingOrder(s.db, auth.user.id)) });
      })
      .on(...endpoint('ongoing'), async (c) => {
        const auth = requireAuth(c);
        c.header('Cache-Control', 'private, no-store');
        return c.json({ ongoing: await ongoingPurchase(s, auth.user.id, c.get('locale')) });
      })
      .on(...endpoint('cancelOngoing'), async (c) => {
        const auth = requireAuth(c);
        // The cart goes back to the buyer's cart session (a new one when the browser has none).
        const sessionId = sessionOf(c) ?? newSessionId();
        const answer = await cancelOngoing(s, { userId: auth.user.id, sessionId }, c.get('locale'));
        if (!answer) throw paymentError('order_not_found', c.get('locale'));
        setCookie(c, CART_SESSION_COOKIE, sessionId, {
          path: '/',
          maxAge: 86_400,
          httpOnly: true,
          sameSite: 'Lax',
          secure: s.config.secureCookies,
        });
        return c.json(answer);
      })
      .on(...endpoint('order'), async (c) => {
        const row = await own(c, c.req.param('id'));
        await refreshOwnOrder(s, row, c.get('locale'));
        const answer = await paymentAnswer(s, row.order.id, c.get('locale'));
        const [order] = await findOrders(s.db, row.order.id);
        c.header('Cache-Control', 'private, no-store');
        return c.json({
          ...answer,
          receipt: await getOrderReceipt(s.db, order ?? row.order, row.order.userId),
        });
      })
      // Issue 15, 3DS: the challenge's result completes the buyer's own charge and settles the order.
      .on(...endpoint('completeChallenge'), async (c) => {
        const auth = requireAuth(c);
        const body = await parse<import('@ingressos/contracts').TCompleteChallengeRequest>(
          c,
          ZCompleteChallengeRequest,
        );
        const answer = await completeChallenge(
          s,
          { user: auth.user, orderId: c.req.param('id'), auth3dsId: body.auth3dsId, sessionId: sessionOf(c) },
          c.get('locale'),
        );
        return paymentResponse(c, answer);
      })
      .on(...endpoint('orderCalendar'), async (c) => {
        const row = await own(c, c.req.param('id'));
        const receipt = await getOrderReceipt(s.db, row.order, row.order.userId);
        const ics = orderCalendar(receipt, {
          orderId: row.order.id,
          publicUrl: s.config.publicUrl,
          brand: siteConfig(s.config).brandName,
          locale: c.get('locale'),
        });
        return c.body(ics, 200, {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="${receipt.event.slug}.ics"`,
          'cache-control': 'private, no-store',
        });
      })
      .get('/api/newtickettransaction/:id/payment-status', async (c) => {
        const row = await own(c, c.req.param('id'));
        await refreshOwnOrder(s, row, c.get('locale'));
        const answer = await paymentAnswer(s, row.order.id, c.get('locale'));
        return c.json({
          PaymentStatus: answer.status,
          transactionStatus: answer.transactionStatus,
          orderStatus: answer.orderStatus,
          message: answer.message,
        });
      })
      .on(...endpoint('gatewayPayment'), async (c) => {
        // X-NoInterest, X-FranchiseId, X-Gateway (commerce §7): checked for shape; the row names its gateway.
        parseWith(c, CALLS.gatewayPayment.headers, c.req.header());
        const row = await own(c, c.req.param('id'));
        c.header('Cache-Control', 'private, no-store');
        return c.json(await gatewayShapedPayment(s, row, c.get('locale')));
      })
      .get('/api/socialEvent/:id/getInstallments', async (c) => {
        const eventId = Number(c.req.param('id'));
        const value = Number(c.req.query('value'));
        if (
          !Number.isInteger(eventId) ||
          eventId <= 0 ||
          eventId > 2_147_483_647 ||
          !Number.isFinite(value) ||
          value <= 0 ||
          value > 1_000_000
        )
          return c.json({ Message: 'Requisição inválida: value', code: 'invalid_request' }, 400);
        // Issue 15: the spec's X-NoInterest header asks for the interest-free options only.
        const onlyInterestFree = /^(true|1)$/i.test(c.req.header('x-nointerest') ?? '');
        return c.json(
          await getInstallments(
            s,
            { eventId, totalCents: Math.round(value * 100), onlyInterestFree },
            c.get('locale'),
          ),
        );
      })
      .get('/api/tickets/public-key', async (c) => {
        c.header('Cache-Control', 'public, max-age=3600');
        return c.json(await s.signer.publicKey());
      })
      .on(...endpoint('myTickets'), async (c) => {
        const auth = requireAuth(c);
        const eventId = positiveInt(c.req.query('eventId'));
        c.header('Cache-Control', 'private, no-store');
        // Issue 36: which wallet buttons the holder's tickets show (docs/wallet.md).
        const mine = await getMyTickets(s.db, auth.user.id, c.get('locale'), eventId);
        return c.json({ ...mine, wallet: walletOffered(s.config) });
      })
      .on(...endpoint('ticketsPdf'), async (c) => {
        const auth = requireAuth(c);
        const eventId = positiveInt(c.req.query('eventId'));
        const orderId = c.req.query('orderId');
        const list = await pdfTickets(
          s.db,
          {
            userId: auth.user.id,
            ...(eventId ? { eventId } : {}),
            ...(orderId && UUID.test(orderId) ? { orderId } : {}),
          },
          c.get('locale'),
        );
        if (list.length === 0) throw paymentError('order_not_found', c.get('locale'));
        const pdf = await ticketsPdf(list);
        return c.body(new Uint8Array(pdf), 200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="ingressos.pdf"',
          'cache-control': 'private, no-store',
        });
      })
  );
}

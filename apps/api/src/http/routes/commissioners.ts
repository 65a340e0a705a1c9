import {
  ZCommissionerEventTicketsRequest,
  ZCommissionerId,
  ZCommissionerInfoRequest,
  ZCommissionerLandingRequest,
  ZCommissionerPaymentRequest,
  ZCommissionerSalesQuery,
  ZEventGroupParam,
} from '@ingressos/contracts';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { TRateLimits } from '../../modules/accounts/rate-limits.ts';
import { getCart } from '../../modules/cart/get-cart.ts';
import type { TCatalogue } from '../../modules/catalogue/catalogue-read-model.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { createPayment } from '../../modules/checkout/ways-to-pay/create-payment.ts';
import { attachSeller, checkSeller } from '../../modules/commissioners/attach-commissioner.ts';
import {
  commissionerEventTickets,
  commissionerGroup,
  commissionerLanding,
} from '../../modules/commissioners/commissioner-catalogue.ts';
import { commissionerSales, salesCsv } from '../../modules/commissioners/commissioner-sales.ts';
import { eventCommissioners } from '../../modules/commissioners/event-commissioners.ts';
import { findCommissioner } from '../../modules/commissioners/find-commissioner.ts';
import { commissionerError } from '../../modules/commissioners/messages.ts';
import { readSalesToken } from '../../modules/commissioners/sales-link.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { paymentResponse } from '../payment-response.ts';
import { parseWith, readJsonBody } from '../request.ts';
import { sessionOf } from './cart.ts';
import { sendPrepared } from './catalogue.ts';

export type TCommissionerRouteOptions = {
  checkout: TCheckoutServices;
  catalogue: TCatalogue;
  limits: TRateLimits;
  secret: () => Promise<Uint8Array>;
};

const ZEventIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Commissioner mode's calls (commerce §7 "Events" and "Payment") and the commissioner's sales view. Thin. */
export function commissionerRoutes({ checkout: s, catalogue, limits, secret }: TCommissionerRouteOptions) {
  const { db } = s;
  const token = s.config.COMMISSIONER_LANDING_TOKEN;
  const opts = (c: Context<TAppEnv>) => ({ db, catalogue, locale: c.get('locale') });
  const body = async <T>(c: Context<TAppEnv>, schema: Parameters<typeof parseWith>[1]) =>
    parseWith(c, schema, await readJsonBody(c)) as T;
  // commerce §6: landing-page calls carry the deployment's token; unset, any token is taken (local use).
  const checkToken = (c: Context<TAppEnv>, given: string) => {
    if (token && given !== token) throw commissionerError('commissioner_token', c.get('locale'));
  };
  const ip = (c: Context<TAppEnv>) => clientIp(c, s.config.TRUST_PROXY_HOPS);

  const pay = async (c: Context<TAppEnv>) => {
    const auth = requireAuth(c);
    const input = await body<import('@ingressos/contracts').TCommissionerPaymentRequest>(
      c,
      ZCommissionerPaymentRequest,
    );
    const locale = c.get('locale');
    const sessionId = sessionOf(c, input.sessionId);
    const cart = sessionId ? await getCart(db, sessionId, locale) : null;
    // The seller must sell this cart's event; the cart then carries it, so the total (with the
    // commissioner's refund value) and the order's seller come from the same cart.
    if (cart?.eventId) {
      await checkSeller(db, input.commissionerId, cart.eventId, locale);
      if (cart.commissionerId !== input.commissionerId)
        await attachSeller(db, sessionId!, input.commissionerId);
    }
    const { commissionerId: _, ...rest } = input;
    const answer = await createPayment(
      s,
      {
        user: auth.user,
        idempotencyKey: c.req.header('idempotency-key') ?? undefined,
        sessionId,
        body: rest,
      },
      locale,
    );
    return paymentResponse(c, answer);
  };

  return new Hono<TAppEnv>()
    .on(...endpoint('commissionerInfo'), async (c) => {
      await limits.consume('commissionerIp', ip(c), c.get('locale'));
      const { hash } = await body<{ hash: string }>(c, ZCommissionerInfoRequest);
      c.header('Cache-Control', 'no-cache');
      return c.json(await findCommissioner(db, { hash }, c.get('locale')));
    })
    .on(...endpoint('commissionerLanding'), async (c) => {
      const input = await body<{ token: string; commissionerID: number }>(c, ZCommissionerLandingRequest);
      checkToken(c, input.token);
      c.header('Cache-Control', 'no-cache');
      return c.json(await commissionerLanding(opts(c), input.commissionerID));
    })
    .on(...endpoint('commissionerEventTickets'), async (c) => {
      const input = await body<{ token: string; eventSlug: string; commissionerId: number }>(
        c,
        ZCommissionerEventTicketsRequest,
      );
      checkToken(c, input.token);
      return sendPrepared(c, await commissionerEventTickets(opts(c), input), 'no-cache');
    })
    .on(...endpoint('commissionerEventGroup'), async (c) => {
      const commissionerId = parseWith(c, ZCommissionerId, c.req.param('commissionerId')) as number;
      const group = parseWith(c, ZEventGroupParam, c.req.param('group')) as string;
      // commerce §7: the call carries a commissionerID header; when sent, it must name the same one.
      const header = c.req.header('commissionerID');
      if (header !== undefined && header !== String(commissionerId))
        throw commissionerError('commissioner_not_found', c.get('locale'));
      return sendPrepared(c, await commissionerGroup(opts(c), { commissionerId, group }), 'no-cache');
    })
    .on(...endpoint('eventCommissioners'), async (c) => {
      const eventId = parseWith(c, ZEventIdParam, c.req.param('eventId')) as number;
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(await eventCommissioners(db, eventId));
    })
    .post('/api/CommissionersLandingPage/newfinishpayment', pay)
    .post('/api/v2/CommissionersLandingPage/newfinishpayment', pay)
    .on(...endpoint('commissionerSales'), async (c) => {
      const locale = c.get('locale');
      await limits.consume('commissionerIp', ip(c), locale);
      const query = parseWith(c, ZCommissionerSalesQuery, c.req.query()) as { token: string };
      const link = readSalesToken(await secret(), query.token, locale);
      c.header('Cache-Control', 'private, no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.json(await commissionerSales(db, link.commissionerId, link.expiresAt, locale));
    })
    .on(...endpoint('commissionerSalesCsv'), async (c) => {
      const locale = c.get('locale');
      await limits.consume('commissionerIp', ip(c), locale);
      const query = parseWith(c, ZCommissionerSalesQuery, c.req.query()) as { token: string };
      const link = readSalesToken(await secret(), query.token, locale);
      const sales = await commissionerSales(db, link.commissionerId, link.expiresAt, locale);
      c.header('Cache-Control', 'private, no-store');
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="vendas-comissario-${sales.commissioner.id}.csv"`,
      );
      return c.body(salesCsv(sales, locale));
    });
}

import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { verifyMercadoPagoSignature } from '../../adapters/payments/mercadopago-webhook.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { syncByGatewayRef } from '../../modules/checkout/sync-payment.ts';
import { clientIp } from '../client-ip.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody } from '../errors.ts';

const CARD_FORM = readFileSync(
  new URL('../../adapters/payments/mercadopago-card-form.js', import.meta.url),
  'utf8',
);
const REF = /^\d{1,20}$/;

/**
 * Mercado Pago's paths (only while PAYMENT_GATEWAY=mercadopago): the card-form script, served
 * from our origin, that mounts Mercado Pago's secure fields, and the webhook Mercado Pago calls
 * when a payment changes. The webhook carries no cookie (the CSRF check lets it through), proves
 * itself with x-signature, and only makes us ask Mercado Pago for the payment's status
 * (syncPayment): its body is never trusted for the outcome.
 */
export function mercadoPagoRoutes(s: TCheckoutServices) {
  const app = new Hono<TAppEnv>();
  const secret = s.config.MERCADOPAGO_WEBHOOK_SECRET;
  if (s.gateway.kind !== 'mercadopago' || !secret) return app;
  // Bad signatures per IP: a guesser is slowed down; Mercado Pago's own calls always verify.
  const failures = new RateLimiterMemory({ keyPrefix: 'mp-webhook', points: 30, duration: 600 });
  return app
    .get('/mercadopago/card-form.js', (c) =>
      c.body(CARD_FORM, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
    )
    .post(
      '/api/webhooks/mercadopago',
      bodyLimit({
        maxSize: 8 * 1024,
        onError: (c) => c.json(errorBody('payload_too_large', 'Requisição muito grande.'), 413),
      }),
      async (c) => {
        const ip = clientIp(c, s.config.TRUST_PROXY_HOPS);
        const blocked = await failures.get(ip);
        if (blocked && blocked.remainingPoints <= 0) {
          c.header('Retry-After', String(Math.max(1, Math.ceil(blocked.msBeforeNext / 1000))));
          return c.json(errorBody('too_many_requests', 'Too many requests'), 429);
        }
        const body = (await c.req.json().catch(() => null)) as {
          type?: unknown;
          data?: { id?: unknown };
        } | null;
        const dataId =
          c.req.query('data.id') ?? (typeof body?.data?.id === 'string' ? body.data.id : undefined);
        const valid = verifyMercadoPagoSignature({
          secret,
          dataId,
          requestId: c.req.header('x-request-id'),
          signature: c.req.header('x-signature'),
        });
        if (!valid) {
          await failures.consume(ip).catch((error: unknown) => {
            if (!(error instanceof RateLimiterRes)) throw error;
          });
          c.get('log').warn('mercadopago webhook with a bad signature', { ip });
          return c.json(errorBody('invalid_signature', 'Invalid signature'), 401);
        }
        const type = c.req.query('type') ?? body?.type;
        if (type !== 'payment' || !dataId || !REF.test(dataId))
          return c.json({ received: true, ignored: true });
        // Ours by the gateway's id, or (its answer lost to a timeout or a crash) by our reference.
        if (!(await syncByGatewayRef(s, dataId, c.get('locale'))))
          return c.json({ received: true, ignored: true });
        return c.json({ received: true });
      },
    );
}

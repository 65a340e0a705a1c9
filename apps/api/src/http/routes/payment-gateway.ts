import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { syncByGatewayRef } from '../../modules/checkout/sync-payment.ts';
import { clientIp } from '../client-ip.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody } from '../errors.ts';

/**
 * The active gateway's own paths, as its adapter declares them: the card-form script, served from
 * our origin, and the webhook the gateway calls when a charge changes. The webhook carries no
 * cookie (the CSRF check lets it through), proves itself with the adapter's signature check, and
 * only makes us ask the gateway about the charge: its body is never trusted for the outcome. A
 * charge we know only by our reference (its answer was lost) is found through the gateway.
 */
export function paymentGatewayRoutes(s: TCheckoutServices) {
  const { browser, webhook } = s.gateway;
  const app = new Hono<TAppEnv>().get(browser.cardForm.path, (c) =>
    c.body(browser.cardForm.source, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
    }),
  );
  if (!webhook) return app;
  // Bad signatures per IP: a guesser is slowed down; the gateway's own calls always verify.
  const failures = new RateLimiterMemory({ keyPrefix: 'gateway-webhook', points: 30, duration: 600 });
  return app.post(
    webhook.path,
    bodyLimit({
      maxSize: webhook.maxBytes,
      onError: (c) => c.json(errorBody('payload_too_large', 'Requisição muito grande.'), 413),
    }),
    async (c) => {
      const ip = clientIp(c, s.config.TRUST_PROXY_HOPS);
      const blocked = await failures.get(ip);
      if (blocked && blocked.remainingPoints <= 0) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(blocked.msBeforeNext / 1000))));
        return c.json(errorBody('too_many_requests', 'Too many requests'), 429);
      }
      const rawBody = await c.req.text();
      let body: unknown = null;
      try {
        body = JSON.parse(rawBody);
      } catch {}
      const notice = await webhook.verify({
        query: c.req.query(),
        header: (name) => c.req.header(name),
        rawBody,
        body,
      });
      if (!notice.valid) {
        await failures.consume(ip).catch((error: unknown) => {
          if (!(error instanceof RateLimiterRes)) throw error;
        });
        c.get('log').warn('gateway webhook with a bad signature', { ip, gateway: s.gateway.kind });
        return c.json(errorBody('invalid_signature', 'Invalid signature'), 401);
      }
      if (!notice.ref || !(await syncByGatewayRef(s, notice.ref, c.get('locale'))))
        return c.json({ received: true, ignored: true });
      return c.json({ received: true });
    },
  );
}

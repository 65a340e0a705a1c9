import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import { syncByGatewayRef } from '../../modules/checkout/order/sync-payment.ts';
import type { TCheckoutServices } from '../../modules/checkout/services.ts';
import { clientIp } from '../client-ip.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody } from '../errors.ts';

/**
 * Each configured gateway's own paths, as its adapter declares them: the card-form script, served
 * from our origin, and the webhook the gateway calls when a charge changes. A webhook carries no
 * cookie (the CSRF check lets it through), proves itself with its adapter's signature check, and
 * only makes us ask that gateway about the charge: its body is never trusted for the outcome. A
 * charge we know only by our reference (its answer was lost) is found through the gateway.
 */
export function paymentGatewayRoutes(s: TCheckoutServices) {
  const app = new Hono<TAppEnv>();
  // Bad signatures per IP: a guesser is slowed down; the gateways' own calls always verify.
  const failures = new RateLimiterMemory({ keyPrefix: 'gateway-webhook', points: 30, duration: 600 });
  for (const gateway of s.gateways.all) {
    const { browser, webhook } = gateway;
    app.get(browser.cardForm.path, (c) =>
      c.body(browser.cardForm.source, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
    );
    if (webhook) app.post(webhook.path, webhookBodies(webhook.maxBytes), receiveNotice(s, gateway, failures));
  }
  return app;
}

const webhookBodies = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody('payload_too_large', 'Requisição muito grande.'), 413),
  });

function receiveNotice(s: TCheckoutServices, gateway: TPaymentGateway, failures: RateLimiterMemory) {
  const webhook = gateway.webhook!;
  return async (c: Context<TAppEnv>) => {
    const ip = clientIp(c, s.config.TRUST_PROXY_HOPS);
    const blocked = await failures.get(ip);
    if (blocked && blocked.remainingPoints <= 0) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(blocked.msBeforeNext / 1000))));
      return c.json(errorBody('too_many_requests', 'Too many requests'), 429);
    }
    const rawBody = await c.req.text();
    const notice = await webhook.verify({
      query: c.req.query(),
      header: (name) => c.req.header(name),
      rawBody,
      body: parseOrNull(rawBody),
    });
    if (!notice.valid) {
      await failures.consume(ip).catch((error: unknown) => {
        if (!(error instanceof RateLimiterRes)) throw error;
      });
      c.get('log').warn('gateway webhook with a bad signature', { ip, gateway: gateway.kind });
      return c.json(errorBody('invalid_signature', 'Invalid signature'), 401);
    }
    if (!notice.ref) return c.json({ received: true, ignored: true });
    try {
      if (!(await syncByGatewayRef(s, gateway, notice.ref, c.get('locale'))))
        return c.json({ received: true, ignored: true });
    } catch (error) {
      // The gateway could not be asked (down, slow, a 5xx) or the move failed: the notice is taken,
      // and the reconciler asks about every charge still awaited at its next pass (docs/decisions.md).
      c.get('log').warn('gateway webhook not applied: left to the reconciler', {
        gateway: gateway.kind,
        error: error instanceof Error ? error.message : String(error),
      });
      return c.json({ received: true, deferred: true }, 202);
    }
    return c.json({ received: true });
  };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

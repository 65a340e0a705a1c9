import { Hono } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { GatewayRefusedError, type TPaymentGateway } from '../../adapters/payments/gateway.ts';
import type { TDb } from '../../db/client.ts';
import { getCart } from '../../modules/cart/get-cart.ts';
import type { TAppEnv } from '../env.ts';
import { errorBody } from '../errors.ts';
import { requireAuth } from '../middleware/authenticate.ts';
import { sessionOf } from './cart.ts';

const TEXT = {
  'pt-BR': {
    noCart: 'Seu carrinho está vazio.',
    free: 'Este pedido não tem valor a pagar com cartão.',
    refused: 'Não foi possível iniciar o pagamento com cartão. Tente novamente ou pague com Pix.',
    tooMany: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  },
  en: {
    noCart: 'Your cart is empty.',
    free: 'This order has nothing to pay by card.',
    refused: 'The card payment could not be started. Try again or pay with Pix.',
    tooMany: 'Too many attempts. Wait a few minutes and try again.',
  },
} as const;

/**
 * The payment sessions some gateways' browser SDKs need before their card fields mount (a
 * gateway's `browser.session`, gateway.ts): one POST route per such gateway, at the path it
 * declares. Only a signed-in buyer with a cart gets one, for the cart's current total in the
 * cart's currency as the server computes it; nothing the page sends about amounts counts (and
 * the charge step checks its own amounts again). Answers { session }. Each session is a call to
 * the gateway, so a buyer may open a limited number of them (a page mounts one per card form).
 */
export function gatewaySessionRoutes(options: {
  db: TDb;
  gateways: readonly TPaymentGateway[];
  /** Sessions one buyer may open per 10 minutes. */
  perBuyer?: number;
}) {
  const app = new Hono<TAppEnv>();
  const limit = new RateLimiterMemory({
    keyPrefix: 'gateway-session',
    points: options.perBuyer ?? 30,
    duration: 600,
  });
  const paths = new Set<string>();
  for (const gateway of options.gateways) {
    const session = gateway.browser.session;
    if (!session || paths.has(session.path)) continue;
    paths.add(session.path);
    app.post(session.path, async (c) => {
      const auth = requireAuth(c);
      const locale = c.get('locale');
      const text = TEXT[locale] ?? TEXT['pt-BR'];
      try {
        await limit.consume(auth.user.id);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        c.header('Retry-After', String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
        return c.json(errorBody('too_many_requests', text.tooMany), 429);
      }
      const cartSession = sessionOf(c);
      const cart = cartSession ? await getCart(options.db, cartSession, locale) : null;
      if (!cart) return c.json(errorBody('cart_not_found', text.noCart), 404);
      const amountCents = Math.round(cart.totals.total * 100);
      if (amountCents <= 0) return c.json(errorBody('nothing_to_pay', text.free), 422);
      const document = auth.user.document?.replace(/\D/g, '');
      try {
        const started = await session.start({
          amountCents,
          currency: cart.currency ?? 'BRL',
          payerEmail: auth.user.email,
          payerCpf: document && document.length === 11 ? document : undefined,
          externalRef: cart.id,
        });
        c.header('cache-control', 'no-store');
        return c.json({ session: started.session });
      } catch (error) {
        c.get('log')?.warn('gateway session not started', {
          gateway: gateway.kind,
          refused: error instanceof GatewayRefusedError,
        });
        return c.json(
          errorBody('gateway_session_failed', text.refused),
          error instanceof GatewayRefusedError ? 422 : 502,
        );
      }
    });
  }
  return app;
}

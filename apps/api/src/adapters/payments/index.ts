import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import {
  CHECKOUT_GATEWAY_NAME,
  GATEWAY_OF_CODE,
  type TGatewayKind,
  type TPaymentGateway,
} from './gateway.ts';
import { createMalgaGateway } from './malga.ts';
import { createMercadoPagoGateway } from './mercadopago.ts';
import { createPagBankGateway } from './pagbank.ts';
import { createSandboxGateway, type TSandboxGateway } from './sandbox.ts';
import { createStripeGateway } from './stripe.ts';
import { createYunoGateway } from './yuno.ts';

export type { TCharge, TGatewayKind, TPaymentGateway } from './gateway.ts';

/**
 * Every gateway this process can charge through, and which one sells each event. Several can be
 * configured at once, each with its own credentials and webhook path; an event whose catalogue
 * entry names none is sold by the site's default (PAYMENT_GATEWAY); an event naming a gateway
 * that is not configured is not sellable (forEvent answers null).
 */
export type TGatewayRegistry = {
  /** The site's default: events that name no gateway. */
  default: TPaymentGateway;
  /** Every configured gateway, the default first. */
  all: readonly TPaymentGateway[];
  /** The gateway holding a payment (its row's `gateway`); null when no longer configured. */
  byKind(kind: string): TPaymentGateway | null;
  /** The gateway that sells an event, by its catalogue code (commerce §9); null when not configured. */
  forEvent(code: number | null): TPaymentGateway | null;
  /** The cart's `checkoutGateway` for a gateway (commerce §3). */
  checkoutName(gateway: TPaymentGateway): string;
};

type TFactory = (config: TConfig, db: TDb) => TPaymentGateway | null;

/**
 * One line per adapter: it reads its own variables and answers null when they are not set. The
 * configuration (config.ts) refuses to start with half a gateway's variables.
 */
const FACTORIES: Record<TGatewayKind, TFactory> = {
  sandbox: (config, db) =>
    config.PAYMENT_GATEWAY === 'sandbox'
      ? createSandboxGateway(
          db,
          {
            key: config.PIX_KEY,
            merchantName: config.PIX_MERCHANT_NAME,
            merchantCity: config.PIX_MERCHANT_CITY,
          },
          config.SANDBOX_SETTLE_SECONDS,
          config.CARD_INTEREST_BP,
        )
      : null,
  mercadopago: (config) =>
    config.MERCADOPAGO_ACCESS_TOKEN && config.MERCADOPAGO_PUBLIC_KEY && config.MERCADOPAGO_WEBHOOK_SECRET
      ? createMercadoPagoGateway({
          accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
          publicKey: config.MERCADOPAGO_PUBLIC_KEY,
          webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET,
          base: config.MERCADOPAGO_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
  stripe: (config) =>
    config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeGateway({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          base: config.STRIPE_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
  pagbank: (config) =>
    config.PAGBANK_TOKEN && config.PAGBANK_PUBLIC_KEY
      ? createPagBankGateway({
          token: config.PAGBANK_TOKEN,
          publicKey: config.PAGBANK_PUBLIC_KEY,
          notificationUrl: config.PUBLIC_URL
            ? new URL('/api/webhooks/pagbank', config.PUBLIC_URL).toString()
            : undefined,
          base: config.PAGBANK_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
  yuno: (config) =>
    config.YUNO_PUBLIC_API_KEY &&
    config.YUNO_PRIVATE_SECRET_KEY &&
    config.YUNO_ACCOUNT_ID &&
    config.YUNO_WEBHOOK_SECRET
      ? createYunoGateway({
          publicApiKey: config.YUNO_PUBLIC_API_KEY,
          privateSecretKey: config.YUNO_PRIVATE_SECRET_KEY,
          accountId: config.YUNO_ACCOUNT_ID,
          webhookSecret: config.YUNO_WEBHOOK_SECRET,
          base: config.YUNO_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
  malga: (config) =>
    config.MALGA_CLIENT_ID &&
    config.MALGA_API_KEY &&
    config.MALGA_PUBLIC_KEY &&
    config.MALGA_MERCHANT_ID &&
    config.MALGA_WEBHOOK_PUBLIC_KEY
      ? createMalgaGateway({
          clientId: config.MALGA_CLIENT_ID,
          apiKey: config.MALGA_API_KEY,
          publicKey: config.MALGA_PUBLIC_KEY,
          merchantId: config.MALGA_MERCHANT_ID,
          webhookPublicKey: config.MALGA_WEBHOOK_PUBLIC_KEY,
          sandbox: config.MALGA_SANDBOX,
          base: config.MALGA_API_BASE,
          statementDescriptor: config.MALGA_STATEMENT_DESCRIPTOR,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
};

export function createPaymentGateways(config: TConfig, db: TDb): TGatewayRegistry {
  const configured = new Map<string, TPaymentGateway>();
  for (const [kind, factory] of Object.entries(FACTORIES)) {
    const gateway = factory(config, db);
    if (gateway) configured.set(kind, gateway);
  }
  const fallback = configured.get(config.PAYMENT_GATEWAY);
  // config.ts requires the default gateway's variables, so this only fails on a programming error.
  if (!fallback) throw new Error(`PAYMENT_GATEWAY=${config.PAYMENT_GATEWAY} is not configured`);
  return {
    default: fallback,
    all: [fallback, ...[...configured.values()].filter((g) => g !== fallback)],
    byKind: (kind) => configured.get(kind) ?? null,
    forEvent: (code) => (code === null ? fallback : (configured.get(GATEWAY_OF_CODE[code] ?? '') ?? null)),
    checkoutName: (gateway) => CHECKOUT_GATEWAY_NAME[gateway.kind],
  };
}

/** A gateway with test controls (the sandbox's 'simulate payment' of a Pix). */
export function hasTestControls(gateway: TPaymentGateway): gateway is TSandboxGateway {
  return 'payPix' in gateway;
}

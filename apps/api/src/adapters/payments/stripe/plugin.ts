import type { TGatewayPlugin } from '../gateway.ts';
import { createStripeGateway } from './adapter.ts';
import { STRIPE } from './settings.ts';

/** The stripe plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const stripePlugin: TGatewayPlugin<typeof STRIPE.settings> & typeof STRIPE = {
  ...STRIPE,
  create: (config) =>
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
};

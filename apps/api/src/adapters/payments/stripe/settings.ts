import { z } from 'zod';
import { url } from '../../../config-fields.ts';

/** Stripe's declaration (events of gateway 7): its settings (checked by config.ts), webhook and card form. */
export const STRIPE = {
  kind: 'stripe',
  checkoutName: 'Stripe',
  webhookPath: '/api/webhooks/stripe',
  cardFormPath: '/stripe/card-form.js',
  settings: {
    // The secret key (server calls), the publishable key (Stripe.js's Payment Element in the
    // browser) and the webhook endpoint's signing secret.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
    /** The signing secret of the webhook endpoint (Developers > Webhooks), whsec_…; required with stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w{8,}$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
    /** Stripe's API base; tests point it at a local stand-in. */
    STRIPE_API_BASE: url.default('https://api.stripe.com'),
  },
  required: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
} as const;

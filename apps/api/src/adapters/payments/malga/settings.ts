import { z } from 'zod';
import { flag, url } from '../../../config-fields.ts';

/** Malga's declaration: its settings (checked by config.ts), webhook and card form. */
export const MALGA = {
  kind: 'malga',
  checkoutName: 'Malga',
  webhookPath: '/api/webhooks/malga',
  cardFormPath: '/malga/card-form.js',
  settings: {
    /**
     * Malga (commerce §9 gateway 3, Multiadquirente): X-Client-Id and the secret X-Api-Key, a client
     * token (POST /v1/auth, scope tokens) for the browser's hosted fields, the merchant that charges,
     * and the Ed25519 public key (PEM) Malga answered when the webhook was created.
     */
    MALGA_CLIENT_ID: z.string().optional(),
    MALGA_API_KEY: z.string().optional(),
    MALGA_PUBLIC_KEY: z.string().optional(),
    MALGA_MERCHANT_ID: z.string().optional(),
    MALGA_WEBHOOK_PUBLIC_KEY: z
      .string()
      .regex(/BEGIN PUBLIC KEY/, 'must be the PEM public key Malga answered when the webhook was created')
      .optional(),
    /** Malga's sandbox: the payment page frames its hosted fields' sandbox origin. */
    MALGA_SANDBOX: flag.default(false),
    /** Malga's API base (https://sandbox-api.malga.io for the sandbox); tests point it at a local stand-in. */
    MALGA_API_BASE: url.default('https://api.malga.io'),
    /** What the buyer's card statement shows for a Malga charge. */
    MALGA_STATEMENT_DESCRIPTOR: z.string().min(1).max(22).default('Bilheto'),
  },
  required: [
    'MALGA_CLIENT_ID',
    'MALGA_API_KEY',
    'MALGA_PUBLIC_KEY',
    'MALGA_MERCHANT_ID',
    'MALGA_WEBHOOK_PUBLIC_KEY',
  ],
} as const;

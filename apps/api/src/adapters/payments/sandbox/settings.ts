import { z } from 'zod';

/**
 * The sandbox's declaration: its settings (environment variables, checked by config.ts), its card
 * form and no webhook (it is in-process). Only configured when it is the site's default
 * (PAYMENT_GATEWAY=sandbox), so it requires no variable.
 */
export const SANDBOX = {
  kind: 'sandbox',
  /** commerce §3 `checkoutGateway` (the spec has no name for a test gateway). */
  checkoutName: 'Main',
  webhookPath: null,
  cardFormPath: '/sandbox-gateway/card-form.js',
  settings: {
    /** Pix receiver of the sandbox BR Code (a Pix key), its name and city. */
    PIX_KEY: z.string().min(3).default('pagamentos@bilheto.com.br'),
    PIX_MERCHANT_NAME: z.string().min(1).default('Bilheto'),
    PIX_MERCHANT_CITY: z.string().min(1).default('Sao Paulo'),
    /** Sandbox only: an in-process test card charge is approved this long after it was made. */
    SANDBOX_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(15),
  },
  required: [],
} as const;

import { z } from 'zod';
import { url } from '../../../config-fields.ts';

/** Mercado Pago's declaration: its settings (checked by config.ts), webhook and card form. */
export const MERCADOPAGO = {
  kind: 'mercadopago',
  checkoutName: 'MercadoPago',
  webhookPath: '/api/webhooks/mercadopago',
  cardFormPath: '/mercadopago/card-form.js',
  settings: {
    MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
    MERCADOPAGO_PUBLIC_KEY: z.string().optional(),
    /** The secret of the webhook's x-signature (Your integrations > Webhooks); required with mercadopago. */
    MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
    /** Mercado Pago's API base; tests point it at a local stand-in. */
    MERCADOPAGO_API_BASE: url.default('https://api.mercadopago.com'),
  },
  required: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'],
} as const;

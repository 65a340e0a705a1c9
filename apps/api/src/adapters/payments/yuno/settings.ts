import { z } from 'zod';
import { url } from '../../../config-fields.ts';

/** Yuno's declaration (a payment orchestrator; catalogue code 8): settings (checked by config.ts), webhook, card form. */
export const YUNO = {
  kind: 'yuno',
  checkoutName: 'Yuno',
  webhookPath: '/api/webhooks/yuno',
  cardFormPath: '/yuno/card-form.js',
  settings: {
    /**
     * The account's public-api-key (also the browser SDK's key), private-secret-key and account_id
     * (Developers > Credentials), and the secret of the webhook's x-hmac-signature (Webhooks > Use
     * HMAC signing).
     */
    YUNO_PUBLIC_API_KEY: z.string().optional(),
    YUNO_PRIVATE_SECRET_KEY: z.string().optional(),
    YUNO_ACCOUNT_ID: z.string().optional(),
    YUNO_WEBHOOK_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
    /** Yuno's API base (sandbox: https://api-sandbox.y.uno); tests point it at a local stand-in. */
    YUNO_API_BASE: url.default('https://api.y.uno'),
  },
  required: ['YUNO_PUBLIC_API_KEY', 'YUNO_PRIVATE_SECRET_KEY', 'YUNO_ACCOUNT_ID', 'YUNO_WEBHOOK_SECRET'],
} as const;

import { z } from 'zod';
import { url } from '../../../config-fields.ts';

/** PicPay's declaration: its settings (checked by config.ts), webhook and card form. */
export const PICPAY = {
  kind: 'picpay',
  checkoutName: 'PicPay',
  /** Where PicPay posts its callbacks (each charge's callbackUrl: <PUBLIC_URL> and this). */
  webhookPath: '/api/webhooks/picpay',
  cardFormPath: '/picpay/card-form.js',
  settings: {
    /**
     * PicPay (commerce §9 gateway 2, its E-commerce API): the x-picpay-token of our calls and the
     * x-seller-token PicPay's callbacks carry (both from PicPay's seller panel, Integrações).
     */
    PICPAY_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
    PICPAY_SELLER_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
    /** PicPay's E-commerce API base; tests point it at a local stand-in. */
    PICPAY_API_BASE: url.default('https://appws.picpay.com/ecommerce/public'),
  },
  required: ['PICPAY_TOKEN', 'PICPAY_SELLER_TOKEN'],
} as const;

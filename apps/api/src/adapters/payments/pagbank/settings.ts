import { z } from 'zod';
import { url } from '../../../config-fields.ts';

/** PagBank's declaration: its settings (checked by config.ts), webhook and card form. */
export const PAGBANK = {
  kind: 'pagbank',
  checkoutName: 'PagSeguro',
  /** Where PagBank posts notices (the charge's notification_urls: <PUBLIC_URL> and this). */
  webhookPath: '/api/webhooks/pagbank',
  cardFormPath: '/pagbank/card-form.js',
  settings: {
    /**
     * PagBank (PagSeguro): the account's token (Bearer of the Orders API, and the key of the
     * notices' x-authenticity-token) and its public key (POST /public-keys, type card), which the
     * browser SDK encrypts cards with.
     */
    PAGBANK_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
    PAGBANK_PUBLIC_KEY: z.string().min(40, 'must be the base64 public key').optional(),
    /** PagBank's API base (https://sandbox.api.pagseguro.com in its sandbox); tests point it at a local stand-in. */
    PAGBANK_API_BASE: url.default('https://api.pagseguro.com'),
  },
  required: ['PAGBANK_TOKEN', 'PAGBANK_PUBLIC_KEY'],
} as const;

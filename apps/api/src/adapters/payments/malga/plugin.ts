import type { TGatewayPlugin } from '../gateway.ts';
import { createMalgaGateway } from './adapter.ts';
import { MALGA } from './settings.ts';

/** The malga plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const malgaPlugin: TGatewayPlugin<typeof MALGA.settings> & typeof MALGA = {
  ...MALGA,
  create: (config) =>
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

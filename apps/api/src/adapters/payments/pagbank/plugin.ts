import type { TGatewayPlugin } from '../gateway.ts';
import { createPagBankGateway } from './adapter.ts';
import { PAGBANK } from './settings.ts';

/** The pagbank plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const pagbankPlugin: TGatewayPlugin<typeof PAGBANK.settings> & typeof PAGBANK = {
  ...PAGBANK,
  create: (config) =>
    config.PAGBANK_TOKEN && config.PAGBANK_PUBLIC_KEY
      ? createPagBankGateway({
          token: config.PAGBANK_TOKEN,
          publicKey: config.PAGBANK_PUBLIC_KEY,
          notificationUrl: config.PUBLIC_URL
            ? new URL(PAGBANK.webhookPath, config.PUBLIC_URL).toString()
            : undefined,
          base: config.PAGBANK_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
};

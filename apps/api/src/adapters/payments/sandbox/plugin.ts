import type { TGatewayPlugin } from '../gateway.ts';
import { createSandboxGateway } from './adapter.ts';
import { SANDBOX } from './settings.ts';

/** The sandbox plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const sandboxPlugin: TGatewayPlugin<typeof SANDBOX.settings> & typeof SANDBOX = {
  ...SANDBOX,
  create: (config, db) =>
    config.PAYMENT_GATEWAY === 'sandbox'
      ? createSandboxGateway(
          db,
          {
            key: config.PIX_KEY,
            merchantName: config.PIX_MERCHANT_NAME,
            merchantCity: config.PIX_MERCHANT_CITY,
          },
          config.SANDBOX_SETTLE_SECONDS,
          config.CARD_INTEREST_BP,
        )
      : null,
};

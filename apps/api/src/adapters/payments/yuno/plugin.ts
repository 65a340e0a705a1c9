import type { TGatewayPlugin } from '../gateway.ts';
import { createYunoGateway } from './adapter.ts';
import { YUNO } from './settings.ts';

/** The yuno plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const yunoPlugin: TGatewayPlugin<typeof YUNO.settings> & typeof YUNO = {
  ...YUNO,
  create: (config) =>
    config.YUNO_PUBLIC_API_KEY &&
    config.YUNO_PRIVATE_SECRET_KEY &&
    config.YUNO_ACCOUNT_ID &&
    config.YUNO_WEBHOOK_SECRET
      ? createYunoGateway({
          publicApiKey: config.YUNO_PUBLIC_API_KEY,
          privateSecretKey: config.YUNO_PRIVATE_SECRET_KEY,
          accountId: config.YUNO_ACCOUNT_ID,
          webhookSecret: config.YUNO_WEBHOOK_SECRET,
          base: config.YUNO_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
};

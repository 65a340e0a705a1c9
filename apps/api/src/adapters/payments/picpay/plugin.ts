import type { TGatewayPlugin } from '../gateway.ts';
import { createPicPayGateway } from './adapter.ts';
import { PICPAY } from './settings.ts';

/** The picpay plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const picpayPlugin: TGatewayPlugin<typeof PICPAY.settings> & typeof PICPAY = {
  ...PICPAY,
  create: (config) =>
    config.PICPAY_TOKEN && config.PICPAY_SELLER_TOKEN
      ? createPicPayGateway({
          token: config.PICPAY_TOKEN,
          sellerToken: config.PICPAY_SELLER_TOKEN,
          callbackUrl: config.PUBLIC_URL
            ? new URL(PICPAY.webhookPath, config.PUBLIC_URL).toString()
            : undefined,
          base: config.PICPAY_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
        })
      : null,
};

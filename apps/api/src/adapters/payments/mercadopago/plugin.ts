import type { TGatewayPlugin } from '../gateway.ts';
import { createMercadoPagoGateway } from './adapter.ts';
import { MERCADOPAGO } from './settings.ts';

/** The mercadopago plug-in: its declaration and the adapter made from its settings (null when they are not set). */
export const mercadopagoPlugin: TGatewayPlugin<typeof MERCADOPAGO.settings> & typeof MERCADOPAGO = {
  ...MERCADOPAGO,
  create: (config) =>
    config.MERCADOPAGO_ACCESS_TOKEN && config.MERCADOPAGO_PUBLIC_KEY && config.MERCADOPAGO_WEBHOOK_SECRET
      ? createMercadoPagoGateway({
          accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
          publicKey: config.MERCADOPAGO_PUBLIC_KEY,
          webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET,
          base: config.MERCADOPAGO_API_BASE,
          timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
          interestBp: config.CARD_INTEREST_BP,
        })
      : null,
};

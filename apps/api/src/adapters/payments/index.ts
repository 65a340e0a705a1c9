import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TPaymentGateway } from './gateway.ts';
import { createMercadoPagoGateway } from './mercadopago.ts';
import { createSandboxGateway, type TSandboxGateway } from './sandbox.ts';

export type { TCharge, TPaymentGateway } from './gateway.ts';

export function createPaymentGateway(config: TConfig, db: TDb): TPaymentGateway | TSandboxGateway {
  if (config.PAYMENT_GATEWAY === 'mercadopago' && config.MERCADOPAGO_ACCESS_TOKEN)
    return createMercadoPagoGateway(
      config.MERCADOPAGO_ACCESS_TOKEN,
      config.MERCADOPAGO_API_BASE,
      config.PAYMENT_GATEWAY_TIMEOUT_MS,
      config.CARD_INTEREST_BP,
    );
  return createSandboxGateway(
    db,
    {
      key: config.PIX_KEY,
      merchantName: config.PIX_MERCHANT_NAME,
      merchantCity: config.PIX_MERCHANT_CITY,
    },
    config.SANDBOX_SETTLE_SECONDS,
    config.CARD_INTEREST_BP,
  );
}

export function isSandbox(gateway: TPaymentGateway): gateway is TSandboxGateway {
  return gateway.kind === 'sandbox';
}

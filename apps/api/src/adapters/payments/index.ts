import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TPaymentGateway } from './gateway.ts';
import { createMercadoPagoGateway } from './mercadopago.ts';
import { createSandboxGateway, type TSandboxGateway } from './sandbox.ts';

export type { TCharge, TPaymentGateway } from './gateway.ts';

export function createPaymentGateway(config: TConfig, db: TDb): TPaymentGateway | TSandboxGateway {
  if (config.PAYMENT_GATEWAY === 'mercadopago')
    return createMercadoPagoGateway({
      // The configuration refuses to start without them (config.ts).
      accessToken: config.MERCADOPAGO_ACCESS_TOKEN!,
      publicKey: config.MERCADOPAGO_PUBLIC_KEY!,
      webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET!,
      base: config.MERCADOPAGO_API_BASE,
      timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
      interestBp: config.CARD_INTEREST_BP,
    });
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

/** A gateway with test controls (the sandbox's 'simulate payment' of a Pix). */
export function hasTestControls(gateway: TPaymentGateway): gateway is TSandboxGateway {
  return 'payPix' in gateway;
}

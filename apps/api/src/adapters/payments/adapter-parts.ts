/** Parts several gateway adapters declare alike (no gateway is named here). */
import type { TGatewayBrowser, TGatewayCapabilities, TPaymentGateway } from './gateway.ts';

/**
 * What a gateway taking cards and Pix on our own payment page declares: no card challenge, no
 * hosted page or wallet button, one card per order, refunds of part of a charge.
 */
export const CARD_AND_PIX: TGatewayCapabilities = {
  methods: ['credit_card', 'pix'],
  threeDS: false,
  hostedCheckout: false,
  walletButton: false,
  multiCard: false,
  partialRefund: true,
};

/**
 * Such a gateway on a Brazilian account charging reais only: up to 12 installments, with the
 * configured monthly interest (2.99% unless the deployment says otherwise).
 */
export function reaisCardAndPix(
  interestBp: number | undefined,
): Pick<TPaymentGateway, 'capabilities' | 'currencies' | 'interestBp' | 'maxInstallments'> {
  return {
    capabilities: { ...CARD_AND_PIX },
    currencies: { card: ['BRL'], pix: ['BRL'] },
    interestBp: interestBp ?? 299,
    maxInstallments: 12,
  };
}

/** What a look-up found, seen through `view`; null when it found nothing. */
export function viewed<T, V>(found: T | null | undefined, view: (found: T) => V): V | null {
  return found ? view(found) : null;
}

/** A gateway's card form on our payment page, loading its SDK from `csp`'s origins (not a test gateway). */
export function cardFormBrowser(
  cardForm: TGatewayBrowser['cardForm'],
  publicKey: string | null,
  csp: TGatewayBrowser['csp'],
): TGatewayBrowser {
  return { cardForm, publicKey, csp, testMode: false };
}

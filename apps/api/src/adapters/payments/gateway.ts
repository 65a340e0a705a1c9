import type { TPaymentStatus } from '@ingressos/domain/payment-status';

/** A charge as the gateway reports it. */
export type TCharge = { ref: string; status: TPaymentStatus; statusDetail: string };

export type TCardChargeInput = {
  /** Our payment id: the gateway charges once per reference (its idempotency key). */
  externalRef: string;
  amountCents: number;
  installments: number;
  /** The token the gateway's own card form made in the browser; card data never reaches us. */
  token: string;
  payerEmail: string;
  /** The buyer's CPF (11 digits) when they have one: Mercado Pago asks for the payer's identification. */
  payerCpf?: string | undefined;
  /** What the card form found for the card's BIN (Mercado Pago's payment_method_id and issuer_id). */
  paymentMethodId?: string | undefined;
  issuerId?: string | undefined;
  description: string;
};

export type TPixChargeInput = {
  externalRef: string;
  amountCents: number;
  expiresAt: Date;
  payerEmail: string;
  payerCpf?: string | undefined;
  description: string;
};

/**
 * What the checkout needs of an acquirer. The sandbox (default) behaves like a real acquirer's
 * test mode; the Mercado Pago client sits beside it (PAYMENT_GATEWAY).
 */
export type TPaymentGateway = {
  kind: 'sandbox' | 'mercadopago';
  /** Where the browser loads the gateway's card form script (same origin, strict CSP). */
  cardFormScript: string;
  chargeCard(input: TCardChargeInput): Promise<TCharge & { brand: string; last4: string }>;
  createPix(input: TPixChargeInput): Promise<TCharge & { payload: string }>;
  getCharge(ref: string): Promise<TCharge | null>;
  refund(ref: string): Promise<void>;
  /**
   * Cancels a charge that is still pending (an unpaid Pix). Answers the charge as it then stands:
   * a Pix the bank paid meanwhile comes back approved and must be settled, not dropped.
   */
  cancel(ref: string): Promise<TCharge | null>;
};

/** The checkout's answer to a settled charge (the sandbox's 'simulate payment', a webhook). */
export type TSettlementListener = (ref: string) => Promise<void>;

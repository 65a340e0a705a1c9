import type { TPaymentStatus } from '@ingressos/domain/payment-status';

/** A charge as the gateway reports it. */
export type TCharge = {
  ref: string;
  status: TPaymentStatus;
  statusDetail: string;
  /** Our reference the charge was made with (our payment id), when the gateway tells it. */
  externalRef?: string | undefined;
};

/**
 * The gateway refused the request outright (a 4xx: a bad token, a currency it does not take):
 * nothing was charged. Any other failure (timeout, 5xx, a dropped connection) leaves the outcome
 * unknown, and the order waits until the gateway is asked again by our reference.
 */
export class GatewayRefusedError extends Error {
  override name = 'GatewayRefusedError';
}

export type TCardChargeInput = {
  /** Our payment id: the gateway charges once per reference (its idempotency key). */
  externalRef: string;
  /** Exactly what the buyer was shown: the total with the installment plan's interest, if any. */
  amountCents: number;
  /** ISO 4217, the event's currency (one of the gateway's `currencies.card`). */
  currency: string;
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
  /** Always BRL: Pix moves reais only. */
  currency: string;
  expiresAt: Date;
  payerEmail: string;
  payerCpf?: string | undefined;
  description: string;
};

/** What a gateway brings to the payment page. */
export type TGatewayBrowser = {
  /**
   * Its card-form script, served from our origin at `path` (so the strict CSP allows it); it
   * defines window.BilhetoCardForm, which tokenizes in the browser.
   */
  cardForm: { path: string; source: string };
  /** The public key its browser SDK needs, if any. */
  publicKey: string | null;
  /** Origins its SDK loads from, added to the page CSP only while this gateway is in use. */
  csp: {
    script: readonly string[];
    frame: readonly string[];
    connect: readonly string[];
    img: readonly string[];
  };
  /** A test gateway: the page shows its test cards. */
  testMode: boolean;
};

/** A notification the gateway sends when a charge changes (never trusted for the outcome). */
export type TGatewayNotice = {
  query: Record<string, string | undefined>;
  header(name: string): string | undefined;
  body: unknown;
};

export type TGatewayWebhook = {
  /** Where the gateway posts (configured at the gateway's side). */
  path: string;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /**
   * Checks the notice's signature. Valid: the gateway's id of the charge it is about, or null when
   * it is about something else (the caller then only acknowledges it).
   */
  verify(notice: TGatewayNotice): { valid: false } | { valid: true; ref: string | null };
};

/**
 * What the checkout needs of an acquirer: a plug-in. Each adapter declares its browser card
 * form, CSP origins, webhook and capabilities; nothing outside adapters/payments/ and the
 * configuration names a gateway. The sandbox (default) behaves like a real acquirer's test mode;
 * the Mercado Pago client sits beside it (PAYMENT_GATEWAY).
 */
export type TPaymentGateway = {
  /** Recorded on each payment row: which gateway holds the charge. */
  kind: string;
  browser: TGatewayBrowser;
  webhook: TGatewayWebhook | null;
  /** The currencies each method charges in (ISO 4217). */
  currencies: { card: readonly string[]; pix: readonly string[] };
  /** The monthly interest (basis points) of the gateway's installment table for lots with interest. */
  interestBp: number;
  chargeCard(input: TCardChargeInput): Promise<TCharge & { brand: string; last4: string }>;
  createPix(input: TPixChargeInput): Promise<TCharge & { payload: string }>;
  getCharge(ref: string): Promise<TCharge | null>;
  /**
   * The charge made with our reference, if the gateway has one: how an order whose charge was
   * cut (timeout, crash, lost answer) learns what happened to it. The newest when several.
   */
  findByExternalRef(externalRef: string): Promise<TCharge | null>;
  /** Refunds a charge in full; idempotent (a second call for the same charge changes nothing). */
  refund(ref: string): Promise<void>;
  /**
   * Cancels a charge that is still pending (an unpaid Pix). Answers the charge as it then stands:
   * a Pix the bank paid meanwhile comes back approved and must be settled, not dropped.
   */
  cancel(ref: string): Promise<TCharge | null>;
};

import { GATEWAY_CODES } from '@ingressos/contracts/gateway-codes';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import type { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import type { TGatewayKind } from './plugins.ts';

/** A charge as the gateway reports it. */
export type TCharge = {
  ref: string;
  status: TPaymentStatus;
  statusDetail: string;
  /**
   * Issue 31: what the charge is for, as the gateway reports it, in cents of `currency` (for a card
   * in installments, the total the buyer pays). Every adapter reads it from the gateway's own
   * record of the charge, never from what we asked for; null when the gateway did not say. A charge
   * settles an order only when both equal the order's (settle-payment.ts, chargeAmountMismatch).
   */
  amountCents: number | null;
  /** ISO 4217, upper case, as the gateway reports the charge's currency; null when it did not say. */
  currency: string | null;
  /** Our reference the charge was made with (our payment id), when the gateway tells it. */
  externalRef?: string | undefined;
  /** What was given back so far (partial refunds leave the status approved). */
  refundedCents?: number | undefined;
  /**
   * Issue 15, 3DS: the issuer asks the buyer to authenticate (status pending, detail
   * pending_challenge): the page the buyer is sent to for it (the issuer's challenge).
   */
  challengeUrl?: string | undefined;
  /**
   * Issue 33: a Pix paid at the bank: its end-to-end id (E2E, 'E' + the payer bank's ISPB +
   * yyyyMMddHHmm + 11 characters), when the gateway tells it. Support finds an order by it.
   */
  pixEndToEndId?: string | undefined;
};

export type { TGatewayKind } from './plugins.ts';

/**
 * commerce §9, "Gateways (numeric)": the adapter that sells the events of each code, from the one
 * table (packages/contracts gateway-codes.ts).
 */
export const GATEWAY_OF_CODE: Readonly<Record<number, Exclude<TGatewayKind, 'sandbox'>>> = Object.fromEntries(
  Object.entries(GATEWAY_CODES).map(([code, { kind }]) => [Number(code), kind]),
);

/** The settings every gateway's factory gets besides its own (config.ts holds them). */
export type TGatewayCommonConfig = {
  /** The site's default gateway. */
  PAYMENT_GATEWAY: string;
  PUBLIC_URL?: string | undefined;
  PAYMENT_GATEWAY_TIMEOUT_MS: number;
  CARD_INTEREST_BP: number;
};

/**
 * A gateway plug-in: its folder (adapters/payments/<kind>/) declares it in settings.ts and
 * plugin.ts, and the registry (plugins.ts) lists it on one line. config.ts reads its settings from
 * here (and refuses to start with some but not all of `required`); index.ts configures it.
 */
export type TGatewayPlugin<TSettings extends z.ZodRawShape = z.ZodRawShape> = {
  kind: string;
  /** commerce §3/§9: the cart's `checkoutGateway`, by the spec's code names. */
  checkoutName: string;
  /** Where the gateway posts its notices (configured at its side); null: it sends none. */
  webhookPath: string | null;
  /** Where its card-form script is served from our origin (TGatewayBrowser.cardForm). */
  cardFormPath: string;
  /** Its environment variables, with their checks and defaults. */
  settings: TSettings;
  /** The variables that configure it: all or none (none: not configured). */
  required: readonly (keyof TSettings & string)[];
  /** The adapter from the settings, or null when its variables are not set. */
  create(config: TGatewayCommonConfig & z.output<z.ZodObject<TSettings>>, db: TDb): TPaymentGateway | null;
};

/** What a gateway can do, declared by its adapter: the cart and the payment page follow it. */
export type TGatewayCapabilities = {
  /** Ways to pay it takes (Pix also needs the event in reais). */
  methods: readonly ('credit_card' | 'pix')[];
  /** Card challenges (3-D Secure) it can ask for. */
  threeDS: boolean;
  /** A payment page of its own the buyer is sent to (checkout pro, a checkout session). */
  hostedCheckout: boolean;
  /** A wallet button (the spec's yellow button). */
  walletButton: boolean;
  /** One order split across several cards. */
  multiCard: boolean;
  /** Refunds of part of a charge. */
  partialRefund: boolean;
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
  /**
   * commerce §3 `fraudAnalysis`: who pays and what for, sent to gateways that score fraud (Malga
   * refuses a card charge without it, §5). Never a card number.
   */
  fraudAnalysis?: TFraudAnalysis | undefined;
  /** The gateway's device fingerprint session made in the browser (§3 `deviceId`), if any. */
  deviceId?: string | undefined;
  /** Issue 15, 3DS: where the buyer comes back to after a challenge (our payment page), if one is asked. */
  challengeReturnUrl?: string | undefined;
};

export type TFraudAnalysis = {
  customer: { name: string; email: string; cpf?: string | undefined; phone?: string | undefined };
  cart: { items: { sku: string; name: string; quantity: number; unitCents: number }[] };
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
  /**
   * OPTIONAL (added for gateways whose browser SDK needs a server-made session before its fields
   * mount, as Yuno's checkout session): the card-form script POSTs to `path` on our origin, and
   * the route (http/routes/gateway-session.ts) answers `start(...)` for the signed-in buyer's
   * cart, its amount read from the cart, never from the page. The session comes back inside the
   * token the form makes, so the charge needs nothing more.
   */
  session?: TGatewaySession | undefined;
};

/** A browser-side payment session a gateway opens before its card form can tokenize. */
export type TGatewaySession = {
  /** Where the card-form script asks for it (POST, on our origin). */
  path: string;
  start(input: {
    amountCents: number;
    currency: string;
    payerEmail: string;
    payerCpf?: string | undefined;
    /** Our reference of what is being paid (the cart), when there is one. */
    externalRef?: string | undefined;
  }): Promise<{ session: string }>;
};

/** A notification the gateway sends when a charge changes (never trusted for the outcome). */
export type TGatewayNotice = {
  query: Record<string, string | undefined>;
  header(name: string): string | undefined;
  /** The body as sent: some gateways sign its exact bytes (Stripe, PagBank). */
  rawBody: string;
  /** The body parsed as JSON (null when it is not JSON). */
  body: unknown;
};

export type TNoticeCheck = { valid: false } | { valid: true; ref: string | null };

export type TGatewayWebhook = {
  /** Where the gateway posts (configured at the gateway's side). */
  path: string;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /**
   * Checks the notice's signature. Valid: the gateway's id of the charge it is about, or null when
   * it is about something else (the caller then only acknowledges it).
   */
  verify(notice: TGatewayNotice): TNoticeCheck | Promise<TNoticeCheck>;
};

// ---- Ways to pay: hosted checkout and the wallet (yellow) button (issue 15) ----

/** commerce §7 `api/checkoutPro/create`: a payment page at the gateway for one order (a 'preference'). */
export type THostedCheckoutInput = {
  /** Our payment id: every payment made on the page carries it (the gateway's external reference). */
  externalRef: string;
  amountCents: number;
  currency: string;
  items: { id: string; title: string; quantity: number; unitCents: number }[];
  payer: { email: string; name?: string | undefined; cpf?: string | undefined };
  /** Where the gateway sends the buyer back, by outcome (our /pedido/:id page). */
  backUrls: { success: string; pending: string; failure: string };
  /** Where the gateway posts its notices (our webhook), when it takes one per preference. */
  notificationUrl?: string | undefined;
  /** After this the page takes no payment (our holds end then). */
  expiresAt: Date;
  description: string;
};

export type THostedCheckout = {
  /** The gateway's id of the preference (commerce §3 `preferenceId`). */
  preferenceId: string;
  /** The page the buyer is sent to. */
  url: string;
};

/**
 * A gateway's hosted checkout, declared by `capabilities.hostedCheckout` (and used by its wallet
 * button, `capabilities.walletButton`). The payment made there is found by our reference
 * (`findByExternalRef`) and settled like any other: webhook, status poll, reconciler.
 */
export type TGatewayHostedCheckout = {
  create(input: THostedCheckoutInput): Promise<THostedCheckout>;
  /** The page takes no more payments (a payment already made stays: the caller asks for it). */
  cancel(preferenceId: string): Promise<void>;
};

/**
 * The gateway's wallet button script, served from our origin at `path` (the strict CSP allows
 * it): it defines window.BilhetoWallet with `mount(element, { preferenceId, publicKey, locale })`,
 * which draws the provider's own button (it loads the provider's SDK from an origin in
 * `browser.csp`). Without one, the page's own yellow button sends the buyer to the hosted page.
 */
export type TGatewayWalletScript = { path: string; source: string };

/**
 * What the checkout needs of an acquirer: a plug-in. Each adapter declares its browser card
 * form, CSP origins, webhook and capabilities; nothing outside adapters/payments/ and the
 * configuration names a gateway. The sandbox (default) behaves like a real acquirer's test mode;
 * the providers' clients sit beside it, several at once, each event sold by the one its catalogue
 * entry names (index.ts). Every adapter passes the same contract suite (contract/).
 */
export type TPaymentGateway = {
  /** Recorded on each payment row: which gateway holds the charge. */
  kind: TGatewayKind;
  browser: TGatewayBrowser;
  webhook: TGatewayWebhook | null;
  capabilities: TGatewayCapabilities;
  /** The currencies each method charges in (ISO 4217). */
  currencies: { card: readonly string[]; pix: readonly string[] };
  /**
   * The gateway's installment table: the monthly interest (basis points) of its plans for lots with
   * interest (a Price table, packages/domain installments.ts) and the most installments it takes.
   */
  interestBp: number;
  maxInstallments: number;
  chargeCard(input: TCardChargeInput): Promise<TCharge & { brand: string; last4: string }>;
  createPix(input: TPixChargeInput): Promise<TCharge & { payload: string }>;
  getCharge(ref: string): Promise<TCharge | null>;
  /**
   * The charge made with our reference, if the gateway has one: how an order whose charge was
   * cut (timeout, crash, lost answer) learns what happened to it. The newest when several.
   */
  findByExternalRef(externalRef: string): Promise<TCharge | null>;
  /**
   * Refunds a charge, in full or `amountCents` of it; idempotent per (charge, amount already
   * refunded): a repeated full refund changes nothing, and nothing beyond the charge is given back.
   */
  refund(ref: string, amountCents?: number): Promise<void>;
  /**
   * Cancels a charge that is still pending (an unpaid Pix). Answers the charge as it then stands:
   * a Pix the bank paid meanwhile comes back approved and must be settled, not dropped.
   */
  cancel(ref: string): Promise<TCharge | null>;
  /** Ways to pay (issue 15): present when `capabilities.hostedCheckout`. */
  hostedCheckout?: TGatewayHostedCheckout | undefined;
  /** Its wallet button's script, when it has one (`capabilities.walletButton`). */
  walletScript?: TGatewayWalletScript | undefined;
  // ---- Issue 15, 3DS (optional: only gateways declaring capabilities.threeDS have it) ----
  /**
   * Completes a charge whose issuer asked for a challenge (pending_challenge) with the challenge's
   * result, commerce §3 `auth3dsId`: approved when the buyer authenticated, rejected
   * (cc_rejected_3ds_challenge) when not. An auth id that is not this charge's is a
   * GatewayRefusedError (nothing changes); a charge no longer awaiting its challenge answers as it stands.
   */
  completeChallenge?(ref: string, auth3dsId: string): Promise<TCharge>;
};

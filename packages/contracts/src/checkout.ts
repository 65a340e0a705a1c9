import { z } from 'zod';
import type { TRotatingTicket } from './gate.ts';
import { ZHalfPriceClaim } from './holder.ts';
import type { TApiMessages } from './messages/index.ts';

/**
 * Checkout calls (commerce §7 "Payment", §3 "Payment-creation payload", "Identification entry",
 * "Transfer entry"). Prices and totals a client sends are accepted for compatibility and ignored:
 * the server charges what it computes from the cart.
 */

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZCpfText = z.string().trim().max(20);

/** POST /api/CheckTicketsPerCPF */
export const ZCheckTicketsPerCpfRequest = z.object({
  ticketId: ZId,
  eventId: ZId,
  // One ticket type of one cart: the per-cart limit is far below this.
  cpfs: z.array(ZCpfText).min(1).max(20),
});
export type TCheckTicketsPerCpfRequest = z.infer<typeof ZCheckTicketsPerCpfRequest>;

/** Spec "Identification entry": one CPF with its flags. */
export type TCpfCheck = { cpf: string; valid: boolean; repeated: boolean; online: boolean };
export type TCheckTicketsPerCpfAnswer = { message: string; ok: boolean; cpfs: TCpfCheck[] };

/** One identification entry per cart item (its position in cart.items). */
export const ZIdentificationTicket = z.object({
  indexItem: z.number().int().min(0).max(100),
  lotId: ZId.optional(),
  cpfs: z.array(ZCpfText).max(100),
  /**
   * Issue 36: on a half-price item, each unit's claim, in the units' order (the k-th claim is the
   * k-th CPF's, or the buyer's when the item asks no CPFs). Every half-price unit needs one.
   */
  halfPrice: z.array(ZHalfPriceClaim).max(100).optional(),
});
/** Spec "Transfer entry". */
export const ZTransferEntry = z.object({
  destinationCpf: ZCpfText,
  indexItem: z.number().int().min(0).max(100),
});

const ZMoneyIgnored = z.unknown().optional();

/** POST /checkout/v1 (card and Pix). The Idempotency-Key header names the attempt. */
export const ZCreatePaymentRequest = z.object({
  /** 'free' (the spec's FreeTicket) for a cart whose total is zero; any zero cart is confirmed without a gateway. */
  paymentType: z.enum(['credit_card', 'pix', 'free']),
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .nullish(),
  card: z
    .object({
      /**
       * The gateway's card token. PagBank's is the card encrypted in the browser (RSA, base64):
       * 344 characters with a 2048-bit key, 684 with a 4096-bit one.
       */
      token: z.string().min(8).max(1024),
      installments: z.number().int().min(1).max(12),
      /** What the gateway's card form found for the card (Mercado Pago's payment_method_id, issuer_id). */
      paymentMethodId: z
        .string()
        .regex(/^[a-z0-9_]{2,40}$/)
        .optional(),
      issuerId: z
        .string()
        .regex(/^\d{1,20}$/)
        .optional(),
      /** Accepted from the spec's payload shape; refused when present (card data never comes here). */
      number: z.undefined({ error: 'card data must be tokenized by the gateway' }).optional(),
      cvv: z.undefined({ error: 'card data must be tokenized by the gateway' }).optional(),
      installmentsValue: ZMoneyIgnored,
      installmentFee: ZMoneyIgnored,
    })
    .optional(),
  /** commerce §3 `deviceId`: the gateway's device-fingerprint session made in the browser, if any. */
  deviceId: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,200}$/)
    .optional(),
  identificationTickets: z.array(ZIdentificationTicket).max(100).default([]),
  transfers: z.array(ZTransferEntry).max(100).default([]),
  /**
   * The total the page showed the buyer (with the installment plan's interest, if any). Never used
   * as the amount: when it differs from what the server would charge, the payment is refused
   * (409 amount_changed) so nothing is charged that was not shown.
   */
  totalTicketValue: z.number().nonnegative().max(10_000_000).optional(),
  items: ZMoneyIgnored,
  protection: ZMoneyIgnored,
  /**
   * commerce §3 `nfeDocument` (issue 15, NF-e): the CPF or CNPJ (alphanumeric allowed) the NF-e is
   * issued to, mask optional; required when the cart says `isNfeMandatory`, check digits verified.
   */
  nfeDocument: z.string().max(40).optional(),
  // Ways to pay: multi-payment (commerce §3): one order split across several cards, one request per card.
  /** This request pays one card of a split. */
  isMultiplePayment: z.boolean().optional(),
  /** The split being paid (its first request answers it); absent on the first card. */
  multiplePaymentUid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    .nullish(),
  /** What this card pays, in the event's currency (before its installment interest). */
  multiplePaymentValue: z.number().positive().max(10_000_000).optional(),
  /** On the first card only: every card's amount, in order (they must sum to the total). */
  multiplePaymentValues: z.array(z.number().positive().max(10_000_000)).min(1).max(20).optional(),
});
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequest>;

/** The answer of POST checkout/{v} and of an order's status (GET /api/checkout/orders/{id}). */
export const ZPaymentAnswer = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  /** Gateway status (§4 "Payment status values"). */
  status: z.string(),
  statusDetail: z.string().nullable(),
  /** §4 "Transaction status". */
  transactionStatus: z.enum(['success', 'error', 'processing', 'pending', 'to_start']),
  /** §4 "Order status". */
  orderStatus: z.number().int(),
  paymentType: z.enum(['credit_card', 'pix', 'free']),
  /** What the gateway charges: the cart's total plus any installment interest, in `currency`. */
  total: z.number(),
  /** ISO 4217 code of the event's currency (BRL or USD). */
  currency: z.string(),
  installments: z.number().int(),
  message: z.string(),
  pix: z.object({ qrCode: z.string(), qrCodeImage: z.string(), expiresAt: z.string() }).nullable(),
  sandbox: z.boolean(),
  /**
   * Issue 15, 3DS: the card's issuer asks the buyer to authenticate (statusDetail pending_challenge):
   * the page opens `url` (the issuer's challenge), then posts its result (`auth3dsId`) to
   * POST /api/checkout/orders/{id}/3ds. Absent or null otherwise.
   */
  challenge: z.object({ url: z.string() }).nullable().optional(),
  /** A split across several cards: its parts as they stand (absent otherwise). */
  multiplePayment: z.lazy(() => ZMultiplePayment).nullish(),
});

/** A way to pay's other answer: the gateway refused the charge (402), told in the same body. */
export const CHARGE_REFUSED = {
  402: { description: 'The charge was refused', schema: ZPaymentAnswer },
} as const;
export type TPaymentAnswer = z.infer<typeof ZPaymentAnswer>;

/** One line of an order as /pagamento shows it (unit price in reais, discounts applied). */
export const ZOrderLine = z.object({
  eventName: z.string(),
  sectionName: z.string(),
  ticketName: z.string(),
  placeAlias: z.string().nullable(),
  quantity: z.number().int().positive(),
  unitPrice: z.number(),
});
export type TOrderLineView = z.infer<typeof ZOrderLine>;

/**
 * GET /api/checkout/ongoing (§4 "Ongoing purchase"): the caller's newest order still awaiting a
 * pending or in-process payment that has not expired, with what /pagamento needs to show it; or null.
 */
export const ZOngoingPurchase = z.object({
  ongoing: ZPaymentAnswer.extend({
    event: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    lines: z.array(ZOrderLine),
    /** A pending Pix may be cancelled to choose another method (a card under review may not). */
    cancellable: z.boolean(),
    /** Issue 15: an order reserved for the gateway's hosted page or wallet, still open there. */
    hosted: z.object({ preferenceId: z.string(), url: z.string() }).nullable(),
  }).nullable(),
});
export type TOngoingPurchase = z.infer<typeof ZOngoingPurchase>;
export type TOngoingOrder = NonNullable<TOngoingPurchase['ongoing']>;

/** GET /api/checkout/ongoing/exists: whether the caller has an ongoing purchase (the shell's pop-up). */
export const ZOngoingExists = z.object({ ongoing: z.boolean() });
export type TOngoingExists = z.infer<typeof ZOngoingExists>;

/** GET /api/checkout/gateway: which card form the payment page loads. */
export type TCheckoutGateway = {
  /** The gateway's name, for logs and support only: the page depends on what follows, never on it. */
  kind: string;
  /** Same-origin path of the gateway's card-form script (it defines window.BilhetoCardForm). */
  cardFormScript: string;
  /** The gateway's public key for its browser SDK, else null. */
  publicKey: string | null;
  /** A test gateway (the sandbox): the page shows its test cards. */
  testMode: boolean;
  /** Issue 15: the gateway has a payment page of its own (POST api/checkoutPro/create). */
  hostedCheckout: boolean;
  /** Same-origin path of its wallet button script (window.BilhetoWallet), else null: a plain yellow button. */
  walletScript: string | null;
};

/** POST /api/checkout/orders/{id}/3ds (issue 15, 3DS): the challenge's result, as the issuer's page gave it. */
export const ZCompleteChallengeRequest = z.object({
  /** commerce §3 `auth3dsId`: the authentication the issuer's challenge made (approved or denied). */
  auth3dsId: z.string().regex(/^[A-Za-z0-9_:.-]{8,200}$/),
});
export type TCompleteChallengeRequest = z.infer<typeof ZCompleteChallengeRequest>;

export type TInstallmentOption = {
  installments: number;
  installmentValue: number;
  totalValue: number;
  /** Monthly interest rate in percent (0 when the lot has noInterest or one installment). */
  interestRate: number;
  noInterest: boolean;
  /** Issue 15: the interest this option adds to the amount (totalValue minus the amount), 0 when interest-free. */
  interestValue: number;
  label: string;
};

export type TMyTicket = {
  id: string;
  orderId: string;
  unit: number;
  sectionName: string;
  ticketName: string;
  placeAlias: string | null;
  /** The holder's name when their CPF has an account, else null. */
  holderName: string | null;
  /** The holder's CPF hidden: ***.456.789-**. */
  holderCpf: string;
  /** transferred: sent to another account (no QR any more); past: the event is over. */
  /** Issue 33: 'refunded': refunded by staff or its event cancelled (void at the gate, no QR). */
  status: 'valid' | 'transferPending' | 'transferred' | 'past' | 'refunded';
  /** Empty when transferred. */
  qr: string;
  qrSvg: string;
  /** A pending transfer of this ticket to another CPF (masked), if any. */
  transfer: { destinationCpf: string; status: number } | null;
  /**
   * Issue 35: the holder's own ticket (valid, transferPending, past) of an event whose mode is
   * `rotating` or `rotating_printable`: what the page needs to draw the rotating code offline
   * (packages/domain rotating-code.ts). Null otherwise. In mode `rotating`, `qr` and `qrSvg` are empty.
   */
  rotating: TRotatingTicket | null;
  /**
   * Issue 36: a half-price ticket's category (HALF_PRICE_CATEGORIES id; halfPriceLabel words it), else
   * null. The api always sends it; optional for pages' copies kept from before it.
   */
  halfPriceCategory?: string | null;
};

export type TMyEvent = {
  eventId: number;
  eventName: string;
  slug: string;
  poster: string;
  /** ISO instant of the start and the event's time zone. */
  startsAt: string;
  timeZone: string;
  /** The start, written in the caller's language in the event's time zone. */
  date: string;
  place: string;
  city: string;
  past: boolean;
  orders: { id: string; status: number; total: number; method: string; createdAt: string }[];
  tickets: TMyTicket[];
};

export type TMyTicketsAnswer = {
  upcoming: TMyEvent[];
  past: TMyEvent[];
  /** Issue 36: the wallet buttons the holder's own tickets show (only the configured wallets). */
  wallet?: { apple: boolean; google: boolean };
};

/** GET /api/transferTicket/getUserEmailByCpf?cpf= : whose account a transfer reaches (masked). */
export type TTransferDestinationAnswer = { email: string | null; registered: boolean };

/** The payment's failures (spec §8 "Payment"): texts in `API_MESSAGES[locale].payment`. */
export type TPaymentErrorCode = keyof TApiMessages['payment'];

// Ways to pay: multi-payment (commerce §3 "Pending multi-payment").
/** One card of a split: its latest attempt (a declined one may be tried again with another card). */
export const ZMultiplePaymentPart = z.object({
  position: z.number().int(),
  /** The attempt's id: the gateway's external reference (the spec's payment code). */
  paymentCode: z.string(),
  /** This card's share of the total. */
  value: z.number(),
  /** What it charges: the share plus its installment interest. */
  amount: z.number(),
  installments: z.number().int(),
  /** 'awaiting' until tried, then a payment status. */
  status: z.string(),
  statusDetail: z.string().nullable(),
  /** Masked: brand and last four digits only. */
  card: z.object({ brand: z.string(), last4: z.string(), masked: z.string() }).nullable(),
  attempts: z.number().int(),
});
export const ZMultiplePayment = z.object({
  multiplePaymentUID: z.string(),
  total: z.number(),
  currency: z.string(),
  /** The least a card may pay. */
  minimum: z.number(),
  /** What the parts not yet approved still have to pay. */
  remaining: z.number(),
  /** The next part to pay (null when none is left or one is being answered). */
  nextPosition: z.number().int().nullable(),
  payments: z.array(ZMultiplePaymentPart),
});
export type TMultiplePayment = z.infer<typeof ZMultiplePayment>;
export type TMultiplePaymentPart = z.infer<typeof ZMultiplePaymentPart>;

/** GET /api/PendingMultipleTransaction: the buyer's interrupted split, or null. */
export const ZPendingMultipleTransaction = z.object({
  result: z
    .object({
      multiplePaymentUID: z.string(),
      orderId: z.string(),
      sessionID: z.string().nullable(),
      event: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
      cart: z.object({ lines: z.array(ZOrderLine), total: z.number(), currency: z.string() }),
      split: ZMultiplePayment,
    })
    .nullable(),
});
export type TPendingMultipleTransaction = z.infer<typeof ZPendingMultipleTransaction>;

/** Issue 16: the identification page asks which holders of a facial event must enrol, and their state. */
export const ZBiometryHoldersRequest = z.object({
  eventId: ZId,
  cpfs: z.array(ZCpfText).min(1).max(20),
});
export type TBiometryHoldersRequest = z.infer<typeof ZBiometryHoldersRequest>;
export const ZBiometryHolderState = z.object({
  cpf: z.string(),
  hasAccount: z.boolean(),
  /** The newest enrolment's status (0..7), 0 when none; null without an account. */
  statusId: z.number().int().nullable(),
  required: z.boolean(),
  /** The buyer's own CPF: the page offers to enrol now instead of a link. */
  isBuyer: z.boolean(),
});
export type TBiometryHolderState = z.infer<typeof ZBiometryHolderState>;
/** Whether the event asks for a face check at purchase, and each holder's state. */
export const ZBiometryHoldersAnswer = z.object({
  facial: z.boolean(),
  holders: z.array(ZBiometryHolderState),
});
/** Issue 16: send the enrolment link to the account owning a holder's CPF (the address is never shown). */
export const ZBiometryLinkRequest = z.object({ eventId: ZId, cpf: ZCpfText });
export type TBiometryLinkRequest = z.infer<typeof ZBiometryLinkRequest>;
export const ZBiometryLinkAnswer = z.object({ sent: z.literal(true), message: z.string() });

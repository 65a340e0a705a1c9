import { z } from 'zod';
import { APP_BRIDGE_SOURCE, APP_BRIDGE_VERSION } from './app-bridge-messages.ts';
import { ZCreatePaymentRequest } from './checkout.ts';
import { ZCheckoutGateway, ZInstallmentOption } from './checkout-responses.ts';

/**
 * The mobile app's payment pages (commerce §2 /checkout_status and /mpexport; accounts §2, §7).
 *
 * The native app builds the cart and identifies the holders through the API, then asks for a
 * checkout session: an opaque, short-lived token (sealed by the server, readable by nobody else)
 * that lets the page /checkout_status?checkoutSession=… pay that one cart by card with the event's
 * gateway card form. The page posts the outcome to the native app as one of the messages below.
 * docs/payments.md ("Mobile app bridge") documents them for app developers.
 */

/** The token in the page's query: URL-safe, never shorter than what the server issues. */
export const ZCheckoutSessionToken = z
  .string()
  .min(40)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+$/);

/** POST /api/checkout/app-session: what the page will pay (the cart of this cart session, with these holders). */
export const ZCreateCheckoutSessionRequest = z.object({
  sessionId: ZCreatePaymentRequest.shape.sessionId,
  identificationTickets: ZCreatePaymentRequest.shape.identificationTickets,
  transfers: ZCreatePaymentRequest.shape.transfers,
});
export type TCreateCheckoutSessionRequest = z.infer<typeof ZCreateCheckoutSessionRequest>;

export const ZCheckoutSessionIssued = z.object({
  checkoutSession: z.string(),
  /** ISO 8601: after this, the page answers RESTART (never later than the cart's own expiry). */
  expiresAt: z.string(),
  /** The page to open in the web view, relative to the site's origin. */
  url: z.string(),
});
export type TCheckoutSessionIssued = z.infer<typeof ZCheckoutSessionIssued>;

/** GET /api/checkout/app-session?checkoutSession=…: what the page shows and which card form it mounts. */
export const ZCheckoutSessionView = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  /** The cart's total, in `currency` (installment interest, if any, is added by the plan chosen). */
  total: z.number(),
  currency: z.string(),
  tickets: z.number().int(),
  expiresAt: z.string(),
  gateway: ZCheckoutGateway,
  installments: z.array(ZInstallmentOption),
});
export type TCheckoutSessionView = z.infer<typeof ZCheckoutSessionView>;

/** POST /api/checkout/app-session/pay (Idempotency-Key header per attempt): the card token the gateway's form made. */
export const ZPayCheckoutSessionRequest = z.object({
  checkoutSession: ZCheckoutSessionToken,
  card: ZCreatePaymentRequest.shape.card.unwrap(),
  deviceId: ZCreatePaymentRequest.shape.deviceId,
  totalTicketValue: ZCreatePaymentRequest.shape.totalTicketValue,
});
export type TPayCheckoutSessionRequest = z.infer<typeof ZPayCheckoutSessionRequest>;

/**
 * The result of a payment attempt. `approved`: the tickets are issued (order status 3);
 * `declined`: the card was refused (the cart is still the buyer's: they may try another card);
 * `pending`: the gateway has not decided yet (poll GET /api/checkout/orders/{orderId}).
 */
export const ZAppPaymentResult = z.object({
  source: z.literal(APP_BRIDGE_SOURCE),
  version: z.literal(APP_BRIDGE_VERSION),
  type: z.literal('PAYMENT_RESULT'),
  result: z.enum(['approved', 'declined', 'pending']),
  orderId: z.string(),
  paymentId: z.string(),
  /** The gateway's status (commerce §4 "Payment status values") and its detail. */
  status: z.string(),
  statusDetail: z.string().nullable(),
  /** commerce §4 "Transaction status" and "Order status". */
  transactionStatus: z.enum(['success', 'error', 'processing', 'pending', 'to_start']),
  orderStatus: z.number().int(),
  total: z.number(),
  currency: z.string(),
  installments: z.number().int(),
  /** What to show the buyer (the spec's not-authorised text on a refusal), in the page's language; may be empty. */
  message: z.string(),
});
export type TAppPaymentResult = z.infer<typeof ZAppPaymentResult>;

/**
 * Start over in the native app: `session_invalid` (the token is not one of ours or was tampered
 * with), `session_expired`, or `order_unpayable` (the cart expired, was paid or emptied, or the
 * purchase can no longer be paid this way).
 */
export const ZAppRestart = z.object({
  source: z.literal(APP_BRIDGE_SOURCE),
  version: z.literal(APP_BRIDGE_VERSION),
  type: z.literal('RESTART'),
  reason: z.enum(['session_invalid', 'session_expired', 'order_unpayable']),
  message: z.string(),
});
export type TAppRestart = z.infer<typeof ZAppRestart>;

export const ZAppBridgeMessage = z.discriminatedUnion('type', [ZAppPaymentResult, ZAppRestart]);
export type TAppBridgeMessage = z.infer<typeof ZAppBridgeMessage>;

export {
  APP_BRIDGE_SOURCE,
  APP_BRIDGE_VERSION,
  paymentResultMessage,
  RESTART_REASON_OF_CODE,
  restartMessage,
} from './app-bridge-messages.ts';

import { z } from 'zod';
import { ZCreatePaymentRequest } from './checkout.ts';

/**
 * commerce §7 `POST api/checkoutPro/create` (§9 'checkout pro', 'wallet bricks'): the session's
 * cart becomes an order paid on the gateway's own page. The holders and transfers as for
 * /checkout/v1; `totalTicketValue` is the total shown (refused when it is not what is charged).
 */
export const ZHostedCheckoutRequest = ZCreatePaymentRequest.pick({
  sessionId: true,
  identificationTickets: true,
  transfers: true,
  totalTicketValue: true,
});
export type THostedCheckoutRequest = z.infer<typeof ZHostedCheckoutRequest>;

/** The preference made for the order: where the buyer is sent (or the wallet button's preferenceId). */
export const ZHostedCheckoutAnswer = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  /** commerce §3 `preferenceId`. */
  preferenceId: z.string(),
  /** The gateway's payment page (same origin for the test gateway). */
  url: z.string(),
  /** After this the page takes no payment and the order ends. */
  expiresAt: z.string(),
});
export type THostedCheckoutAnswer = z.infer<typeof ZHostedCheckoutAnswer>;

/** A preference id as gateways make them (Mercado Pago: `<collector>-<uuid>`). */
export const ZPreferenceId = z.object({
  preferenceId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,120}$/)
    .describe('The preference made by POST api/checkoutPro/create'),
});

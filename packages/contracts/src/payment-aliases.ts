import { z } from 'zod';
import { ZCreatePaymentRequest } from './checkout.ts';

/**
 * The spec's other payment paths (commerce §7 "Payment"): the same engine as POST /checkout/v1
 * under the names older clients call. Unknown fields of the spec's payloads (Sale, MercadoPagoData,
 * protection, the multi-payment fields) are accepted and ignored: the server charges its own cart.
 */

/** POST api/mercadopago/pix/{v}create: a Pix for the session's cart, as POST /checkout/v1 with paymentType pix. */
export const ZPixCreateRequest = ZCreatePaymentRequest.omit({ paymentType: true, card: true }).extend({
  paymentType: z.literal('pix').optional(),
  Sale: z.unknown().optional(),
  MercadoPagoData: z.unknown().optional(),
});
export type TPixCreateRequest = z.infer<typeof ZPixCreateRequest>;

/** GET api/v1/mercadopago/payments/{id}: its headers (accepted, checked for shape; the payment row already names its gateway). */
export const ZGatewayPaymentHeaders = z.object({
  'x-nointerest': z.enum(['true', 'false', '0', '1']).optional(),
  'x-franchiseid': z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  /** commerce §9 "Gateways (numeric)". */
  'x-gateway': z
    .string()
    .regex(/^[0-8]$/)
    .optional(),
});

/** GET api/v1/paymentGatewayTransaction/{paymentId}: the buyer's payment as its gateway reports it. */
export const ZGatewayTransaction = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  /** Which configured gateway holds the charge. */
  gateway: z.string(),
  /** The gateway's id of the charge (null: none was made or learnt). */
  transactionId: z.string().nullable(),
  /** gateway: asked just now; recorded: the gateway could not be asked, this is what we last knew. */
  source: z.enum(['gateway', 'recorded']),
  status: z.string(),
  statusDetail: z.string().nullable(),
  transactionStatus: z.string(),
  amount: z.number(),
  refundedAmount: z.number(),
  currency: z.string(),
  method: z.string(),
  installments: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type TGatewayTransaction = z.infer<typeof ZGatewayTransaction>;

import { z } from 'zod';
import type {
  TCheckoutGateway,
  TCheckTicketsPerCpfAnswer,
  TInstallmentOption,
  TMyTicketsAnswer,
  TTransferDestinationAnswer,
} from './checkout.ts';
import { ZRotatingTicket } from './gate.ts';
import { sameShape, type TSame } from './type-equal.ts';

/**
 * The answers of the checkout calls (commerce §7) that checkout.ts types by hand, as schemas for
 * the OpenAPI document; each proven equal to its type at compile time.
 */

export const ZCheckTicketsPerCpfAnswer = z.object({
  message: z.string(),
  ok: z.boolean(),
  cpfs: z.array(
    z.object({ cpf: z.string(), valid: z.boolean(), repeated: z.boolean(), online: z.boolean() }),
  ),
});
sameShape<TSame<z.output<typeof ZCheckTicketsPerCpfAnswer>, TCheckTicketsPerCpfAnswer>>(true);

export const ZCheckoutGateway = z.object({
  kind: z.string(),
  cardFormScript: z.string(),
  publicKey: z.string().nullable(),
  testMode: z.boolean(),
  hostedCheckout: z.boolean(),
  walletScript: z.string().nullable(),
});
sameShape<TSame<z.output<typeof ZCheckoutGateway>, TCheckoutGateway>>(true);

export const ZInstallmentOption = z.object({
  installments: z.number(),
  installmentValue: z.number(),
  totalValue: z.number(),
  interestRate: z.number(),
  noInterest: z.boolean(),
  interestValue: z
    .number()
    .describe('The interest this option adds (total minus the amount); 0 when interest-free'),
  label: z.string(),
});
sameShape<TSame<z.output<typeof ZInstallmentOption>, TInstallmentOption>>(true);

const ZMyTicket = z.object({
  id: z.string(),
  orderId: z.string(),
  unit: z.number(),
  sectionName: z.string(),
  ticketName: z.string(),
  placeAlias: z.string().nullable(),
  holderName: z.string().nullable(),
  holderCpf: z.string(),
  status: z.enum(['valid', 'transferPending', 'transferred', 'past', 'refunded']),
  qr: z.string(),
  qrSvg: z.string(),
  transfer: z.object({ destinationCpf: z.string(), status: z.number() }).nullable(),
  rotating: ZRotatingTicket.nullable(),
  halfPriceCategory: z.string().nullable().optional(),
});
const ZMyEvent = z.object({
  eventId: z.number(),
  eventName: z.string(),
  slug: z.string(),
  poster: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  date: z.string(),
  place: z.string(),
  city: z.string(),
  past: z.boolean(),
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.number(),
      total: z.number(),
      method: z.string(),
      createdAt: z.string(),
    }),
  ),
  tickets: z.array(ZMyTicket),
});
export const ZMyTicketsAnswer = z.object({
  upcoming: z.array(ZMyEvent),
  past: z.array(ZMyEvent),
  wallet: z.object({ apple: z.boolean(), google: z.boolean() }).optional(),
});
sameShape<TSame<z.output<typeof ZMyTicketsAnswer>, TMyTicketsAnswer>>(true);

export const ZTransferDestinationAnswer = z.object({ email: z.string().nullable(), registered: z.boolean() });
sameShape<TSame<z.output<typeof ZTransferDestinationAnswer>, TTransferDestinationAnswer>>(true);

/** GET /api/newtickettransaction/{id}/payment-status: the spec's short status of an order. */
export const ZPaymentStatusAnswer = z.object({
  PaymentStatus: z.string(),
  transactionStatus: z.string(),
  orderStatus: z.number(),
  message: z.string(),
});

/** The spec's gateway-shaped payment (GET /api/v1/…/payments/{id}). */
export const ZGatewayPayment = z.object({
  id: z.string(),
  status: z.string(),
  status_detail: z.string().nullable(),
  transaction_status: z.string(),
  transaction_amount: z.number(),
  currency_id: z.string(),
  payment_method_id: z.string().nullable(),
  installments: z.number(),
  card: z.object({ last_four_digits: z.string() }).nullable(),
  external_reference: z.string(),
  order_status: z.number(),
  no_interest: z.boolean(),
});

/** GET /api/tickets/public-key: what a gate needs to verify ticket QR codes offline. */
export const ZTicketPublicKey = z.object({
  alg: z.string(),
  jwk: z.record(z.string(), z.unknown()),
  pem: z.string(),
});

/** POST /sandbox-gateway/pix/{paymentId}/pay: what the test bank did with the Pix. */
export const ZSimulatedPixAnswer = z.object({ status: z.string() });

/** A gateway's webhook answer: received, and ignored when the charge is not ours. */
export const ZWebhookAnswer = z.object({ received: z.literal(true), ignored: z.literal(true).optional() });

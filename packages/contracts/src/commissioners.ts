import { z } from 'zod';
import { ZEventSummary } from './catalogue.ts';
import { ZCreatePaymentRequest } from './checkout.ts';

/**
 * Commissioner mode (commerce §3 "Commissioner", §6, §7 "Events" and "Payment"): authorised
 * resellers, reached by their public hash (`/?id=<hash>`), selling a list of events.
 */
const ZCommissionerHash = z
  .string({ error: 'Comissário não encontrado' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{6,64}$/, 'Comissário não encontrado');
export const ZCommissionerId = z.coerce
  .number({ error: 'Comissário não encontrado' })
  .int({ error: 'Comissário não encontrado' })
  .positive({ error: 'Comissário não encontrado' })
  .max(2_147_483_647, 'Comissário não encontrado');
const ZLandingToken = z.string({ error: 'Token de acesso inválido.' }).max(200, 'Token de acesso inválido.');

/** commerce §3 Commissioner: id, name (and the hash that reaches it). */
export const ZCommissioner = z.object({ id: z.number().int(), name: z.string(), hash: z.string() });
export type TCommissioner = z.infer<typeof ZCommissioner>;

/** POST api/Commissioners/getcommissionerinfo {hash} */
export const ZCommissionerInfoRequest = z.object({ hash: ZCommissionerHash });

/** POST /api/v2/CommissionersLandingPage/getticketeventlist {token, commissionerID} */
export const ZCommissionerLandingRequest = z.object({
  token: ZLandingToken,
  commissionerID: ZCommissionerId,
});
export const ZCommissionerLandingResponse = z.object({
  commissioner: ZCommissioner,
  events: z.array(ZEventSummary),
});
export type TCommissionerLandingResponse = z.infer<typeof ZCommissionerLandingResponse>;

/** POST api/v3/getCommissionerEventTicketsBySlug {token, eventSlug, commissionerId} */
export const ZCommissionerEventTicketsRequest = z.object({
  token: ZLandingToken,
  eventSlug: z.string({ error: 'Evento nao encontrado' }).trim().min(1).max(160),
  commissionerId: ZCommissionerId,
});

/** Commissioners for an event (commerce §7 "Events"). */
export const ZEventCommissionersResponse = z.object({
  commissioners: z.array(ZCommissioner.pick({ id: true, name: true })),
});

/** POST api/CommissionersLandingPage/newfinishpayment (and v2): the checkout's body plus the seller. */
export const ZCommissionerPaymentRequest = ZCreatePaymentRequest.extend({ commissionerId: ZCommissionerId });
export type TCommissionerPaymentRequest = z.infer<typeof ZCommissionerPaymentRequest>;

/** The commissioner's own sales view: per event, what it sold (beyond the spec). */
export const ZCommissionerSalesQuery = z.object({ token: z.string().min(10).max(600) });
export const ZCommissionerSalesEvent = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  startsAt: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  tickets: z.number().int(),
  /** Paid, in the event's currency (amounts with two decimals). */
  total: z.number(),
  refundService: z.number(),
});
export const ZCommissionerSalesOrder = z.object({
  orderId: z.string(),
  paidAt: z.string(),
  eventId: z.number().int(),
  eventName: z.string(),
  tickets: z.number().int(),
  total: z.number(),
  refundService: z.number(),
  currency: z.string(),
  status: z.number().int(),
});
export const ZCommissionerSalesResponse = z.object({
  commissioner: ZCommissioner.pick({ id: true, name: true }),
  expiresAt: z.string(),
  events: z.array(ZCommissionerSalesEvent),
  orders: z.array(ZCommissionerSalesOrder),
});
export type TCommissionerSalesResponse = z.infer<typeof ZCommissionerSalesResponse>;

import { z } from 'zod';

/**
 * Issue 33, the operator's console: the support agent's calls (order search, an order's detail
 * and timeline, resending the tickets e-mail, finding and unlocking a buyer) and the biometry
 * reviewer's queue. Every CPF leaves the API masked (***.456.789-**); a card is its brand and
 * last four digits only. The console's screens read these types; the API parses with them.
 */

/** What an order search looked for, read from the text typed (modules/support/search-kind.ts). */
export const STAFF_SEARCH_KINDS = ['cpf', 'email', 'code', 'last4', 'pix_e2e'] as const;
export type TStaffSearchKind = (typeof STAFF_SEARCH_KINDS)[number];

const ZQueryText = z.string().trim().min(1).max(120);
/** An opaque keyset cursor (the last hit's time and id), given back by the previous page. */
const ZCursor = z
  .string()
  .max(200)
  .regex(/^[\w-]+$/);

/** GET /api/staff/orders?q=&cursor= */
export const ZStaffOrderSearchQuery = z.object({ q: ZQueryText, cursor: ZCursor.optional() });
export type TStaffOrderSearchQuery = z.infer<typeof ZStaffOrderSearchQuery>;

export const ZStaffOrderHit = z.object({
  orderId: z.string(),
  /** The receipt's 'Pedido XXXXXXXX': the id's first 8 characters, upper case. */
  code: z.string(),
  eventId: z.number().int(),
  /** ORDER_STATUS's number and name (AGUARDANDO_PAGAMENTO, PAGO, ...). */
  statusId: z.number().int(),
  statusName: z.string(),
  eventName: z.string(),
  buyerName: z.string(),
  /** ***.456.789-** (a foreign document: its first two characters). */
  buyerDocumentMasked: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  method: z.string(),
  createdAt: z.string(),
});
export type TStaffOrderHit = z.infer<typeof ZStaffOrderHit>;

export const ZStaffOrderSearchAnswer = z.object({
  kind: z.enum(STAFF_SEARCH_KINDS),
  orders: z.array(ZStaffOrderHit),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TStaffOrderSearchAnswer = z.infer<typeof ZStaffOrderSearchAnswer>;

/** /api/staff/orders/:orderId... */
export const ZStaffOrderParams = z.object({ orderId: z.string().trim().min(8).max(64) });

const ZMoneyLine = z.object({
  ticketName: z.string(),
  sectionName: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  holders: z.array(z.object({ name: z.string().nullable(), documentMasked: z.string() })),
});

/** One charge: the order's payment (`part: null`) or one attempt at one part of a split payment. */
export const ZStaffCharge = z.object({
  id: z.string(),
  part: z.object({ position: z.number().int(), attempt: z.number().int() }).nullable(),
  gateway: z.string(),
  gatewayRef: z.string().nullable(),
  method: z.string(),
  status: z.string(),
  statusDetail: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  pixEndToEndId: z.string().nullable(),
  amountCents: z.number().int(),
  /** Refunds the gateway confirmed for this charge (the refunds table, status done). */
  refundedCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TStaffCharge = z.infer<typeof ZStaffCharge>;

export const STAFF_TICKET_STATES = ['valid', 'transferred', 'voided'] as const;
export const ZStaffTicket = z.object({
  id: z.string(),
  unit: z.number().int(),
  holderName: z.string().nullable(),
  holderDocumentMasked: z.string(),
  state: z.enum(STAFF_TICKET_STATES),
  qrVersion: z.number().int(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
});

export const STAFF_TIMELINE_KINDS = [
  'cart_held',
  'order_created',
  'payment',
  'payment_part',
  'ticket_issued',
  'transfer',
  'message',
  'refund',
  'staff_action',
] as const;
/** One line of the order's history: what happened, when, and a short English-neutral detail (codes, amounts). */
export const ZStaffTimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(STAFF_TIMELINE_KINDS),
  /** The row's id (payment, ticket, transfer, message, refund, audit line). */
  ref: z.string(),
  /** A code the screen translates: a status, an action ('order.view'), a message's subject. */
  label: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type TStaffTimelineEntry = z.infer<typeof ZStaffTimelineEntry>;

export const ZStaffOrderDetail = z.object({
  order: z.object({
    id: z.string(),
    code: z.string(),
    statusId: z.number().int(),
    statusName: z.string(),
    eventId: z.number().int(),
    eventName: z.string(),
    method: z.string(),
    installments: z.number().int(),
    totalCents: z.number().int(),
    interestCents: z.number().int(),
    /** The refund protection bought inside the total (0: none). */
    refundServiceCents: z.number().int(),
    currency: z.string(),
    channel: z.number().int(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    lines: z.array(ZMoneyLine),
  }),
  buyer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    documentMasked: z.string(),
    /** Only the last four digits: (**) *****-1234. */
    phoneMasked: z.string(),
  }),
  charges: z.array(ZStaffCharge),
  tickets: z.array(ZStaffTicket),
  /** Oldest first. */
  timeline: z.array(ZStaffTimelineEntry),
});
export type TStaffOrderDetail = z.infer<typeof ZStaffOrderDetail>;

/** POST /api/staff/orders/:orderId/resend-tickets: the new outbox message's id. */
export const ZStaffResendTicketsAnswer = z.object({ orderId: z.string(), messageId: z.string() });
export type TStaffResendTicketsAnswer = z.infer<typeof ZStaffResendTicketsAnswer>;

/** GET /api/staff/buyers?q= (an e-mail or a CPF). */
export const ZStaffBuyerSearchQuery = z.object({ q: ZQueryText });
export const ZStaffBuyer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  documentMasked: z.string(),
  ordersCount: z.number().int(),
});
export const ZStaffBuyerSearchAnswer = z.object({ buyers: z.array(ZStaffBuyer) });
export type TStaffBuyerSearchAnswer = z.infer<typeof ZStaffBuyerSearchAnswer>;

/** POST /api/staff/buyers/:userId/unlock: the login windows cleared (account and e-mail). */
export const ZStaffBuyerParams = z.object({ userId: z.uuid() });
export const ZStaffUnlockAnswer = z.object({ userId: z.string(), unlocked: z.literal(true) });
export type TStaffUnlockAnswer = z.infer<typeof ZStaffUnlockAnswer>;

/**
 * GET /api/staff/biometry/reviews: MANUAL_VERIFICATION (decidable) and DOCUMENT_MISMATCH
 * (final, shown to be looked at) enrolments, oldest first. No CPF, no e-mail: the buyer's name.
 */
export const ZStaffBiometryReview = z.object({
  uuid: z.string(),
  userId: z.string(),
  buyerName: z.string(),
  statusId: z.number().int(),
  statusName: z.string(),
  /** Why a person must look: 'borderline' (a look-alike or a check passed narrowly) or 'document_mismatch'. */
  reason: z.string(),
  /** Whether approve/reject is possible (only under MANUAL_VERIFICATION). */
  decidable: z.boolean(),
  /** How many kept frames GET .../frames/:n serves (n from 0). */
  frames: z.number().int(),
  createdAt: z.string(),
  reviewDueAt: z.string().nullable(),
});
export const ZStaffBiometryReviewsAnswer = z.object({ reviews: z.array(ZStaffBiometryReview) });
export type TStaffBiometryReviewsAnswer = z.infer<typeof ZStaffBiometryReviewsAnswer>;

export const ZStaffBiometryUuidParams = z.object({ uuid: z.uuid() });
export const ZStaffBiometryFrameParams = z.object({
  uuid: z.uuid(),
  n: z.coerce.number().int().min(0).max(11),
});

/** POST /api/staff/biometry/reviews/:uuid (answer: the biometry contract's ZBiometryReviewAnswer). */
export const ZStaffBiometryDecisionRequest = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().min(3).max(500),
  })
  .strict();
export type TStaffBiometryDecisionRequest = z.infer<typeof ZStaffBiometryDecisionRequest>;

/** Where an event stands for the console: selling, not selling (unpublished or not open yet), cancelled, or over. */
export const STAFF_EVENT_STATES = ['on_sale', 'not_on_sale', 'cancelled', 'past'] as const;
export type TStaffEventState = (typeof STAFF_EVENT_STATES)[number];

/** One event on the console's Eventos screen, with its last cancellation or postponement job. */
export const ZStaffEventRow = z.object({
  id: z.number().int(),
  name: z.string(),
  startsAt: z.string(),
  venueName: z.string(),
  city: z.string(),
  state: z.enum(STAFF_EVENT_STATES),
  /** Orders in status PAGO now, and their tickets not voided. */
  paidOrders: z.number().int(),
  ticketsSold: z.number().int(),
  /** The running job, else the newest one (event_cancellations); null: none ever. */
  lastJob: z
    .object({
      id: z.number().int(),
      kind: z.enum(['cancel', 'postpone']),
      status: z.enum(['running', 'done']),
    })
    .nullable(),
});
export type TStaffEventRow = z.infer<typeof ZStaffEventRow>;

/** GET /api/staff/events: admin sees every event, a producer only theirs; newest date first. */
export const ZStaffEventsAnswer = z.object({ events: z.array(ZStaffEventRow) });
export type TStaffEventsAnswer = z.infer<typeof ZStaffEventsAnswer>;

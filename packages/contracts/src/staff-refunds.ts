import { z } from 'zod';

/**
 * Issue 33, money going back: the staff calls that refund an order (whole or some tickets), handle
 * a refund-protection claim, cancel an order still awaiting payment, and cancel or postpone an
 * event (a durable job that refunds every paid order). The console's screens read these shapes.
 */

const ZReason = z.string().trim().min(3).max(500);

/** An order id in a staff refund call's path. */
export const ZStaffRefundOrderParams = z.object({ orderId: z.string().trim().min(1).max(100) });

/** POST /api/staff/orders/:orderId/refunds (Idempotency-Key header honoured). No ticketIds: the whole order. */
export const ZStaffRefundRequest = z
  .object({
    ticketIds: z.array(z.string().min(1).max(100)).min(1).max(100).optional(),
    reason: ZReason,
  })
  .strict();
export type TStaffRefundRequest = z.infer<typeof ZStaffRefundRequest>;

/** POST /api/staff/orders/:orderId/protection-claim: the whole order, only when it bought refund protection. */
export const ZProtectionClaimRequest = z.object({ reason: ZReason }).strict();
export type TProtectionClaimRequest = z.infer<typeof ZProtectionClaimRequest>;

/** POST /api/staff/orders/:orderId/cancel: an order still awaiting payment. */
export const ZCancelPendingRequest = z.object({ reason: ZReason }).strict();
export type TCancelPendingRequest = z.infer<typeof ZCancelPendingRequest>;

export const REFUND_STATUSES = ['due', 'done', 'failed'] as const;
export const REFUND_KINDS = ['staff', 'protection', 'event_cancelled'] as const;

/** One refund row: one charge (or one split card) given back, in full or in part. */
export const ZStaffRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The split card refunded, when the order was paid with several; null otherwise. */
  partId: z.string().nullable(),
  gateway: z.string(),
  amountCents: z.number().int().positive(),
  currency: z.string(),
  /** The tickets this refund voids (all of the order's for a full refund). */
  ticketIds: z.array(z.string()),
  reason: z.string(),
  kind: z.enum(REFUND_KINDS),
  /** 'due' until the gateway confirms; 'failed' after the retries ran out (POST .../refunds/:id/retry). */
  status: z.enum(REFUND_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  requestedBy: z.string().nullable(),
  cancellationId: z.number().int().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type TStaffRefund = z.infer<typeof ZStaffRefund>;

/** The answer of a refund request, a protection claim and a retry: the order's refunds after it. */
export const ZStaffRefundAnswer = z.object({
  orderId: z.string(),
  /** The order's status after the request (6 when refunded whole; still 3 after a partial refund). */
  orderStatus: z.number().int(),
  /** The refund rows this request wrote (the same rows again for a repeated Idempotency-Key). */
  refunds: z.array(ZStaffRefund),
});
export type TStaffRefundAnswer = z.infer<typeof ZStaffRefundAnswer>;

/** GET /api/staff/orders/:orderId/refunds. */
export const ZStaffOrderRefunds = z.object({
  orderId: z.string(),
  orderStatus: z.number().int(),
  /** What the order was charged and what has been given back (done) or is due. */
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  dueCents: z.number().int(),
  currency: z.string(),
  /** Refund protection bought with the order: a claim is possible. */
  protection: z.boolean(),
  /** Whether the order may be refunded by ticket (false for an order split across cards). */
  partialAllowed: z.boolean(),
  tickets: z.array(
    z.object({
      id: z.string(),
      ticketName: z.string(),
      holderName: z.string().nullable(),
      /** Unit price plus fees, as on the order's line: what refunding this ticket gives back. */
      refundCents: z.number().int(),
      voidedAt: z.string().nullable(),
      voidReason: z.string().nullable(),
    }),
  ),
  refunds: z.array(ZStaffRefund),
});
export type TStaffOrderRefunds = z.infer<typeof ZStaffOrderRefunds>;

/** POST /api/staff/orders/:orderId/cancel answer. */
export const ZCancelPendingAnswer = z.object({ orderId: z.string(), orderStatus: z.number().int() });
export type TCancelPendingAnswer = z.infer<typeof ZCancelPendingAnswer>;

/** POST /api/staff/events/:eventId/cancellation. */
export const ZEventCancellationRequest = z.object({ reason: ZReason }).strict();
export type TEventCancellationRequest = z.infer<typeof ZEventCancellationRequest>;

/** POST /api/staff/events/:eventId/postponement: the new date (ISO 8601 with offset) and why. */
export const ZEventPostponementRequest = z
  .object({ newStartsAt: z.iso.datetime({ offset: true }), reason: ZReason })
  .strict();
export type TEventPostponementRequest = z.infer<typeof ZEventPostponementRequest>;

/**
 * GET /api/staff/cancellations/:id (and the answer of the POSTs that start or retry one): the
 * progress screen's numbers. total: the paid orders found; refunded: done; due: still to go;
 * failed: given up after the retries (POST .../retry-failed sends them again).
 */
export const ZEventCancellationProgress = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  /** The event's name, for the progress screen's title. */
  eventName: z.string(),
  kind: z.enum(['cancel', 'postpone']),
  reason: z.string(),
  newStartsAt: z.string().nullable(),
  /** 'running' while orders are still being walked or refunds are due; 'done' after. */
  status: z.enum(['running', 'done']),
  total: z.number().int(),
  refunded: z.number().int(),
  due: z.number().int(),
  failed: z.array(z.object({ orderId: z.string(), refundId: z.string(), error: z.string().nullable() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TEventCancellationProgress = z.infer<typeof ZEventCancellationProgress>;

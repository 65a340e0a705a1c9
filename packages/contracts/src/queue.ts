import { z } from 'zod';

/**
 * The waiting room (issue 19): GET /api/queue/{slug} and POST /api/queue/{slug}/join. The page
 * polls at `retryAfter` seconds, the interval the server chooses.
 */
export const QUEUE_STATES = ['none', 'waiting', 'admitted', 'expired', 'soldout', 'closed'] as const;
export const ZQueueState = z.enum(QUEUE_STATES);
export type TQueueState = z.infer<typeof ZQueueState>;

export const ZQueueSlugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9-]+$/),
});

export const ZQueueStatus = z.object({
  /** none: not in the queue; waiting; admitted: may add tickets until passExpiresAt; expired: the
   * pass ran out; soldout: nothing left; closed: this event has no active queue (buy normally). */
  state: ZQueueState,
  eventId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  onSaleAt: z.string().nullable(),
  /** 1 for the next to be admitted; null before the draw at the on-sale time. */
  position: z.number().int().nullable(),
  ahead: z.number().int().nullable(),
  estimatedWaitSeconds: z.number().int().nullable(),
  /** 0 to 1: the share of the queue so far admitted ahead of this visitor. */
  progress: z.number().min(0).max(1),
  /** Seconds until the next status call; null: no need to ask again. */
  retryAfter: z.number().int().nullable(),
  passExpiresAt: z.string().nullable(),
  /**
   * Issue 31: one pass per account. Admitted but no pass yet: 'login' (log in to use this turn; the
   * pass then goes to the account) or 'account' (this account already took the pass of another
   * place in this queue). Null otherwise.
   */
  passNeeds: z.enum(['login', 'account']).nullable(),
});
export type TQueueStatus = z.infer<typeof ZQueueStatus>;

/** The status, and for clients without cookies the pass to send as `x-queue-pass` with addtocart. */
export const ZQueueStatusAnswer = ZQueueStatus.extend({ pass: z.string().nullable() });
export type TQueueStatusAnswer = z.infer<typeof ZQueueStatusAnswer>;

/** The pass header a client without cookies sends with addtocart. */
export const QUEUE_PASS_HEADER = 'x-queue-pass';

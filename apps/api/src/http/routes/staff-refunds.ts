import { API_MESSAGES } from '@ingressos/contracts';
import {
  ZCancelPendingRequest,
  ZEventCancellationRequest,
  ZEventPostponementRequest,
  ZProtectionClaimRequest,
  ZStaffRefundOrderParams,
  ZStaffRefundRequest,
} from '@ingressos/contracts/staff-refunds';
import type { TLocale } from '@ingressos/domain';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../modules/app-error.ts';
import { cancelPendingOrder } from '../../modules/checkout/refunds/cancel-pending-order.ts';
import {
  cancellationProgress,
  postponeEvent,
  retryFailedOfCancellation,
  startEventCancellation,
} from '../../modules/checkout/refunds/event-cancellation.ts';
import { claimDueRefunds, executeRefund } from '../../modules/checkout/refunds/execute-refund.ts';
import { orderRefunds } from '../../modules/checkout/refunds/order-refunds.ts';
import { requestRefund } from '../../modules/checkout/refunds/request-refund.ts';
import { retryRefund } from '../../modules/checkout/refunds/retry-refund.ts';
import { runCancellationJobs } from '../../modules/checkout/refunds/run-cancellations.ts';
import type { TStaff } from '../../modules/staff/roles.ts';
import { clientIp } from '../client-ip.ts';
import { requireStaff, requireStaffForEvent, type TStaffEnv } from '../middleware/staff-auth.ts';
import { parseWithMessages, readJsonBody } from '../request.ts';
import type { TStaffDeps } from '../staff-app.ts';

const ZRefundParams = z.object({ refundId: z.string().min(1).max(100) });
const ZEventParams = z.object({ eventId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZJobParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** The Idempotency-Key header, when sent: the same key answers the same refund, never a second. */
const KEY = /^[\w-]{8,100}$/;

/** Who may give money back: support and administrators (a producer cancels their own event). */
const MONEY = ['admin', 'support'] as const;
const EVENTS = ['admin', 'producer'] as const;

/**
 * Issue 33, money going back: staff refunds (an order or some of its tickets), refund-protection
 * claims, cancelling an order awaiting payment, and an event's cancellation (a job with progress)
 * or postponement. Thin handlers: roles first (requireStaff), then the checkout's refunds room.
 */
export function staffRefundRoutes(deps: TStaffDeps) {
  const s = deps.checkout;
  const audit = (c: Context<TStaffEnv>, staff: TStaff) => ({
    staff,
    ip: clientIp(c, deps.config.TRUST_PROXY_HOPS),
    requestId: c.get('requestId'),
  });
  /** Refunds the request wrote, executed at once (the pass over due refunds finishes any it cannot). */
  const executeNow = async (ids: string[], locale: TLocale) => {
    for (const row of await claimDueRefunds(s, { ids, limit: ids.length }))
      await executeRefund(s, row, locale);
  };
  const answer = async (orderId: string, ids: string[], locale: TLocale) => {
    const view = await orderRefunds(s, orderId, locale);
    return {
      orderId,
      orderStatus: view.orderStatus,
      refunds: view.refunds.filter((row) => ids.includes(row.id)),
    };
  };
  /** A job by id; to a producer an unknown id is the same 403 as another producer's job (ids tell nothing). */
  const jobFor = async (staff: TStaff, id: number, locale: TLocale) => {
    try {
      return await cancellationProgress(s.db, id, locale);
    } catch (error) {
      if (staff.role === 'producer' && error instanceof AppError && error.code === 'cancellation_not_found')
        throw new AppError('staff_forbidden', API_MESSAGES[locale].staff.staff_forbidden);
      throw error;
    }
  };
  /** A job left running by this request: this process takes its first step now, without holding the answer. */
  const kick = (locale: TLocale) => {
    runCancellationJobs(s, `api:${process.pid}`, locale).catch((error: unknown) =>
      deps.log.warn('an event cancellation step failed; the next pass resumes it', { error }),
    );
  };

  return new Hono<TStaffEnv>()
    .post('/orders/:orderId/refunds', async (c) => {
      const staff = requireStaff(c, MONEY);
      const locale = c.get('locale');
      const { orderId } = parseWithMessages(ZStaffRefundOrderParams, c.req.param(), locale);
      const body = parseWithMessages(ZStaffRefundRequest, await readJsonBody(c), locale);
      const key = c.req.header('idempotency-key');
      if (key !== undefined && !KEY.test(key))
        throw new AppError('invalid_request', API_MESSAGES[locale].request.invalid_request);
      const rows = await requestRefund(s, {
        orderId,
        ticketIds: body.ticketIds,
        reason: body.reason,
        kind: 'staff',
        key,
        locale,
        ...audit(c, staff),
      });
      const ids = rows.map((row) => row.id);
      await executeNow(ids, locale);
      return c.json(await answer(orderId, ids, locale), 201);
    })
    .post('/orders/:orderId/protection-claim', async (c) => {
      const staff = requireStaff(c, MONEY);
      const locale = c.get('locale');
      const { orderId } = parseWithMessages(ZStaffRefundOrderParams, c.req.param(), locale);
      const body = parseWithMessages(ZProtectionClaimRequest, await readJsonBody(c), locale);
      // One claim per order: the claim's key is the order itself.
      const rows = await requestRefund(s, {
        orderId,
        reason: body.reason,
        kind: 'protection',
        key: 'protection-claim',
        locale,
        ...audit(c, staff),
      });
      const ids = rows.map((row) => row.id);
      await executeNow(ids, locale);
      return c.json(await answer(orderId, ids, locale), 201);
    })
    .post('/orders/:orderId/cancel', async (c) => {
      const staff = requireStaff(c, MONEY);
      const locale = c.get('locale');
      const { orderId } = parseWithMessages(ZStaffRefundOrderParams, c.req.param(), locale);
      const body = parseWithMessages(ZCancelPendingRequest, await readJsonBody(c), locale);
      const orderStatus = await cancelPendingOrder(
        s,
        { orderId, reason: body.reason, audit: audit(c, staff) },
        locale,
      );
      return c.json({ orderId, orderStatus });
    })
    .get('/orders/:orderId/refunds', async (c) => {
      requireStaff(c, MONEY);
      const locale = c.get('locale');
      const { orderId } = parseWithMessages(ZStaffRefundOrderParams, c.req.param(), locale);
      const { eventId: _eventId, ...view } = await orderRefunds(s, orderId, locale);
      return c.json(view);
    })
    .post('/refunds/:refundId/retry', async (c) => {
      const staff = requireStaff(c, MONEY);
      const locale = c.get('locale');
      const { refundId } = parseWithMessages(ZRefundParams, c.req.param(), locale);
      const orderId = await retryRefund(s, { refundId, audit: audit(c, staff) }, locale);
      return c.json(await answer(orderId, [refundId], locale));
    })
    .post('/events/:eventId/cancellation', async (c) => {
      // Who may act at all comes first (401/403), then the event scope once the id is read.
      requireStaff(c, EVENTS);
      const locale = c.get('locale');
      const { eventId } = parseWithMessages(ZEventParams, c.req.param(), locale);
      const staff = requireStaffForEvent(c, EVENTS, eventId);
      const body = parseWithMessages(ZEventCancellationRequest, await readJsonBody(c), locale);
      const id = await startEventCancellation(
        s,
        { eventId, reason: body.reason, audit: audit(c, staff) },
        locale,
      );
      kick(locale);
      return c.json(await cancellationProgress(s.db, id, locale), 201);
    })
    .post('/events/:eventId/postponement', async (c) => {
      // Who may act at all comes first (401/403), then the event scope once the id is read.
      requireStaff(c, EVENTS);
      const locale = c.get('locale');
      const { eventId } = parseWithMessages(ZEventParams, c.req.param(), locale);
      const staff = requireStaffForEvent(c, EVENTS, eventId);
      const body = parseWithMessages(ZEventPostponementRequest, await readJsonBody(c), locale);
      const id = await postponeEvent(
        s,
        { eventId, newStartsAt: new Date(body.newStartsAt), reason: body.reason, audit: audit(c, staff) },
        locale,
      );
      return c.json(await cancellationProgress(s.db, id, locale), 201);
    })
    .get('/cancellations/:id', async (c) => {
      const staff = requireStaff(c, EVENTS);
      const locale = c.get('locale');
      const { id } = parseWithMessages(ZJobParams, c.req.param(), locale);
      const progress = await jobFor(staff, id, locale);
      // A producer sees only their events' jobs (the same 403 as for any other id they do not own).
      requireStaffForEvent(c, EVENTS, progress.eventId);
      return c.json(progress);
    })
    .post('/cancellations/:id/retry-failed', async (c) => {
      const who = requireStaff(c, EVENTS);
      const locale = c.get('locale');
      const { id } = parseWithMessages(ZJobParams, c.req.param(), locale);
      const { eventId } = await jobFor(who, id, locale);
      const staff = requireStaffForEvent(c, EVENTS, eventId);
      await retryFailedOfCancellation(s, { id, audit: audit(c, staff) }, locale);
      kick(locale);
      return c.json(await cancellationProgress(s.db, id, locale));
    });
}

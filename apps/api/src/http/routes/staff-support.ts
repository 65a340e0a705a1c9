import {
  ZStaffBiometryDecisionRequest,
  ZStaffBiometryFrameParams,
  ZStaffBiometryUuidParams,
  ZStaffBuyerParams,
  ZStaffBuyerSearchQuery,
  ZStaffOrderParams,
  ZStaffOrderSearchQuery,
} from '@ingressos/contracts/staff-support';
import { type Context, Hono } from 'hono';
import type { TStaff, TStaffRole } from '../../modules/staff/roles.ts';
import { decideReview } from '../../modules/support/decide-review.ts';
import { findBuyers } from '../../modules/support/find-buyers.ts';
import { getOrderDetail } from '../../modules/support/get-order-detail.ts';
import { getReviewFrame } from '../../modules/support/get-review-frame.ts';
import { listBiometryQueue } from '../../modules/support/list-biometry-queue.ts';
import { listStaffEvents } from '../../modules/support/list-staff-events.ts';
import { resendTickets } from '../../modules/support/resend-tickets.ts';
import { searchOrders } from '../../modules/support/search-orders.ts';
import { unlockBuyer } from '../../modules/support/unlock-buyer.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import { requireStaff, type TStaffEnv } from '../middleware/staff-auth.ts';
import { parseWith, readJsonBody } from '../request.ts';
import type { TStaffDeps } from '../staff-app.ts';

const SUPPORT: readonly TStaffRole[] = ['support', 'admin'];
/** Faces are shown to the reviewer's roles only (LGPD art. 11): never to support. */
const REVIEWERS: readonly TStaffRole[] = ['biometry_reviewer', 'admin'];
/** Who cancels or postpones events (staff-refunds.ts): the list they pick from. */
const EVENT_STAFF: readonly TStaffRole[] = ['admin', 'producer'];
const AT = '/api/staff';

/**
 * Issue 33: the support agent's reads and small actions, and the biometry reviewer's queue
 * (modules/support). Each handler checks its roles first, before reading anything.
 */
export function staffSupportRoutes(deps: TStaffDeps) {
  const db = deps.database.db;
  const audit = (c: Context<TStaffEnv>, staff: TStaff) => ({
    staff,
    ip: clientIp(c, deps.config.TRUST_PROXY_HOPS),
    requestId: c.get('requestId'),
  });
  return new Hono<TStaffEnv>()
    .on(...endpoint('staffOrderSearch', AT), async (c) => {
      requireStaff(c, SUPPORT);
      const { q, cursor } = parseWith(c, ZStaffOrderSearchQuery, c.req.query());
      return c.json(await searchOrders({ db, q, cursor, locale: c.get('locale') }));
    })
    .on(...endpoint('staffOrder', AT), async (c) => {
      const staff = requireStaff(c, SUPPORT);
      const { orderId } = parseWith(c, ZStaffOrderParams, c.req.param());
      return c.json(await getOrderDetail({ db, orderId, audit: audit(c, staff), locale: c.get('locale') }));
    })
    .on(...endpoint('staffResendTickets', AT), async (c) => {
      const staff = requireStaff(c, SUPPORT);
      const { orderId } = parseWith(c, ZStaffOrderParams, c.req.param());
      return c.json(
        await resendTickets({
          db,
          outbox: deps.outbox,
          orderId,
          audit: audit(c, staff),
          locale: c.get('locale'),
        }),
      );
    })
    .on(...endpoint('staffBuyerSearch', AT), async (c) => {
      requireStaff(c, SUPPORT);
      const { q } = parseWith(c, ZStaffBuyerSearchQuery, c.req.query());
      return c.json(await findBuyers({ db, q, locale: c.get('locale') }));
    })
    .on(...endpoint('staffUnlockBuyer', AT), async (c) => {
      const staff = requireStaff(c, SUPPORT);
      const { userId } = parseWith(c, ZStaffBuyerParams, c.req.param());
      return c.json(
        await unlockBuyer({
          db,
          limits: deps.accounts.limits,
          userId,
          audit: audit(c, staff),
          locale: c.get('locale'),
        }),
      );
    })
    .on(...endpoint('staffEvents', AT), async (c) => {
      const staff = requireStaff(c, EVENT_STAFF);
      return c.json(await listStaffEvents({ db, staff }));
    })
    .on(...endpoint('staffBiometryReviews', AT), async (c) => {
      requireStaff(c, REVIEWERS);
      return c.json(await listBiometryQueue({ db }));
    })
    .on(...endpoint('staffBiometryFrame', AT), async (c) => {
      const staff = requireStaff(c, REVIEWERS);
      const { uuid, n } = parseWith(c, ZStaffBiometryFrameParams, c.req.param());
      const image = await getReviewFrame({
        db,
        box: deps.biometry.box,
        uuid,
        n,
        audit: audit(c, staff),
        locale: c.get('locale'),
      });
      return c.body(new Uint8Array(image), 200, {
        'Content-Type': 'image/jpeg',
        'Cache-Control': 'no-store',
      });
    })
    .on(...endpoint('staffBiometryDecide', AT), async (c) => {
      const staff = requireStaff(c, REVIEWERS);
      const { uuid } = parseWith(c, ZStaffBiometryUuidParams, c.req.param());
      const input = parseWith(c, ZStaffBiometryDecisionRequest, await readJsonBody(c));
      const { staff: _, ...context } = audit(c, staff);
      return c.json(
        await decideReview({ s: deps.biometry, uuid, input, staff, audit: context, locale: c.get('locale') }),
      );
    });
}

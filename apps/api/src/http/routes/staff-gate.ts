import { API_MESSAGES } from '@ingressos/contracts';
import {
  ZGateDuplicatesQuery,
  ZGateEventParams,
  ZGateListQuery,
  ZGateSyncRequest,
  ZGateUndoParams,
  ZGateUndoRequest,
} from '@ingressos/contracts/gate';
import { type Context, Hono } from 'hono';
import { AppError } from '../../modules/app-error.ts';
import { syncDeviceCheckIns, undoCheckIn } from '../../modules/gate/check-in.ts';
import { listDuplicates } from '../../modules/gate/duplicates.ts';
import { eventOfTicket, gateDelta, gateEvents, gateList, gateTicket } from '../../modules/gate/gate-list.ts';
import type { TStaffRole } from '../../modules/staff/roles.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import { requireStaff, requireStaffForEvent, type TStaffEnv } from '../middleware/staff-auth.ts';
import { parseWith, readJsonBody } from '../request.ts';
import type { TStaffDeps } from '../staff-app.ts';

/** Who checks tickets in: the event's gate agents and producer, and administrators. */
const GATES: readonly TStaffRole[] = ['gate', 'producer', 'admin'];
/** Who reads the duplicates: the operators (every event) and a producer (their own). */
const OPERATORS: readonly TStaffRole[] = ['admin', 'support', 'producer'];
const AT = '/api/staff';
/** A sync of 5,000 check-ins is about 1 MB: app.ts leaves this path out of the API's 64 KB body limit. */
export const GATE_SYNC_MAX_BYTES = 2_000_000;
export const GATE_SYNC_PATH = /^\/api\/staff\/gate\/events\/\d{1,10}\/sync$/;

/**
 * Issue 35, the offline gate: thin handlers over modules/gate and gate/check-in.ts (the one
 * writer of check-ins). Every call checks the role first, then that the event is the caller's
 * (another event's id is the same 403 as any refusal). The online scan is in staff-producer.ts.
 */
export function staffGateRoutes(deps: TStaffDeps) {
  const db = deps.database.db;
  const scoped = (c: Context<TStaffEnv>) => {
    requireStaff(c, GATES);
    const { eventId } = parseWith(c, ZGateEventParams, c.req.param());
    return { eventId, staff: requireStaffForEvent(c, GATES, eventId), locale: c.get('locale') };
  };
  const notFound = (c: Context<TStaffEnv>) =>
    new AppError(
      'producer_event_not_found',
      API_MESSAGES[c.get('locale')].staffProducer.producer_event_not_found,
    );

  return new Hono<TStaffEnv>()
    .on(...endpoint('gateEvents', AT), async (c) => {
      const staff = requireStaff(c, GATES);
      return c.json(await gateEvents(db, staff));
    })
    .on(...endpoint('gateList', AT), async (c) => {
      const { eventId } = scoped(c);
      const { since } = parseWith(c, ZGateListQuery, c.req.query());
      const list = await gateList(db, deps.checkout.signer, eventId, since);
      if (!list) throw notFound(c);
      return c.json(list);
    })
    .on(...endpoint('gateSync', AT), async (c) => {
      const { eventId, staff } = scoped(c);
      const body = parseWith(c, ZGateSyncRequest, await readJsonBody(c, { maxBytes: GATE_SYNC_MAX_BYTES }));
      const results = await syncDeviceCheckIns(db, {
        eventId,
        deviceId: body.deviceId,
        staffId: staff.id,
        checkIns: body.checkIns,
      });
      return c.json({ results, ...(await gateDelta(db, eventId, body.since)) });
    })
    .on(...endpoint('gateUndoCheckIn', AT), async (c) => {
      const caller = requireStaff(c, GATES);
      const { ticketId } = parseWith(c, ZGateUndoParams, c.req.param());
      const messages = API_MESSAGES[c.get('locale')].staffProducer;
      // The scope is the ticket's own event: a ticket of another event, or none, is the same 403 to a
      // scoped role (an id tells them nothing); an administrator hears 404 for no ticket.
      const ticketEvent = await eventOfTicket(db, ticketId);
      if (ticketEvent === null && caller.role === 'admin')
        throw new AppError('gate_ticket_not_found', messages.gate_ticket_not_found);
      const staff = requireStaffForEvent(c, GATES, ticketEvent ?? 0);
      const body = parseWith(c, ZGateUndoRequest, await readJsonBody(c));
      if (body.eventId !== ticketEvent)
        throw new AppError('gate_ticket_not_found', messages.gate_ticket_not_found);
      const outcome = await undoCheckIn(db, {
        eventId: body.eventId,
        ticketId,
        reason: body.reason,
        audit: { staff, ip: clientIp(c, deps.config.TRUST_PROXY_HOPS), requestId: c.get('requestId') },
      });
      if (outcome === 'not_found')
        throw new AppError('gate_ticket_not_found', messages.gate_ticket_not_found);
      if (outcome === 'not_checked_in')
        throw new AppError('gate_not_checked_in', messages.gate_not_checked_in);
      return c.json({ ticket: (await gateTicket(db, body.eventId, ticketId))! });
    })
    .on(...endpoint('gateDuplicates', AT), async (c) => {
      const staff = requireStaff(c, OPERATORS);
      const { eventId } = parseWith(c, ZGateDuplicatesQuery, c.req.query());
      if (eventId !== undefined) requireStaffForEvent(c, OPERATORS, eventId);
      return c.json(await listDuplicates(db, staff, eventId));
    });
}

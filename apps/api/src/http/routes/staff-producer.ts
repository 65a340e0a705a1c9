import { API_MESSAGES } from '@ingressos/contracts';
import { ENDPOINTS } from '@ingressos/contracts/endpoints';
import {
  POSTER_MAX_BYTES,
  ZCheckInRequest,
  ZCourtesyRequest,
  ZCreateProducerEventRequest,
  ZProducerEventParams,
  ZProducerStatusRequest,
  ZSaveProducerEventRequest,
  ZStaffPostalCodeParams,
} from '@ingressos/contracts/staff-producer';
import type { TLocale } from '@ingressos/domain';
import { type Context, Hono } from 'hono';
import { stream } from 'hono/streaming';
import { AppError } from '../../modules/app-error.ts';
import { checkInTicket } from '../../modules/gate/check-in.ts';
import { issueCourtesies, listCourtesies } from '../../modules/producer/courtesies.ts';
import { eventCsv } from '../../modules/producer/csv-exports.ts';
import { producerDashboard } from '../../modules/producer/dashboard.ts';
import { exportEventFile, getEventDocument } from '../../modules/producer/event-document.ts';
import { listProducerEvents } from '../../modules/producer/list-events.ts';
import { posterTypeOf, uploadPoster } from '../../modules/producer/posters.ts';
import {
  changeEventStatus,
  createProducerEvent,
  saveProducerEvent,
} from '../../modules/producer/save-event.ts';
import type { TStaff, TStaffRole } from '../../modules/staff/roles.ts';
import { clientIp } from '../client-ip.ts';
import { endpoint } from '../endpoint.ts';
import { requireStaff, requireStaffForEvent, type TStaffEnv } from '../middleware/staff-auth.ts';
import { parseWith, readJsonBody } from '../request.ts';
import type { TStaffDeps } from '../staff-app.ts';

/** Who runs events: a producer (their own, `eventIds`) and an administrator (every one). */
const PRODUCERS: readonly TStaffRole[] = ['producer', 'admin'];
/** Who checks tickets in: the event's gate agents and producer, and administrators. */
const GATES: readonly TStaffRole[] = ['gate', 'producer', 'admin'];
const AT = '/api/staff';
/** Its body is an image of up to POSTER_MAX_BYTES: app.ts leaves it out of the API's 64 KB body limit. */
export const POSTER_UPLOAD_PATH = ENDPOINTS.uploadProducerPoster.path;

/**
 * Issue 34, the producer's console: thin handlers over modules/producer (and gate/check-in.ts).
 * Each checks who may act at all first (401/403), then, once the event id is read, that it is one
 * of theirs (requireStaffForEvent: another producer's event is the same 403 as any other refusal).
 */
export function staffProducerRoutes(deps: TStaffDeps) {
  const db = deps.database.db;
  const audit = (c: Context<TStaffEnv>, staff: TStaff) => ({
    staff,
    ip: clientIp(c, deps.config.TRUST_PROXY_HOPS),
    requestId: c.get('requestId'),
  });
  /** The event of the path, in the caller's scope. */
  const scoped = (c: Context<TStaffEnv>) => {
    requireStaff(c, PRODUCERS);
    const { eventId } = parseWith(c, ZProducerEventParams, c.req.param());
    return { eventId, staff: requireStaffForEvent(c, PRODUCERS, eventId), locale: c.get('locale') };
  };
  const csv = (c: Context<TStaffEnv>, kind: 'orders' | 'attendees') => {
    const { eventId, staff } = scoped(c);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="evento-${eventId}-${kind}.csv"`);
    const lines = eventCsv(db, { eventId, kind, role: staff.role, audit: audit(c, staff) });
    return stream(c, async (out) => {
      for await (const line of lines) await out.write(line);
    });
  };

  return new Hono<TStaffEnv>()
    .on(...endpoint('producerEvents', AT), async (c) => {
      const staff = requireStaff(c, PRODUCERS);
      return c.json(await listProducerEvents(db, staff));
    })
    .on(...endpoint('createProducerEvent', AT), async (c) => {
      const staff = requireStaff(c, PRODUCERS);
      const { document } = parseWith(c, ZCreateProducerEventRequest, await readJsonBody(c));
      const saved = await createProducerEvent(db, {
        document,
        actor: { ...audit(c, staff), staff },
        locale: c.get('locale'),
      });
      return c.json(saved, 201);
    })
    .on(...endpoint('producerEventDocument', AT), async (c) => {
      const { eventId, locale } = scoped(c);
      return c.json(await getEventDocument(db, eventId, locale));
    })
    .on(...endpoint('saveProducerEvent', AT), async (c) => {
      const { eventId, staff, locale } = scoped(c);
      const body = parseWith(c, ZSaveProducerEventRequest, await readJsonBody(c));
      return c.json(
        await saveProducerEvent(db, {
          eventId,
          revision: body.revision,
          document: body.document,
          actor: { ...audit(c, staff), staff },
          locale,
        }),
      );
    })
    .on(...endpoint('exportProducerEvent', AT), async (c) => {
      const { eventId, locale } = scoped(c);
      const file = await exportEventFile(db, eventId, locale);
      c.header('Content-Disposition', `attachment; filename="${file.events[0]!.slug}.json"`);
      return c.json(file);
    })
    .on(...endpoint('producerEventStatus', AT), async (c) => {
      const { eventId, staff, locale } = scoped(c);
      const { action } = parseWith(c, ZProducerStatusRequest, await readJsonBody(c));
      return c.json(
        await changeEventStatus(db, { eventId, action, actor: { ...audit(c, staff), staff }, locale }),
      );
    })
    .on(...endpoint('uploadProducerPoster', AT), async (c) => {
      const staff = requireStaff(c, PRODUCERS);
      const locale = c.get('locale');
      posterTypeOf(c.req.header('content-type'), locale);
      const bytes = await readPosterBody(c, locale);
      return c.json(await uploadPoster(db, { bytes, audit: audit(c, staff), locale }), 201);
    })
    .on(...endpoint('staffPostalCode', AT), async (c) => {
      requireStaff(c, PRODUCERS);
      const locale = c.get('locale');
      const { cep } = parseWith(c, ZStaffPostalCodeParams, c.req.param());
      let found: Awaited<ReturnType<TStaffDeps['accounts']['postalCodes']['lookup']>>;
      try {
        found = await deps.accounts.postalCodes.lookup(cep.replace(/\D/g, ''));
      } catch (error) {
        deps.log.warn('postal code lookup failed', { error });
        throw new AppError(
          'postal_code_unavailable',
          API_MESSAGES[locale].staffProducer.postal_code_unavailable,
        );
      }
      if (!found)
        throw new AppError('postal_code_not_found', API_MESSAGES[locale].staffProducer.postal_code_not_found);
      return c.json({
        postalCode: found.cep,
        address: found.street,
        district: found.neighborhood,
        city: found.city,
        state: found.uf,
      });
    })
    .on(...endpoint('producerCourtesies', AT), async (c) => {
      const { eventId } = scoped(c);
      return c.json(await listCourtesies(db, eventId));
    })
    .on(...endpoint('issueCourtesies', AT), async (c) => {
      const { eventId, staff, locale } = scoped(c);
      const request = parseWith(c, ZCourtesyRequest, await readJsonBody(c));
      return c.json(
        await issueCourtesies(db, deps.checkout.signer, { eventId, request, audit: audit(c, staff), locale }),
        201,
      );
    })
    .on(...endpoint('producerDashboard', AT), async (c) => {
      const { eventId, locale } = scoped(c);
      return c.json(await producerDashboard(db, eventId, locale));
    })
    .on(...endpoint('producerOrdersCsv', AT), (c) => csv(c, 'orders'))
    .on(...endpoint('producerAttendeesCsv', AT), (c) => csv(c, 'attendees'))
    .on(...endpoint('gateCheckIn', AT), async (c) => {
      requireStaff(c, GATES);
      const body = parseWith(c, ZCheckInRequest, await readJsonBody(c));
      const staff = requireStaffForEvent(c, GATES, body.eventId);
      return c.json(
        await checkInTicket(db, deps.checkout.signer, {
          qr: body.qr,
          eventId: body.eventId,
          gate: body.gate || null,
          staffId: staff.id,
          deviceId: body.deviceId ?? null,
          sections: body.sections,
          nowMs: Date.now(),
        }),
      );
    });
}

/** The poster's bytes, refused (413) past POSTER_MAX_BYTES whether or not a Content-Length says so. */
async function readPosterBody(c: Context<TStaffEnv>, locale: TLocale): Promise<Uint8Array> {
  const tooLarge = () =>
    new AppError('poster_too_large', API_MESSAGES[locale].staffProducer.poster_too_large);
  const length = c.req.header('content-length');
  if (length !== undefined && Number(length) > POSTER_MAX_BYTES) throw tooLarge();
  const reader = c.req.raw.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > POSTER_MAX_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

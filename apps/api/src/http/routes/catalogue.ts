import {
  ZEventGroupParam,
  ZGetEventTicketsBySlugRequest,
  ZGetSellingPointsByEventRequest,
  ZSearchEventsQuery,
} from '@ingressos/contracts';
import { type Context, Hono } from 'hono';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../modules/app-error.ts';
import type { TCatalogue } from '../../modules/catalogue/catalogue-read-model.ts';
import { getSellingPoints } from '../../modules/catalogue/get-selling-points.ts';
import { catalogueMessage, type TCatalogueErrorCode } from '../../modules/catalogue/messages.ts';
import type { TJsonBody } from '../../modules/catalogue/snapshot-store.ts';
import { createPosterReader } from '../../modules/catalogue/uploaded-posters.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { parseJsonBody, parseWith } from '../request.ts';

/** API answers may be a few seconds old at most (see docs/catalogue-snapshots.md): say so to caches. */
const SHORT_CACHE = 'public, max-age=2, must-revalidate';

/** Sends prepared JSON with its ETag; a matching If-None-Match gets a 304 with no body. */
export function sendPrepared(c: Context, body: TJsonBody, cacheControl: string) {
  c.header('ETag', body.etag);
  c.header('Cache-Control', cacheControl);
  if (c.req.header('if-none-match') === body.etag) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(body.json);
}

function notFound(c: Context<TAppEnv>, code: TCatalogueErrorCode): never {
  throw new AppError(code, catalogueMessage(code, c.get('locale')));
}

/** The event calls of commerce §7, answered from this process's catalogue (never a 500 on bad input). */
export function catalogueRoutes(catalogue: TCatalogue, db: TDb) {
  const readPoster = createPosterReader(db);
  return new Hono<TAppEnv>()
    .on(...endpoint('nextEvents'), (c) => sendPrepared(c, catalogue.nextEvents(), SHORT_CACHE))
    .on(...endpoint('eventTicketsBySlug'), async (c) => {
      const { eventSlug } = await parseJsonBody(c, ZGetEventTicketsBySlugRequest);
      const body = catalogue.eventTickets(eventSlug);
      if (!body) notFound(c, 'event_not_found');
      return sendPrepared(c, body, 'no-cache');
    })
    .on(...endpoint('eventGroup'), (c) => {
      const id = parseWith(c, ZEventGroupParam, c.req.param('id'));
      const body = catalogue.group(id);
      if (!body) notFound(c, 'group_not_found');
      return sendPrepared(c, body, SHORT_CACHE);
    })
    .on(...endpoint('sellingPoints'), async (c) => {
      const { eventId } = await parseJsonBody(c, ZGetSellingPointsByEventRequest);
      if (!catalogue.hasEvent(eventId)) notFound(c, 'event_not_found');
      c.header('Cache-Control', 'no-cache');
      return c.json(await getSellingPoints(db, eventId));
    })
    .on(...endpoint('searchEvents'), (c) => {
      const { s } = parseWith(c, ZSearchEventsQuery, { s: c.req.query('s') ?? '' });
      c.header('Cache-Control', SHORT_CACHE);
      return c.json({ query: s, events: catalogue.search(s) });
    })
    .get('/api/posters/:file', async (c) => {
      // Issue 34: a producer's uploaded poster, addressed by the hash of its bytes: cached for good.
      const uploaded = /^([0-9a-f]{64})\.webp$/.exec(c.req.param('file'));
      if (uploaded) {
        const bytes = await readPoster(uploaded[1]!);
        if (!bytes) notFound(c, 'event_not_found');
        c.header('Content-Type', 'image/webp');
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        return c.body(bytes as Uint8Array<ArrayBuffer>);
      }
      const match = /^([a-z0-9-]{1,120})\.svg$/.exec(c.req.param('file'));
      const poster = match ? catalogue.poster(match[1]!) : undefined;
      if (!poster) notFound(c, 'event_not_found');
      c.header('ETag', poster.etag);
      c.header('Cache-Control', 'public, max-age=3600');
      if (c.req.header('if-none-match') === poster.etag) return c.body(null, 304);
      c.header('Content-Type', 'image/svg+xml; charset=utf-8');
      return c.body(poster.svg);
    });
}

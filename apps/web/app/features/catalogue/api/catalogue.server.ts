import {
  SLUG_PATTERN,
  type TEventGroupResponse,
  type TEventTicketsResponse,
  type TGetEventTicketsBySlugRequest,
  type TNextEventsResponse,
  type TSearchEventsResponse,
  type TSellingPointsResponse,
} from '@ingressos/contracts';
import type { TRequestServices } from '~/server-context.ts';
import { typedApi } from '~/shared/api.server.ts';
import { snapshotFirst, type TApiResult } from './snapshot-first.server.ts';

type TApi = TRequestServices['api'];

const notFound = { ok: false, status: 404 } as const;

export function getEventTickets(api: TApi, slug: string): Promise<TApiResult<TEventTicketsResponse>> {
  if (!SLUG_PATTERN.test(slug)) return Promise.resolve(notFound);
  const request: TGetEventTicketsBySlugRequest = { token: null, eventSlug: slug };
  return snapshotFirst(api, `getEventTicketsBySlug/${slug}.json`, () =>
    typedApi(api)('eventTicketsBySlug', { body: request }),
  );
}

export function getNextEvents(api: TApi): Promise<TApiResult<TNextEventsResponse>> {
  return snapshotFirst(api, 'nextEvents.json', () => typedApi(api)('nextEvents'));
}

export function getEventGroup(api: TApi, idOrSlug: string): Promise<TApiResult<TEventGroupResponse>> {
  if (!SLUG_PATTERN.test(idOrSlug)) return Promise.resolve(notFound);
  return snapshotFirst(api, `eventgroup/${idOrSlug}.json`, () =>
    typedApi(api)('eventGroup', { params: { id: idOrSlug } }),
  );
}

export async function searchEvents(api: TApi, query: string): Promise<TSearchEventsResponse> {
  const answer = await typedApi(api)('searchEvents', { query: { s: query.slice(0, 100) } });
  return answer.ok ? answer.body : { query, events: [] };
}

export async function getSellingPoints(
  api: TApi,
  eventId: number,
): Promise<TSellingPointsResponse['sellingPoints']> {
  const answer = await typedApi(api)('sellingPoints', { body: { eventId } });
  return answer.ok ? answer.body.sellingPoints : [];
}

/**
 * The poster's SVG markup, to draw inline: it is the largest element of the event page, and inline
 * it paints with the first frame instead of waiting for a request (or an image decode) on a slow
 * connection. Our own generated SVG (texts escaped by the server); null when it cannot be read.
 */
export async function posterMarkup(api: TApi, posterUrl: string): Promise<string | null> {
  const response = await api(posterUrl);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
}

/** Whether this visitor's cart session still lacks access to a restricted event (commerce §2). */
export async function needsExclusiveAccess(api: TApi, eventId: number): Promise<boolean> {
  const answer = await typedApi(api)('exclusiveAccess', { params: { eventId } });
  return !answer.ok || !answer.body.access;
}

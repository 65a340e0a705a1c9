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
 * The poster as a `data:` image, written into the page: it is the largest element of the event
 * page, and in the page it paints with the first frame instead of waiting for a request on a slow
 * connection. An image, not inline SVG: the browser counts an image as the page's largest content
 * (LCP), and inline SVG it does not, so the cookie banner drawn after hydration was. Our own
 * generated SVG; null when it cannot be read. Only what a URL cannot hold is escaped (`%`, `#`,
 * `<`, `>`, line breaks): the rest stays readable and compresses as the markup did.
 */
export async function posterImage(api: TApi, posterUrl: string): Promise<string | null> {
  const response = await api(posterUrl);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const svg = await response.text();
  return `data:image/svg+xml,${svg.replace(/[%#<>\r\n]/g, (c) => encodeURIComponent(c))}`;
}

/** Whether this visitor's cart session still lacks access to a restricted event (commerce §2). */
export async function needsExclusiveAccess(api: TApi, eventId: number): Promise<boolean> {
  const answer = await typedApi(api)('exclusiveAccess', { params: { eventId } });
  return !answer.ok || !answer.body.access;
}

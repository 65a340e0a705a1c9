import type {
  TCommissionerLandingResponse,
  TEventGroupResponse,
  TNextEventsResponse,
} from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import type { TCatalogue } from '../catalogue/catalogue-read-model.ts';
import { catalogueMessage } from '../catalogue/messages.ts';
import { jsonBody, type TJsonBody } from '../catalogue/snapshot-store.ts';
import { commissionerEventIds, commissionerForEvent, findCommissioner } from './find-commissioner.ts';

type TOptions = { db: TDb; catalogue: TCatalogue; locale: TLocale };

const eventNotFound = (locale: TLocale) =>
  new AppError('event_not_found', catalogueMessage('event_not_found', locale));

/**
 * commerce §7 getticketeventlist: the commissioner's landing page, the site's upcoming events it
 * may sell, in the same order and shape as nextEvents (answered from this process's catalogue).
 */
export async function commissionerLanding(
  { db, catalogue, locale }: TOptions,
  commissionerId: number,
): Promise<TCommissionerLandingResponse> {
  const commissioner = await findCommissioner(db, { id: commissionerId }, locale);
  const sells = await commissionerEventIds(db, commissioner.id);
  const { events } = JSON.parse(catalogue.nextEvents().json) as TNextEventsResponse;
  return { commissioner, events: events.filter((event) => sells.has(event.id)) };
}

/**
 * commerce §7 getCommissionerEventTicketsBySlug: the event as the site publishes it (the same bytes
 * as its snapshot file, which pages read first), once the commissioner is found to sell it. The
 * commissioner's refund value is in it (`refundServiceComissioner`, each ticket's
 * `valueRefundServiceCommissioner`).
 */
export async function commissionerEventTickets(
  { db, catalogue, locale }: TOptions,
  input: { commissionerId: number; eventSlug: string },
): Promise<TJsonBody> {
  const eventId = catalogue.eventId(input.eventSlug);
  const body = catalogue.eventTickets(input.eventSlug);
  if (eventId === undefined || !body) throw eventNotFound(locale);
  await commissionerForEvent(db, input.commissionerId, eventId, locale);
  return body;
}

/** commerce §7 GET /api/eventgroup/{commissionerId}/{group}: the group with only the events the commissioner sells. */
export async function commissionerGroup(
  { db, catalogue, locale }: TOptions,
  input: { commissionerId: number; group: string },
): Promise<TJsonBody> {
  const commissioner = await findCommissioner(db, { id: input.commissionerId }, locale);
  const body = catalogue.group(input.group);
  if (!body) throw new AppError('group_not_found', catalogueMessage('group_not_found', locale));
  const sells = await commissionerEventIds(db, commissioner.id);
  const group = JSON.parse(body.json) as TEventGroupResponse;
  return jsonBody({ ...group, events: group.events.filter((event) => sells.has(event.id)) });
}

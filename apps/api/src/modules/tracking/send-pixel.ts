import { type TPixelPayload, type TSendPixelAnswer, ZPixelPayload } from '@ingressos/contracts/tracking';
import type { TLocale } from '@ingressos/domain';
import { cookieConsentFromHeader } from '@ingressos/domain/cookie-consent';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { TRACKING_CURRENCY, trackingValue } from '@ingressos/domain/tracking';
import { pixelFor, type TServerEvent, type TTracker } from '../../adapters/tracking/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { and, eq } from '../../db/orm.ts';
import { events, orders } from '../../db/schema/index.ts';
import type { TLogger } from '../../logger.ts';
import { AppError } from '../app-error.ts';
import { hashUserData, type TTrackedPerson } from './hash-user-data.ts';
import { trackingMessage } from './messages.ts';

export type TTrackingServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  tracker: TTracker;
  now?: () => Date;
};

function parsePayload(text: string, locale: TLocale): TPixelPayload {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('payload_invalid', trackingMessage('payload_invalid', locale));
  }
  const parsed = ZPixelPayload.safeParse(json);
  if (!parsed.success)
    throw new AppError('payload_invalid', trackingMessage('payload_invalid', locale), {
      issues: parsed.error.issues.map((issue) => ({
        path: `payload.${issue.path.join('.')}`,
        message: issue.message,
      })),
    });
  return parsed.data;
}

/**
 * POST api/website/SendPixel (commerce §7): one pixel event of a catalogue event with `sendPixel`,
 * sent server-side with the buyer's hashed data. Nothing leaves without the visitor's marketing
 * consent (the consent cookie). A Purchase is only the buyer's own paid order, valued from the
 * order, never from the browser. The same (event name, event id) is counted once.
 */
export async function sendPixel(options: {
  s: TTrackingServices;
  eventId: number;
  payloadText: string;
  person: (TTrackedPerson & { userId: string }) | null;
  client: { ip: string; userAgent: string | undefined; cookie: string | undefined };
  locale: TLocale;
}): Promise<TSendPixelAnswer> {
  const { s, eventId, person, client, locale } = options;
  const payload = parsePayload(options.payloadText, locale);
  const [event] = await s.db
    .select({ id: events.id, sendPixel: events.sendPixel, currency: events.currency })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('event_not_found', trackingMessage('event_not_found', locale));
  if (!event.sendPixel || event.currency !== TRACKING_CURRENCY)
    return { status: 'ignored', reason: 'event_disabled' };
  if (!cookieConsentFromHeader(client.cookie)?.marketing) return { status: 'ignored', reason: 'no_consent' };
  const pixel = pixelFor(s.config, eventId);
  if (!pixel) return { status: 'ignored', reason: 'event_disabled' };

  const custom: TServerEvent['custom_data'] = { currency: TRACKING_CURRENCY, value: 0 };
  const given = payload.custom_data;
  if (payload.event_name === 'Purchase') {
    // Only the buyer's own paid order, and only what the order says.
    const [order] = person
      ? await s.db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.id, payload.order_id!),
              eq(orders.userId, person.userId),
              eq(orders.eventId, eventId),
            ),
          )
      : [];
    if (!order || order.status !== ORDER_STATUS.PAGO)
      throw new AppError('order_not_found', trackingMessage('order_not_found', locale));
    custom.value = trackingValue(order.totalCents / 100);
    custom.order_id = order.id;
    custom.contents = order.lines.map((line) => ({
      id: String(line.lotId),
      quantity: line.quantity,
      item_price: trackingValue(line.unitCents / 100),
    }));
  } else {
    custom.value = trackingValue(given?.value ?? 0);
    if (given?.contents)
      custom.contents = given.contents.map((c) => ({ ...c, item_price: trackingValue(c.item_price) }));
    if (given?.content_name) custom.content_name = given.content_name;
  }
  if (custom.contents?.length) {
    custom.content_type = 'product';
    custom.content_ids = custom.contents.map((c) => c.id);
    custom.num_items = custom.contents.reduce((sum, c) => sum + c.quantity, 0);
  }

  // The page's own URL only: another site's address is not ours to report.
  const source = payload.event_source_url;
  const serverEvent: TServerEvent = {
    event_name: payload.event_name,
    event_time: Math.floor((s.now?.() ?? new Date()).getTime() / 1000),
    event_id: payload.event_id,
    action_source: 'website',
    ...(source?.startsWith(`${s.config.publicUrl}/`) ? { event_source_url: source } : {}),
    user_data: hashUserData(person, client),
    custom_data: custom,
  };
  try {
    const { duplicate } = await s.tracker.send(pixel, eventId, serverEvent);
    return { status: duplicate ? 'duplicate' : 'sent' };
  } catch (error) {
    // A tracking failure is not the buyer's: logged (no user data in it), and the page goes on.
    s.log.warn('pixel event not sent', {
      eventName: payload.event_name,
      catalogueEventId: eventId,
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 'ignored', reason: 'provider_error' };
  }
}

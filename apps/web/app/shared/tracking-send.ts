import type { TPixelEvent } from '@ingressos/domain/tracking';
import { api } from './api-client.ts';
import type { TAnalyticsEvent, TAnalyticsPayload, TPixelData } from './tracking.ts';

/**
 * The sending half of tracking.ts, fetched only once a visitor has consented and a page has
 * something to count (the event page's first script stays within its budget).
 */
type TDataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

const cents = (n: number) => Math.round(n * 100) / 100;

/** Pushes a GA4 e-commerce event (clearing the previous ecommerce object first, as GA4 asks). */
export function pushAnalyticsNow(event: TAnalyticsEvent, ecommerce: TAnalyticsPayload) {
  const w = window as TDataLayerWindow;
  w.dataLayer ??= [];
  const items = ecommerce.items.map((item) => ({ ...item, price: cents(item.price) }));
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push({
    event,
    ecommerce: {
      ...ecommerce,
      ...(ecommerce.value === undefined ? {} : { value: cents(ecommerce.value) }),
      items,
    },
  });
}

const newEventId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * POST api/website/SendPixel for a catalogue event. The page's address goes without its query
 * (it may carry codes); a Purchase names its order (the server values it) and a fixed event id,
 * so reloading the order page counts it once.
 */
export function sendPixelNow(eventId: number, eventName: TPixelEvent, data: TPixelData) {
  const { orderId, ...custom } = data;
  const payload = {
    event_name: eventName,
    event_id: orderId ? `purchase-${orderId}` : newEventId(),
    event_source_url: `${window.location.origin}${window.location.pathname}`,
    ...(orderId ? { order_id: orderId } : {}),
    custom_data: {
      ...custom,
      ...(custom.value === undefined ? {} : { value: cents(custom.value) }),
      ...(custom.contents
        ? { contents: custom.contents.map((c) => ({ ...c, item_price: cents(c.item_price) })) }
        : {}),
    },
  };
  void api('sendPixel', { body: { EventId: eventId, payload: JSON.stringify(payload) } });
}

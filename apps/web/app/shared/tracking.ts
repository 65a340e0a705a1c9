import type { TPixelEvent } from '@ingressos/domain/tracking';
import { useEffect, useRef } from 'react';
import { api } from './api-client.ts';
import { readConsent, useConsent } from './consent.ts';

/**
 * Analytics and the advertising pixel (commerce §7 "Tracking"), each behind its consent:
 * analytics consent for the GA4 e-commerce events pushed to `window.dataLayer`, marketing
 * consent for SendPixel (which the server checks again). Nothing is pushed or sent before the
 * visitor chooses.
 */
export type TAnalyticsItem = {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  item_category?: string;
  item_variant?: string;
  index?: number;
};
export type TAnalyticsEvent =
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'purchase';

type TDataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

const cents = (n: number) => Math.round(n * 100) / 100;

/** Pushes a GA4 e-commerce event (clearing the previous ecommerce object first, as GA4 asks). */
export function pushAnalytics(
  event: TAnalyticsEvent,
  ecommerce: {
    items: TAnalyticsItem[];
    currency?: string;
    value?: number;
    transaction_id?: string;
    item_list_id?: string;
    item_list_name?: string;
  },
) {
  if (typeof window === 'undefined' || !readConsent()?.analytics) return;
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

/** Events whose page said they send no pixel: no call for them. */
const silent = new Set<number>();
export function rememberPixelSetting(eventId: number, sendPixel: boolean) {
  if (sendPixel) silent.delete(eventId);
  else silent.add(eventId);
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
export function sendPixel(
  eventId: number,
  eventName: TPixelEvent,
  data: {
    value?: number;
    contents?: { id: string; quantity: number; item_price: number }[];
    content_name?: string;
    orderId?: string;
  } = {},
) {
  if (typeof window === 'undefined' || silent.has(eventId) || !readConsent()?.marketing) return;
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

/**
 * A page view's tracking (a list, an event, the cart): runs once per `key` for each consent as it
 * is granted, so a visitor who accepts while on the page is counted from that page on, and never
 * twice for the same view.
 */
export function usePageTracking(
  track: (gates: { analytics: boolean; marketing: boolean }) => void,
  key: string,
) {
  const { choice } = useConsent();
  const done = useRef({ key: '', analytics: false, marketing: false });
  const latest = useRef(track);
  latest.current = track;
  const analyticsOn = Boolean(choice?.analytics);
  const marketingOn = Boolean(choice?.marketing);
  useEffect(() => {
    if (done.current.key !== key) done.current = { key, analytics: false, marketing: false };
    const analytics = analyticsOn && !done.current.analytics;
    const marketing = marketingOn && !done.current.marketing;
    if (!analytics && !marketing) return;
    done.current.analytics ||= analytics;
    done.current.marketing ||= marketing;
    latest.current({ analytics, marketing });
  }, [key, analyticsOn, marketingOn]);
}

/** A cart line as an analytics item: the lot is the item, its label as the page shows it. */
export function cartLineItem(
  line: {
    lotId: number;
    eventName: string;
    sectionName: string;
    ticketName: string;
    value: number;
    valuePromo: number;
    promoTicket: boolean;
  },
  quantity: number,
): TAnalyticsItem {
  return {
    item_id: String(line.lotId),
    item_name: `${line.sectionName} — ${line.ticketName}`,
    item_category: line.eventName,
    price: line.promoTicket ? line.valuePromo : line.value,
    quantity,
  };
}

/** The pixel's contents for analytics items. */
export const pixelContents = (items: TAnalyticsItem[]) =>
  items.map((item) => ({ id: item.item_id, quantity: item.quantity, item_price: item.price }));

export const itemsValue = (items: TAnalyticsItem[]) =>
  items.reduce((sum, item) => sum + item.price * item.quantity, 0);

/** One item per item id and price (a cart may hold the same lot in several lines). */
export function mergeItems(items: TAnalyticsItem[]): TAnalyticsItem[] {
  const merged = new Map<string, TAnalyticsItem>();
  for (const item of items) {
    const key = `${item.item_id}:${item.price}`;
    const found = merged.get(key);
    if (found) found.quantity += item.quantity;
    else merged.set(key, { ...item });
  }
  return [...merged.values()];
}

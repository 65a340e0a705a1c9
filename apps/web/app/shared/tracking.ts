import type { TPixelEvent } from '@ingressos/domain/tracking';
import { useEffect, useRef } from 'react';
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

export type TAnalyticsPayload = {
  items: TAnalyticsItem[];
  currency?: string;
  value?: number;
  transaction_id?: string;
  item_list_id?: string;
  item_list_name?: string;
};
export type TPixelData = {
  value?: number;
  contents?: { id: string; quantity: number; item_price: number }[];
  content_name?: string;
  orderId?: string;
};

/** Events whose page said they send no pixel: no call for them. */
const silent = new Set<number>();
export function rememberPixelSetting(eventId: number, sendPixel: boolean) {
  if (sendPixel) silent.delete(eventId);
  else silent.add(eventId);
}

const sender = () => import('./tracking-send.ts');

/** Pushes a GA4 e-commerce event, with analytics consent (its code is fetched on first use). */
export function pushAnalytics(event: TAnalyticsEvent, ecommerce: TAnalyticsPayload) {
  if (typeof window === 'undefined' || !readConsent()?.analytics) return;
  void sender().then((m) => m.pushAnalyticsNow(event, ecommerce));
}

/** SendPixel for a catalogue event, with marketing consent and unless its page said not to. */
export function sendPixel(eventId: number, eventName: TPixelEvent, data: TPixelData = {}) {
  if (typeof window === 'undefined' || silent.has(eventId) || !readConsent()?.marketing) return;
  void sender().then((m) => m.sendPixelNow(eventId, eventName, data));
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

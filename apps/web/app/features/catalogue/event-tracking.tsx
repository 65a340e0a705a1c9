import { pushAnalytics, rememberPixelSetting, sendPixel, usePageTracking } from '~/shared/tracking.ts';
import type { TEventView } from './event-view.server.ts';

/**
 * The event page's view (commerce §7 "Tracking"): GA4 `view_item` with the lots on sale and the
 * pixel's ViewContent, each once per event and only with its consent. Draws nothing; the page
 * loads it lazily, so it is not part of the page's first script.
 */
export default function EventTracking({ event }: { event: TEventView }) {
  usePageTracking(({ analytics, marketing }) => {
    rememberPixelSetting(event.id, event.sendPixel);
    const tickets = event.sections.flatMap((section) =>
      section.tickets
        .filter((ticket) => ticket.onSale)
        .map((ticket) => ({
          item_id: String(ticket.lotId),
          item_name: `${section.name} — ${ticket.name}`,
          item_category: event.name,
          price: ticket.value,
          quantity: 1,
        })),
    );
    const from = tickets.length ? Math.min(...tickets.map((ticket) => ticket.price)) : 0;
    if (analytics) pushAnalytics('view_item', { currency: event.currency, value: from, items: tickets });
    if (marketing) sendPixel(event.id, 'ViewContent', { value: from, content_name: event.name });
  }, String(event.id));
  return null;
}

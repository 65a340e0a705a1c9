import type { TCart } from '@ingressos/contracts';
import { todayIso } from '@ingressos/domain/birth-date';
import { isoInTimeZone } from '@ingressos/domain/time';
import type { TRequestServices } from '~/server-context.ts';
import { typedApi } from '~/shared/api.server.ts';
import type { THalfPriceItem } from './half-price-fields.tsx';

/**
 * Issue 36: which cart items are half-price, with their event's categories and day, read from the
 * event's answer (the catalogue's read model answers it from memory). By cart position; none when no item is.
 */
export async function halfPriceOfCart(
  api: TRequestServices['api'],
  cart: TCart,
): Promise<{ items: Record<number, THalfPriceItem>; today: string }> {
  const slugs = [...new Set(cart.items.map((item) => item.slug))];
  const events = new Map(
    await Promise.all(
      slugs.map(async (slug) => {
        const answer = await typedApi(api)('eventTicketsBySlug', { body: { token: null, eventSlug: slug } });
        return [slug, answer.ok ? answer.body : null] as const;
      }),
    ),
  );
  const items: Record<number, THalfPriceItem> = {};
  cart.items.forEach((item, index) => {
    const event = events.get(item.slug);
    if (!event?.halfPrice) return;
    const ticket = event.sections.flatMap((s) => s.tickets).find((t) => t.id === item.ticketId);
    if (!ticket?.halfPrice) return;
    items[index] = {
      categories: event.halfPrice.categories,
      eventDay: isoInTimeZone(new Date(item.eventDate), item.timeZone).slice(0, 10),
    };
  });
  return { items, today: todayIso() };
}

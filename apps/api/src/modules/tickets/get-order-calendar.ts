import type { TOrderReceipt } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { calendarFile } from './icalendar.ts';

/** The order's event as an .ics file: start, venue with its address, and where the tickets are. */
export function orderCalendar(
  receipt: TOrderReceipt,
  options: { orderId: string; publicUrl: string; brand: string; locale: TLocale },
): string {
  const { event } = receipt;
  const pt = options.locale === 'pt-BR';
  const description = pt
    ? `Pedido ${receipt.number}. Seus ingressos estão em Meus ingressos: ${options.publicUrl}/meus-ingressos`
    : `Order ${receipt.number}. Your tickets are in My tickets: ${options.publicUrl}/meus-ingressos`;
  return calendarFile(
    {
      uid: `${options.orderId}@${new URL(options.publicUrl).hostname}`,
      start: new Date(event.startsAt),
      end: null,
      summary: event.name,
      location: `${event.venue}, ${event.address}, ${event.city} - ${event.state}`,
      description,
      url: `${options.publicUrl}/pedido/${options.orderId}`,
      stamp: new Date(),
    },
    `-//${options.brand}//${pt ? 'Pedidos' : 'Orders'}//${pt ? 'PT' : 'EN'}`,
  );
}

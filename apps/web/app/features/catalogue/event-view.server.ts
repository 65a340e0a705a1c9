import type { TEventTicketsResponse, TSection } from '@ingressos/contracts';
import { currencyCode, DOC_TYPE, isEventPast, isoInTimeZone, type TAvailability } from '@ingressos/domain';
import { isOnSale } from '@ingressos/domain/availability';

/** What the event page renders: the answer of getEventTicketsBySlug without the seat geometry. */
export function toEventView(event: TEventTicketsResponse, now: Date) {
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    description: event.description,
    category: event.category,
    ageRating: event.ageRating,
    date: event.date,
    hour: event.hour,
    timeZone: event.timeZone,
    currency: currencyCode(event.currency),
    place: event.place,
    address: event.address,
    addressNumber: event.addressNumber,
    district: event.district,
    city: event.city,
    state: event.state,
    poster: event.images.poster,
    group: event.group,
    producer: event.project.name,
    past: isEventPast(event.date, now),
    exclusiveIssuers: event.exclusiveEmissorsAccess.map((issuer) => issuer.name),
    exclusiveAccess: event.exclusiveEmissorsAccess,
    facial: event.facialIsActive,
    foreigner: event.docType === DOC_TYPE.ESTRANGEIRO,
    maxPerCart: event.maxTicketQuantityAddToCard,
    /** commerce §3: the event's pixel events are sent (with the visitor's marketing consent). */
    sendPixel: event.sendPixel,
    sections: event.sections.map(toSectionView),
  };
}

export type TEventView = ReturnType<typeof toEventView>;
export type TSectionView = TEventView['sections'][number];
export type TTicketView = TSectionView['tickets'][number];

function toSectionView(section: TSection) {
  return {
    id: section.id,
    name: section.name,
    kind:
      section.type === 2 ? ('table' as const) : section.type === 1 ? ('seat' as const) : ('ticket' as const),
    hasMap: section.controlledPlaces.length > 0,
    minQtd: section.minQtd,
    maxQtd: section.maxQtd,
    tickets: section.tickets.map((ticket) => ({
      id: ticket.id,
      lotId: ticket.lotId,
      name: ticket.ticketName,
      lotNumber: ticket.lotNumber,
      value: ticket.value,
      taxTotal: ticket.taxTotal,
      availability: ticket.availability as TAvailability,
      available: ticket.available,
      // Decided here, on the server, by the domain's rule: the page ships no copy of it.
      onSale: isOnSale(ticket.availability as TAvailability) && ticket.available > 0,
      minQtd: ticket.minQtd,
      maxQtd: ticket.maxQtd,
      onlineNote: ticket.onlineNote,
      // Issue 36: a half-price (meia-entrada) type, and whether its section's quota is used up.
      halfPrice: ticket.halfPrice,
      halfSoldOut: ticket.halfPrice && Boolean(section.halfPrice?.soldOut),
      lots: ticket.lots.map((lot) => ({
        number: lot.number,
        availability: lot.availability as TAvailability,
      })),
    })),
  };
}

const OFFER_AVAILABILITY: Record<TAvailability, string> = {
  Disponivel: 'https://schema.org/InStock',
  Remanescente: 'https://schema.org/LimitedAvailability',
  Reservado: 'https://schema.org/LimitedAvailability',
  Indisponivel: 'https://schema.org/SoldOut',
  Desativado: 'https://schema.org/Discontinued',
};

/** schema.org Event with one Offer per ticket on sale now, for search engines. */
export function eventJsonLd(event: TEventTicketsResponse, canonical: string, image: string) {
  const currency = currencyCode(event.currency);
  const offers = event.sections.flatMap((section) =>
    section.tickets.map((ticket) => ({
      '@type': 'Offer',
      name: `${section.name} — ${ticket.ticketName}`,
      price: ticket.value.toFixed(2),
      priceCurrency: currency,
      availability: OFFER_AVAILABILITY[ticket.availability as TAvailability],
      url: canonical,
    })),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: isoInTimeZone(new Date(event.date), event.timeZone),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    image: [image],
    url: canonical,
    location: {
      '@type': 'Place',
      name: event.place,
      address: {
        '@type': 'PostalAddress',
        streetAddress: `${event.address}, ${event.addressNumber}`,
        addressLocality: event.city,
        addressRegion: event.state,
        postalCode: event.postalCode || undefined,
        addressCountry: 'BR',
      },
    },
    organizer: { '@type': 'Organization', name: event.project.name },
    offers: offers.length > 0 ? offers : undefined,
    isAccessibleForFree: offers.length > 0 && offers.every((o) => o.price === '0.00') ? true : undefined,
  };
}

import type {
  TControlledPlace,
  TEventSummary,
  TEventTicketsResponse,
  TSection,
  TTicket,
} from '@ingressos/contracts';
import { posterUrl } from '@ingressos/contracts/catalogue';
import {
  CURRENCY,
  centsToAmount,
  currentLot,
  DEFAULT_MAX_TICKETS_PER_CART,
  hourInTimeZone,
  isEventPast,
  isOnSale,
  lotAvailability,
  lotInWindow,
  lotWindowEnded,
  nextLotBoundary,
  percentOfCents,
  placeStatus,
  protectionCents,
  type TAvailability,
  TICKET_TYPE,
  ticketKind,
  unitsAvailable,
} from '@ingressos/domain';
import { offeredCategories } from '@ingressos/domain/half-price';
import type { TCatalogueRows, TEventRow } from './load-catalogue-rows.ts';

type TRow<K extends keyof TCatalogueRows> = TCatalogueRows[K][number];

/** An event's poster: the producer's upload (issue 34) when there is one, else the drawn one. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Sales of an event ended (spec §4 'Evento ja Realizado'): every ticket, lot and place says so. */
const ENDED: TAvailability = 'Desativado';

/**
 * Builds each event's answer to getEventTicketsBySlug and its list summary from database rows.
 * Pure: the same rows (and build time) give the same answer, so snapshot files and API answers
 * match byte for byte. An event past at `generatedAt` lists nothing as on sale (issue 31).
 */
export function buildEvents(rows: TCatalogueRows, generatedAt: Date) {
  const sectionsByEvent = groupBy(rows.sections, (s) => s.eventId);
  const ticketsBySection = groupBy(rows.tickets, (t) => t.sectionId);
  const lotsByTicket = groupBy(rows.lots, (l) => l.ticketId);
  const placesBySection = groupBy(rows.places, (p) => p.sectionId);

  return rows.events.map((row) => {
    const ended = isEventPast(row.event.startsAt, generatedAt);
    const sections = (sectionsByEvent.get(row.event.id) ?? []).map((section) =>
      buildSection(
        row,
        section,
        ticketsBySection.get(section.id) ?? [],
        { lotsByTicket, placesBySection },
        ended,
        generatedAt,
      ),
    );
    const tickets = buildTicketsResponse(row, sections, generatedAt);
    // Issue 34: when a lot's sale window next opens or closes, the answer must be built again.
    const eventLots = (sectionsByEvent.get(row.event.id) ?? []).flatMap((section) =>
      (ticketsBySection.get(section.id) ?? []).flatMap((ticket) => lotsByTicket.get(ticket.id) ?? []),
    );
    const nextBoundary = ended ? null : nextLotBoundary(eventLots, generatedAt);
    return { row, ended, tickets, summary: buildSummary(row, sections), nextBoundary };
  });
}

export type TBuiltEvent = ReturnType<typeof buildEvents>[number];

function buildSection(
  row: TEventRow,
  section: TRow<'sections'>,
  tickets: TRow<'tickets'>[],
  {
    lotsByTicket,
    placesBySection,
  }: { lotsByTicket: Map<number, TRow<'lots'>[]>; placesBySection: Map<number, TRow<'places'>[]> },
  ended: boolean,
  generatedAt: Date,
): TSection {
  const placeRows = placesBySection.get(section.id) ?? [];
  const kind = ticketKind({
    seated: placeRows.length > 0,
    bookAsAWhole: section.bookAsAWhole,
    minQtd: section.minQtd,
    maxQtd: section.maxQtd,
  });
  const controlledPlaces = placeRows.map((place) => buildPlace(section, place, ended));
  // A seat or table section cannot sell more than its free places hold.
  const placeUnits =
    placeRows.length > 0 ? controlledPlaces.reduce((sum, place) => sum + place.available, 0) : Infinity;
  const perCart = row.event.maxTicketsPerCart ?? DEFAULT_MAX_TICKETS_PER_CART;
  // Issue 36: what is left of the section's half-price quota (half-price units sold and held count).
  const halfOn = row.event.halfPriceQuotaPercent !== null;
  const halfLeft = halfOn ? Math.max(0, section.halfQuota - section.halfSold - section.halfHeld) : 0;
  return {
    id: section.id,
    name: section.name,
    type: TICKET_TYPE[kind],
    minQtd: section.minQtd,
    maxQtd: section.maxQtd,
    bookAsAWhole: section.bookAsAWhole,
    halfPrice: halfOn ? { quota: section.halfQuota, available: halfLeft, soldOut: halfLeft === 0 } : null,
    controlledPlaces,
    tickets: tickets.map((ticket) =>
      buildTicket(row, section, ticket, lotsByTicket.get(ticket.id) ?? [], {
        type: TICKET_TYPE[kind],
        // A half-price ticket sells no more than the section's quota has left.
        placeUnits: ticket.halfPrice ? Math.min(placeUnits, halfLeft) : placeUnits,
        perCart,
        ended,
        at: generatedAt,
      }),
    ),
  };
}

function buildTicket(
  row: TEventRow,
  section: TRow<'sections'>,
  ticket: TRow<'tickets'>,
  lots: TRow<'lots'>[],
  context: { type: TTicket['type']; placeUnits: number; perCart: number; ended: boolean; at: Date },
): TTicket {
  // Issue 34: lots turn over by sell-out or by date. With no lot on sale, the ticket shows the
  // lot waiting for its salesStartAt, else its last lot, as unavailable.
  const ordered = [...lots].sort((a, b) => a.number - b.number);
  const lot =
    currentLot(lots, context.at) ??
    ordered.find((l) => !l.disabled && l.sold < l.capacity && !lotWindowEnded(l, context.at)) ??
    lots.at(-1)!;
  // A lot outside its sale window is not for sale, whatever its stock.
  const statusOf = (l: TRow<'lots'>) =>
    context.ended ? ENDED : !l.disabled && !lotInWindow(l, context.at) ? 'Indisponivel' : lotAvailability(l);
  const quotaOut = ticket.halfPrice && context.placeUnits === 0 && !context.ended;
  const availability = quotaOut && isOnSale(statusOf(lot)) ? 'Indisponivel' : statusOf(lot);
  const available = Math.min(unitsAvailable(lot), context.placeUnits);
  const fee = percentOfCents(lot.priceCents, lot.feeBp);
  const refund = row.event.refundSiteActive
    ? protectionCents({ priceCents: lot.priceCents, feeCents: fee }, row.event.refundSitePercentBp)
    : 0;
  // commerce §3: what the refund service costs when a commissioner sells (the event's commissioner rate).
  const refundCommissioner = row.event.refundCommissionerActive
    ? protectionCents({ priceCents: lot.priceCents, feeCents: fee }, row.event.refundCommissionerPercentBp)
    : 0;
  return {
    id: ticket.id,
    sectionId: section.id,
    sectionName: section.name,
    ticketName: ticket.name,
    alias: ticket.alias,
    type: context.type,
    lotId: lot.id,
    lotNumber: lot.number,
    value: centsToAmount(lot.priceCents),
    taxTotal: centsToAmount(fee),
    taxAppTotal: centsToAmount(percentOfCents(lot.priceCents, lot.appFeeBp)),
    LotProcessingFeeAdd: lot.processingFeeAdded,
    LotProcessingFeeValue: centsToAmount(lot.processingFeeCents),
    valueRefundServiceSite: centsToAmount(refund),
    valueRefundServiceCommissioner: centsToAmount(refundCommissioner),
    available: availability === 'Indisponivel' || availability === 'Desativado' ? 0 : available,
    availability,
    minQtd: section.bookAsAWhole ? section.minQtd : ticket.minQtd,
    maxQtd: section.bookAsAWhole ? section.maxQtd : Math.min(section.maxQtd, context.perCart),
    bookAsAWhole: section.bookAsAWhole,
    noInterest: ticket.noInterest,
    ownerControl: ticket.ownerControl,
    individualTicketControl: ticket.ticketsPerCpf === null ? 'Não' : 'Sim',
    ticketByCpf: ticket.ticketsPerCpf,
    onlineNote: ticket.onlineNote,
    facialIsActive: row.event.facialIsActive,
    facialAtMomentOfPurchase: ticket.facialAtMomentOfPurchase,
    halfPrice: ticket.halfPrice,
    lots: lots.map((l) => ({
      id: l.id,
      number: l.number,
      value: centsToAmount(l.priceCents),
      taxTotal: centsToAmount(percentOfCents(l.priceCents, l.feeBp)),
      availability: statusOf(l),
    })),
  };
}

function buildPlace(section: TRow<'sections'>, place: TRow<'places'>, ended: boolean): TControlledPlace {
  const stock = { ...place, bookAsAWhole: section.bookAsAWhole && place.kind === 'table' };
  // Issue 34: a place kept for the producer's guests shows as taken, like one sold.
  const status = ended ? ENDED : place.reserved && !place.disabled ? 'Indisponivel' : placeStatus(stock);
  const free = unitsAvailable(place);
  const isTable = place.kind === 'table';
  const location = isTable
    ? `${section.name}, Mesa ${place.tableNumber ?? place.alias}`
    : `${section.name}, Fila ${place.rowLabel ?? '-'}, Cadeira ${place.seatNumber ?? place.alias}`;
  return {
    controlledPlaceId: place.id,
    alias: place.alias,
    row: place.rowLabel,
    number: place.seatNumber,
    tableNumber: place.tableNumber,
    SeatsTable: isTable,
    SeatsLocation: location,
    min: isTable ? place.minSeats : 1,
    max: place.capacity,
    // A table sold whole offers all its seats or none.
    available: isOnSale(status) ? (stock.bookAsAWhole ? place.capacity : free) : 0,
    status,
    x: place.x,
    y: place.y,
  };
}

function buildTicketsResponse(
  row: TEventRow,
  sections: TSection[],
  generatedAt: Date,
): TEventTicketsResponse {
  const { event, venue, producer, group } = row;
  return {
    generatedAt: generatedAt.toISOString(),
    id: event.id,
    slug: event.slug,
    name: event.name,
    description: event.description,
    category: event.category,
    ageRating: event.ageRating,
    date: event.startsAt.toISOString(),
    hour: hourInTimeZone(event.startsAt, event.timeZone),
    timeZone: event.timeZone,
    currency: event.currency === 'USD' ? CURRENCY.USD : CURRENCY.BRL,
    project: producer,
    place: venue.name,
    address: venue.address,
    addressNumber: venue.addressNumber,
    district: venue.district,
    city: venue.city,
    state: venue.state,
    postalCode: venue.postalCode,
    images: { poster: posterUrl(event.slug, event.posterId) },
    group: group?.id ? group : null,
    sendPixel: event.sendPixel,
    exclusiveEmissorsAccess: event.exclusiveEmissors as TEventTicketsResponse['exclusiveEmissorsAccess'],
    maxTicketQuantityAddToCard: event.maxTicketsPerCart ?? DEFAULT_MAX_TICKETS_PER_CART,
    facialIsActive: event.facialIsActive,
    facialValidationIsActive: event.facialValidationIsActive,
    refundServiceSite: { IsActive: event.refundSiteActive, percent: event.refundSitePercentBp / 100 },
    refundServiceComissioner: {
      IsActive: event.refundCommissionerActive,
      percent: event.refundCommissionerPercentBp / 100,
    },
    docType: event.docType,
    halfPrice:
      event.halfPriceQuotaPercent === null
        ? null
        : {
            quotaPercent: event.halfPriceQuotaPercent,
            categories: offeredCategories(event.halfPriceCategories),
          },
    updatedAt: event.updatedAt.toISOString(),
    sections,
  };
}

function buildSummary(row: TEventRow, sections: TSection[]): TEventSummary {
  const { event, venue, group } = row;
  const tickets = sections.flatMap((s) => s.tickets);
  const onSale = tickets.filter((t) => isOnSale(t.availability) && t.available > 0);
  const minValue = onSale.length > 0 ? Math.min(...onSale.map((t) => t.value)) : null;
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    category: event.category,
    date: event.startsAt.toISOString(),
    hour: hourInTimeZone(event.startsAt, event.timeZone),
    timeZone: event.timeZone,
    place: venue.name,
    city: venue.city,
    state: venue.state,
    currency: event.currency === 'USD' ? CURRENCY.USD : CURRENCY.BRL,
    featured: event.featured,
    exclusive: (event.exclusiveEmissors as unknown[]).length > 0,
    minValue,
    soldOut: tickets.every((t) => t.availability === 'Indisponivel' || t.availability === 'Desativado'),
    images: { poster: posterUrl(event.slug, event.posterId) },
    group: group?.id ? group : null,
  };
}

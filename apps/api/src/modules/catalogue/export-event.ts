import type { TCatalogImportFile, TImportEvent } from '@ingressos/contracts';
import { DOC_TYPE } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { asc, eq, inArray } from '../../db/orm.ts';
import {
  controlledPlaces,
  eventAccessCodes,
  eventGroups,
  eventSections,
  events,
  eventTickets,
  producers,
  promoCodes,
  sellingPoints,
  ticketLots,
  venues,
} from '../../db/schema/index.ts';
import { isoInZone } from './iso-in-zone.ts';

type TSection = TImportEvent['sections'][number];
type TTicket = TSection['tickets'][number];
type TLot = TTicket['lots'][number];
type TPlace = TSection['places'][number];
type TLotRow = typeof ticketLots.$inferSelect;

const amount = (cents: number) => cents / 100;
const pct = (bp: number) => bp / 100;
/** Keys whose value is undefined are left out, so the document reads like one a producer wrote. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * An event as the catalogue import file says it (docs/catalog-import.md): importing the answer
 * back changes nothing, and exporting again gives the same document. Exclusive-access codes are
 * stored hashed, so they come back as `codeHashes`; sold and held counters are never in it.
 */
export async function exportEventDocument(db: TDb, eventId: number): Promise<TCatalogImportFile | undefined> {
  const [row] = await db
    .select({ event: events, venue: venues, producer: producers.name })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(producers, eq(producers.id, events.producerId))
    .where(eq(events.id, eventId));
  if (!row) return undefined;
  const { event, venue } = row;
  const zone = event.timeZone;
  const [group] = event.groupId
    ? await db.select().from(eventGroups).where(eq(eventGroups.id, event.groupId))
    : [];

  const sections = await db
    .select()
    .from(eventSections)
    .where(eq(eventSections.eventId, eventId))
    .orderBy(asc(eventSections.position), asc(eventSections.id));
  const sectionIds = sections.map((s) => s.id);
  const tickets = sectionIds.length
    ? await db
        .select()
        .from(eventTickets)
        .where(inArray(eventTickets.sectionId, sectionIds))
        .orderBy(asc(eventTickets.position), asc(eventTickets.id))
    : [];
  const ticketIds = tickets.map((t) => t.id);
  const lots = ticketIds.length
    ? await db
        .select()
        .from(ticketLots)
        .where(inArray(ticketLots.ticketId, ticketIds))
        .orderBy(asc(ticketLots.number))
    : [];
  const places = sectionIds.length
    ? await db
        .select()
        .from(controlledPlaces)
        .where(inArray(controlledPlaces.sectionId, sectionIds))
        .orderBy(asc(controlledPlaces.id))
    : [];
  const points = await db
    .select()
    .from(sellingPoints)
    .where(eq(sellingPoints.eventId, eventId))
    .orderBy(asc(sellingPoints.position));
  const codes = await db
    .select()
    .from(eventAccessCodes)
    .where(eq(eventAccessCodes.eventId, eventId))
    .orderBy(asc(eventAccessCodes.id));
  const coupons = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.eventId, eventId))
    .orderBy(asc(promoCodes.id));

  const lotRef = new Map<number, { section: string; ticket: string; number: number }>();
  const exportLot = (lot: TLotRow): TLot =>
    defined({
      number: lot.number,
      price: amount(lot.priceCents),
      convenienceFeePercent: pct(lot.feeBp),
      appConvenienceFeePercent: lot.appFeeBp === lot.feeBp ? undefined : pct(lot.appFeeBp),
      processingFee: amount(lot.processingFeeCents),
      processingFeeAdded: lot.processingFeeAdded,
      quantity: lot.capacity,
      disabled: lot.disabled,
      salesStartAt: lot.salesStartAt ? isoInZone(lot.salesStartAt, zone) : undefined,
      salesEndAt: lot.salesEndAt ? isoInZone(lot.salesEndAt, zone) : undefined,
    });

  const exportedSections: TSection[] = sections.map((section) => ({
    name: section.name,
    minQtd: section.minQtd,
    maxQtd: section.maxQtd,
    bookAsAWhole: section.bookAsAWhole,
    tickets: tickets
      .filter((t) => t.sectionId === section.id)
      .map(
        (ticket): TTicket =>
          defined({
            name: ticket.name,
            alias: ticket.alias === ticket.name ? undefined : ticket.alias,
            minQtd: ticket.minQtd,
            facialAtMomentOfPurchase: ticket.facialAtMomentOfPurchase,
            ticketsPerCpf: ticket.ticketsPerCpf ?? undefined,
            ownerControl: ticket.ownerControl,
            noInterest: ticket.noInterest,
            onlineNote: ticket.onlineNote,
            halfPrice: ticket.halfPrice || undefined,
            lots: lots
              .filter((l) => l.ticketId === ticket.id)
              .map((lot) => {
                lotRef.set(lot.id, { section: section.name, ticket: ticket.name, number: lot.number });
                return exportLot(lot);
              }),
          }),
      ),
    places: places
      .filter((p) => p.sectionId === section.id)
      .map((place): TPlace => {
        // The import's default minSeats: a table's whole size up to the section's minimum, a seat 1.
        const minSeats = place.kind === 'table' ? Math.min(section.minQtd, place.capacity) : 1;
        return defined({
          kind: place.kind as TPlace['kind'],
          alias: place.alias,
          row: place.rowLabel ?? undefined,
          number: place.seatNumber ?? undefined,
          tableNumber: place.tableNumber ?? undefined,
          x: place.x,
          y: place.y,
          seats: place.capacity,
          minSeats: place.minSeats === minSeats ? undefined : place.minSeats,
          disabled: place.disabled,
          reserved: place.reserved,
        });
      }),
  }));

  const site =
    event.refundSiteActive || event.refundSitePercentBp
      ? { active: event.refundSiteActive, percent: pct(event.refundSitePercentBp) }
      : undefined;
  const commissioner =
    event.refundCommissionerActive || event.refundCommissionerPercentBp
      ? { active: event.refundCommissionerActive, percent: pct(event.refundCommissionerPercentBp) }
      : undefined;
  // Codes are kept per issuer type: the first issuer of a type gets them all.
  const seenTypes = new Set<string>();
  const exclusiveAccess = (event.exclusiveEmissors as { type: string; name: string }[]).map(
    ({ type, name }) => {
      const first = !seenTypes.has(type);
      seenTypes.add(type);
      const mine = first ? codes.filter((c) => c.emissorType === type) : [];
      return {
        type,
        name,
        binPrefixes: mine.flatMap((c) => (c.binPrefix ? [c.binPrefix] : [])),
        codes: [],
        codeHashes: mine.flatMap((c) => (c.codeHash ? [c.codeHash] : [])),
      } as TImportEvent['exclusiveAccess'][number];
    },
  );
  const docType = (Object.keys(DOC_TYPE) as (keyof typeof DOC_TYPE)[]).find(
    (key) => DOC_TYPE[key] === event.docType,
  );

  const exported: TImportEvent = defined({
    slug: event.slug,
    name: event.name,
    description: event.description,
    category: event.category as TImportEvent['category'],
    ageRating: event.ageRating as TImportEvent['ageRating'],
    startsAt: isoInZone(event.startsAt, zone),
    timeZone: zone,
    currency: event.currency as TImportEvent['currency'],
    gateway: (event.gateway ?? undefined) as TImportEvent['gateway'],
    producer: row.producer,
    venue: defined({
      name: venue.name,
      address: venue.address,
      number: venue.addressNumber,
      district: venue.district,
      city: venue.city,
      state: venue.state as TImportEvent['venue']['state'],
      postalCode: venue.postalCode || undefined,
    }),
    group: group?.slug,
    featured: event.featured,
    published: event.published,
    posterTheme: (event.posterTheme ?? undefined) as TImportEvent['posterTheme'],
    poster: event.posterId ?? undefined,
    // Issue 35: written only when not the default, so a static event's file reads as before.
    ticketCode: event.ticketCode === 'static' ? undefined : (event.ticketCode as TImportEvent['ticketCode']),
    maxTicketsPerCart: event.maxTicketsPerCart ?? undefined,
    // Issue 36: absent when the event sells no half-price.
    halfPrice:
      event.halfPriceQuotaPercent === null
        ? undefined
        : {
            quotaPercent: event.halfPriceQuotaPercent,
            categories: event.halfPriceCategories as NonNullable<TImportEvent['halfPrice']>['categories'],
          },
    docType: (docType === 'ESTRANGEIRO' ? 'ESTRANGEIRO' : 'CPF') as TImportEvent['docType'],
    facial:
      event.facialIsActive || event.facialValidationIsActive
        ? { active: event.facialIsActive, validation: event.facialValidationIsActive }
        : undefined,
    refundService: site || commissioner ? defined({ site, commissioner }) : undefined,
    exclusiveAccess,
    sendPixel: event.sendPixel,
    nfeMandatory: event.nfeMandatory,
    maxInterestFreeInstallments: event.maxInterestFreeInstallments ?? undefined,
    onSaleAt: event.onSaleAt ? isoInZone(event.onSaleAt, zone) : undefined,
    queue:
      event.queueEnabled || event.queueRatePerMinute !== null
        ? defined({ enabled: event.queueEnabled, ratePerMinute: event.queueRatePerMinute ?? undefined })
        : undefined,
    sellingPoints: points.map((p) => ({
      name: p.name,
      address: p.address,
      city: p.city,
      state: p.state as TImportEvent['sellingPoints'][number]['state'],
      openingHours: p.openingHours,
    })),
    sections: exportedSections,
    coupons: coupons.map((coupon) =>
      defined({
        code: coupon.code,
        kind: coupon.kind as 'percent' | 'fixed',
        percent: coupon.kind === 'percent' ? pct(coupon.percentBp) : undefined,
        amount: coupon.kind === 'fixed' ? amount(coupon.amountCents) : undefined,
        quantity: coupon.quantity,
        lots: coupon.lotIds.flatMap((id) => {
          const ref = lotRef.get(Number(id));
          return ref ? [ref] : [];
        }),
        active: coupon.active,
        expiresAt: coupon.expiresAt ? isoInZone(coupon.expiresAt, zone) : undefined,
      }),
    ),
  });
  return {
    groups: group
      ? [
          defined({
            slug: group.slug,
            name: group.name,
            description: group.description,
            posterTheme: (group.posterTheme ?? undefined) as TImportEvent['posterTheme'],
          }),
        ]
      : [],
    events: [exported],
    commissioners: [],
  };
}

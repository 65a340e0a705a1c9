import { cpfsOfHolders, type TOrderReceipt } from '@ingressos/contracts';
import { posterUrl } from '@ingressos/contracts/catalogue';
import { hideDocument } from '@ingressos/domain/cpf';
import { isPaid } from '@ingressos/domain/order-lifecycle';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../db/client.ts';
import { and, eq, gt, ne, sql } from '../../db/orm.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { rows } from '../../db/rows.ts';
import {
  cartHolds,
  carts,
  commissioners,
  events,
  lineHolders,
  orders,
  tickets,
  venues,
} from '../../db/schema/index.ts';
import { orderSession } from '../cart/order-session.ts';
import { ticketQrSvgDataUrl } from './ticket-pdf.ts';

type TOrder = typeof orders.$inferSelect;

/** The order number a buyer quotes: short, upper case, and the same in the e-mail and on the page. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/**
 * What the order's money was made of. Orders keep each line's list price and fees; the protection
 * is what remains of the total once lines, fees and card interest are taken out. Orders made
 * before lines kept their fees answer null for fees and protection (the total stays exact).
 */
export function orderBreakdown(order: Pick<TOrder, 'lines' | 'totalCents' | 'interestCents'>) {
  let paidCents = 0;
  let listCents = 0;
  let feeCents: number | null = 0;
  for (const line of order.lines) {
    paidCents += line.unitCents * line.quantity;
    listCents += (line.listCents ?? line.unitCents) * line.quantity;
    feeCents =
      line.feeCents === undefined || feeCents === null ? null : feeCents + line.feeCents * line.quantity;
  }
  const protectionCents =
    feeCents === null ? null : Math.max(0, order.totalCents - order.interestCents - paidCents - feeCents);
  return {
    subtotalCents: listCents,
    discountCents: listCents - paidCents,
    feeCents,
    protectionCents,
    interestCents: order.interestCents,
  };
}

/** An order's event and its venue, as the receipt shows them. */
export type TPlace = { event: typeof events.$inferSelect; venue: typeof venues.$inferSelect };

/** A split's approved card, as the receipt shows it. */
type TReceiptPart = {
  position: number;
  attempt: number;
  valueCents: number;
  amountCents: number;
  installments: number;
  cardBrand: string | null;
  cardLast4: string | null;
};

/**
 * The receipt of an order the caller owns (the caller checked ownership: findOwnOrder).
 * `ticketCodes: false` leaves out the tickets' QR images and their read (the confirmation e-mail
 * attaches the PDF instead and never shows them).
 */
export async function getOrderReceipt(
  db: TDb,
  order: TOrder,
  userId: string,
  options: {
    ticketCodes?: boolean;
    /** The order's event and venue, when the caller read them with the order (one read fewer). */
    place?: TPlace;
  } = {},
): Promise<TOrderReceipt> {
  const place =
    options.place ??
    (
      await db
        .select({ event: events, venue: venues })
        .from(events)
        .innerJoin(venues, eq(venues.id, events.venueId))
        .where(eq(events.id, order.eventId))
    )[0];
  const docs = [
    ...new Set([order.buyerDocument, ...order.lines.flatMap((line) => cpfsOfHolders(lineHolders(line)))]),
  ];
  // The payment and a split's cards, each approved one with what it charged (its interest is the
  // order's too), and the names of the holders who have an account, in one read (issue 37).
  const [read] = await rows<{
    payment: {
      method: string;
      cardBrand: string | null;
      cardLast4: string | null;
      parts: TReceiptPart[];
    } | null;
    holders: { document: string; name: string }[];
  }>(
    db,
    sql`select
        (select json_build_object('method', p.method, 'cardBrand', p.card_brand, 'cardLast4', p.card_last4,
          'parts', coalesce((select json_agg(json_build_object(
              'position', pp.position, 'attempt', pp.attempt, 'valueCents', pp.value_cents,
              'amountCents', pp.amount_cents, 'installments', pp.installments,
              'cardBrand', pp.card_brand, 'cardLast4', pp.card_last4))
            from payment_parts pp where pp.order_id = p.order_id and pp.status = 'approved'), '[]'::json))
          from payments p where p.order_id = ${order.id}) as payment,
        coalesce((select json_agg(json_build_object('document', u.document, 'name', u.name))
          from users u where u.document in (${sql.join(
            docs.map((doc) => sql`${doc}`),
            sql`, `,
          )})), '[]'::json) as holders`,
  );
  const payment = read?.payment;
  const holders = read?.holders ?? [];
  const parts = [...(payment?.parts ?? [])].sort((a, b) => a.position - b.position || a.attempt - b.attempt);
  const partsInterestCents = parts.reduce((sum, part) => sum + part.amountCents - part.valueCents, 0);
  const totalCents = order.totalCents + partsInterestCents;
  const method: TOrderReceipt['payment']['method'] =
    parts.length > 0
      ? 'multiple'
      : payment?.method === 'hosted'
        ? 'hosted'
        : (order.method as TOrderReceipt['payment']['method']);
  const nameOf = new Map(holders.map((h) => [h.document, h.name]));
  let unit = 0;
  const items = order.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, k) => {
      const doc = lineHolders(line)[k]?.document ?? order.buyerDocument;
      return {
        unit: unit++,
        lotId: line.lotId,
        sectionName: line.sectionName,
        ticketName: line.ticketName,
        placeAlias: line.placeAlias,
        holderName: nameOf.get(doc) ?? null,
        holderCpf: hideDocument(doc),
        unitPrice: line.unitCents / 100,
      };
    }),
  );
  const owned =
    options.ticketCodes === false
      ? []
      : await db
          .select({ id: tickets.id, qr: tickets.qr })
          .from(tickets)
          .where(and(eq(tickets.orderId, order.id), eq(tickets.userId, userId)))
          .orderBy(tickets.unit);
  const money = orderBreakdown(order);
  money.interestCents += partsInterestCents;
  const cents = (value: number | null) => (value === null ? null : value / 100);
  const event = place!.event;
  return {
    number: orderNumber(order.id),
    createdAt: order.createdAt.toISOString(),
    paidAt: (order.paidAt ?? (isPaid(order.status) ? order.updatedAt : null))?.toISOString() ?? null,
    event: {
      id: event.id,
      name: event.name,
      slug: event.slug,
      poster: posterUrl(event.slug, event.posterId),
      startsAt: event.startsAt.toISOString(),
      timeZone: event.timeZone,
      venue: place!.venue.name,
      address: `${place!.venue.address}, ${place!.venue.addressNumber} - ${place!.venue.district}`,
      city: place!.venue.city,
      state: place!.venue.state,
      past: event.startsAt.getTime() + 86_400_000 < Date.now(),
    },
    payment: {
      method,
      cardBrand: method === 'multiple' ? null : (payment?.cardBrand ?? null),
      cardLast4: method === 'multiple' ? null : (payment?.cardLast4 ?? null),
      installments: order.installments,
      installmentValue: Math.round(totalCents / order.installments) / 100,
      cards: parts.map((part) => ({
        brand: part.cardBrand,
        last4: part.cardLast4,
        amount: part.amountCents / 100,
        installments: part.installments,
        installmentValue: Math.round(part.amountCents / part.installments) / 100,
      })),
    },
    items,
    subtotal: money.subtotalCents / 100,
    fees: cents(money.feeCents),
    protection: cents(money.protectionCents),
    seller: {
      channel: order.channel,
      origin: order.saleOrigin,
      commissioner: order.sellerId
        ? ((
            await db
              .select({ id: commissioners.id, name: commissioners.name })
              .from(commissioners)
              .where(eq(commissioners.id, order.sellerId))
          )[0] ?? null)
        : null,
    },
    discount: money.discountCents / 100,
    interest: money.interestCents / 100,
    total: totalCents / 100,
    currency: order.currency,
    cartKept: await cartKept(db, order),
    // Issue 35: a rotating-only event prints no code anywhere (its holder's device shows the rotating one).
    tickets: await Promise.all(
      owned.map(async (t) => ({
        id: t.id,
        qrSvg: event.ticketCode === 'rotating' ? '' : await ticketQrSvgDataUrl(t.qr),
      })),
    ),
  };
}

/**
 * Whether an order that ended unpaid left its cart with the buyer: end-order.ts hands the cart
 * back to the buyer's session only when the buyer was on the page; otherwise the cart is deleted.
 */
async function cartKept(db: TDb, order: TOrder) {
  if (order.status !== ORDER_STATUS.NAO_AUTORIZADO && order.status !== ORDER_STATUS.CANCELADO) return false;
  const [kept] = await db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(cartHolds, and(eq(cartHolds.cartId, carts.id), eq(cartHolds.released, false)))
    .where(
      and(
        eq(carts.id, order.cartId),
        ne(carts.sessionId, orderSession(order.id)),
        gt(carts.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return kept !== undefined;
}

/** The order as it is now (a poll may just have moved it). */
const findOrdersQuery = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('find_order'),
);
export const findOrders = (db: TDb, orderId: string) => findOrdersQuery(db).execute({ orderId });

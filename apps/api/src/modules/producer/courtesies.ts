import { createHash, randomUUID } from 'node:crypto';
import { API_MESSAGES, CHANNEL } from '@ingressos/contracts';
import type { TCourtesyList, TCourtesyRequest } from '@ingressos/contracts/staff-producer';
import type { TLocale } from '@ingressos/domain';
import { hideCpf, isValidCpf, stripCpfMask } from '@ingressos/domain/cpf';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../db/client.ts';
import { inArray, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { orders, payments, type TOrderLine, users } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { AppError } from '../app-error.ts';
import { takeCourtesyUnits } from '../cart/stock-outside-cart.ts';
import { writeTickets } from '../checkout/order/issue-tickets.ts';
import { moveOrder } from '../checkout/order/order-state.ts';
import { recordStaffAction } from '../staff/audit.ts';
import type { TTicketSigner } from '../tickets/ticket-keys.ts';
import { eventNotFound } from './event-document.ts';
import { readEventState } from './event-state.ts';
import type { TStaffAudit } from './staff-audit.ts';

/** orders.sale_origin of a courtesy: what tells it from a sale (its method is 'free', docs/decisions.md). */
export const COURTESY_ORIGIN = 'Courtesy';

type TCode =
  | 'courtesy_lot_unknown'
  | 'courtesy_cpf_invalid'
  | 'courtesy_no_account'
  | 'courtesy_place_unknown'
  | 'courtesy_place_required'
  | 'courtesy_no_room'
  | 'courtesy_event_over';
const refuse = (locale: TLocale, code: TCode, path?: string) =>
  new AppError(code, API_MESSAGES[locale].staffProducer[code], {
    ...(path ? { issues: [{ path, message: API_MESSAGES[locale].staffProducer[code] }] } : {}),
  });

/** GET .../courtesies: the event's courtesy tickets, newest first, CPFs masked. */
export async function listCourtesies(db: TDb, eventId: number): Promise<TCourtesyList> {
  const found = await rows<{
    id: string;
    order_id: string;
    holder_cpf: string;
    guest_name: string | null;
    user_name: string;
    section: string;
    ticket: string;
    place: string | null;
    created_at: Date | string;
    issued_by: string | null;
    voided: boolean;
    checked_in: boolean;
  }>(
    db,
    sql`select k.id, k.order_id, k.holder_cpf, o.lines->0->'holders'->0->>'name' as guest_name, u.name as user_name,
          s.name as section, t.name as ticket, p.alias as place, k.created_at,
          (select a.staff_email from staff_audit_log a
            where a.action = 'courtesy.issue' and a.target_type = 'event' and a.target_id = ${String(eventId)}
              and a.after->'orderIds' ? k.order_id limit 1) as issued_by,
          k.voided_at is not null as voided, k.checked_in_at is not null as checked_in
        from tickets k
        join orders o on o.id = k.order_id
        join users u on u.id = k.user_id
        join event_tickets t on t.id = k.ticket_id
        join event_sections s on s.id = t.section_id
        left join controlled_places p on p.id = k.controlled_place_id
        where o.event_id = ${eventId} and o.sale_origin = ${COURTESY_ORIGIN}
        order by k.created_at desc, k.id
        limit 2000`,
  );
  return {
    courtesies: found.map((row) => ({
      ticketId: row.id,
      orderId: row.order_id,
      guestName: row.guest_name ?? row.user_name,
      cpfMasked: hideCpf(row.holder_cpf),
      section: row.section,
      ticket: row.ticket,
      place: row.place,
      issuedAt: new Date(row.created_at).toISOString(),
      issuedBy: row.issued_by ?? '',
      voided: row.voided,
      checkedIn: row.checked_in,
    })),
  };
}

type TLot = {
  lot_id: number;
  ticket_id: number;
  price_cents: number;
  section_id: number;
  section: string;
  ticket: string;
  event_name: string;
  currency: string;
  has_places: boolean;
};

/**
 * POST .../courtesies: one free order per guest (method 'free', total 0, sale origin 'Courtesy'),
 * owned by the guest's account (so the ticket is in their My tickets), paid through order-state's
 * guarded move, its ticket signed and written by the issue step's writeTickets (the confirmation
 * e-mail with it, through the outbox). The units come from the lot's capacity (and a seat or
 * table's, a reserved one included) by the stock module's guarded takeCourtesyUnits (cart/stock-outside-cart.ts): all guests or none
 * (409 when the lot has no room). Audited as `courtesy.issue` (order ids, never a CPF).
 */
export async function issueCourtesies(
  db: TDb,
  signer: TTicketSigner,
  input: { eventId: number; request: TCourtesyRequest; audit: TStaffAudit; locale: TLocale },
): Promise<TCourtesyList> {
  const { eventId, request, locale } = input;
  const state = await readEventState(db, eventId);
  if (!state) throw eventNotFound(locale);
  if (state.state === 'cancelled' || state.state === 'past') throw refuse(locale, 'courtesy_event_over');
  const [lot] = await rows<TLot>(
    db,
    sql`select l.id as lot_id, t.id as ticket_id, l.price_cents, s.id as section_id, s.name as section,
          t.name as ticket, e.name as event_name, e.currency,
          exists (select 1 from controlled_places p where p.section_id = s.id) as has_places
        from ticket_lots l join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        join events e on e.id = s.event_id
        where l.id = ${request.lotId} and s.event_id = ${eventId}`,
  );
  if (!lot) throw refuse(locale, 'courtesy_lot_unknown', 'lotId');
  const guests = request.guests.map((guest, index) => ({ ...guest, index, cpf: stripCpfMask(guest.cpf) }));
  for (const guest of guests)
    if (!isValidCpf(guest.cpf)) throw refuse(locale, 'courtesy_cpf_invalid', `guests[${guest.index}].cpf`);
  const accounts = await db
    .select({ id: users.id, document: users.document })
    .from(users)
    .where(
      inArray(
        users.document,
        guests.map((guest) => guest.cpf),
      ),
    );
  const owner = new Map(accounts.map((account) => [account.document, account.id]));
  for (const guest of guests)
    if (!owner.has(guest.cpf)) throw refuse(locale, 'courtesy_no_account', `guests[${guest.index}].cpf`);
  const places = await placesOf(db, lot, guests, locale);
  await signer.publicKey(); // loaded before the transaction: on PGlite its one connection is the transaction's
  const orderIds = await withTransaction(db, async (tx) => {
    const made: string[] = [];
    for (const guest of guests) {
      const place = places.get(guest.index) ?? null;
      if (!(await takeCourtesyUnits(tx, { lotId: lot.lot_id, controlledPlaceId: place?.id ?? null }, 1)))
        throw refuse(locale, 'courtesy_no_room');
      made.push(
        await writeCourtesyOrder(
          tx,
          signer,
          { lot, eventId, guest, userId: owner.get(guest.cpf)!, place },
          locale,
        ),
      );
    }
    await recordStaffAction(tx, {
      ...input.audit,
      action: 'courtesy.issue',
      targetType: 'event',
      targetId: String(eventId),
      after: { lotId: lot.lot_id, count: made.length, orderIds: made },
      reason: request.note || null,
    });
    return made;
  });
  const list = await listCourtesies(db, eventId);
  return { courtesies: list.courtesies.filter((row) => orderIds.includes(row.orderId)) };
}

/** Each guest's seat or table, by alias in the lot's section: required there, refused elsewhere. */
async function placesOf(
  db: TDb,
  lot: TLot,
  guests: { index: number; place?: string | undefined }[],
  locale: TLocale,
): Promise<Map<number, { id: number; alias: string }>> {
  const wanted = new Map<number, { id: number; alias: string }>();
  for (const guest of guests) {
    if (!lot.has_places) {
      if (guest.place) throw refuse(locale, 'courtesy_place_unknown', `guests[${guest.index}].place`);
      continue;
    }
    if (!guest.place) throw refuse(locale, 'courtesy_place_required', `guests[${guest.index}].place`);
    const [place] = await rows<{ id: number; alias: string }>(
      db,
      sql`select id, alias from controlled_places where section_id = ${lot.section_id} and alias = ${guest.place}`,
    );
    if (!place) throw refuse(locale, 'courtesy_place_unknown', `guests[${guest.index}].place`);
    wanted.set(guest.index, { id: Number(place.id), alias: place.alias });
  }
  return wanted;
}

async function writeCourtesyOrder(
  tx: TDb,
  signer: TTicketSigner,
  c: {
    lot: TLot;
    eventId: number;
    guest: { cpf: string; name: string };
    userId: string;
    place: { id: number; alias: string } | null;
  },
  locale: TLocale,
): Promise<string> {
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const line: TOrderLine = {
    ticketId: Number(c.lot.ticket_id),
    lotId: Number(c.lot.lot_id),
    controlledPlaceId: c.place?.id ?? null,
    quantity: 1,
    unitCents: 0,
    listCents: Number(c.lot.price_cents),
    feeCents: 0,
    eventName: c.lot.event_name,
    sectionName: c.lot.section,
    ticketName: c.lot.ticket,
    placeAlias: c.place?.alias ?? null,
    holders: [{ docType: 'cpf', document: c.guest.cpf, name: c.guest.name }],
  };
  const [order] = await tx
    .insert(orders)
    .values({
      id: orderId,
      userId: c.userId,
      cartId: `courtesy:${orderId}`,
      eventId: c.eventId,
      idempotencyKey: `courtesy:${orderId}`,
      requestHash: createHash('sha256').update(`courtesy:${orderId}`).digest('hex'),
      status: ORDER_STATUS.AGUARDANDO_PAGAMENTO,
      method: 'free',
      totalCents: 0,
      currency: c.lot.currency,
      lines: [line],
      buyerDocument: c.guest.cpf,
      channel: CHANNEL.SITE,
      saleOrigin: COURTESY_ORIGIN,
    })
    .returning();
  await tx.insert(payments).values({
    id: paymentId,
    orderId,
    gateway: 'free',
    status: 'created',
    statusDetail: 'courtesy',
    amountCents: 0,
    currency: c.lot.currency,
    method: 'free',
  });
  const moved = await moveOrder(tx, {
    orderId,
    to: ORDER_STATUS.PAGO,
    paymentId,
    payment: { status: 'approved', detail: 'courtesy' },
  });
  if (!moved) throw new Error('a courtesy order just written could not be paid');
  await writeTickets(tx, signer, { ...order!, status: ORDER_STATUS.PAGO }, locale);
  return orderId;
}

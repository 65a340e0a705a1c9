import type { TMyEvent, TMyTicket, TMyTicketsAnswer } from '@ingressos/contracts';
import { posterUrl } from '@ingressos/contracts/catalogue';
import type { TLocale } from '@ingressos/domain';
import { hideCpf, hideDocument, isCpfDocument, maskCpf } from '@ingressos/domain/cpf';
import { halfPriceLabel } from '@ingressos/domain/half-price';
import { ROTATION_STEP_SECONDS } from '@ingressos/domain/rotating-code';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TOrderLine } from '../../db/schema/index.ts';
import { eventRotationKey, ticketSecretText } from './rotation-keys.ts';
import { type TPdfTicket, ticketQrSvgDataUrl } from './ticket-pdf.ts';

type TRow = {
  order_id: string;
  order_user_id: string;
  order_status: number;
  total_cents: number;
  method: string;
  order_created_at: Date | string;
  lines: TOrderLine[];
  event_id: number;
  event_name: string;
  slug: string;
  poster_id: string | null;
  starts_at: Date | string;
  time_zone: string;
  venue: string;
  city: string;
  state: string;
  ticket_id: string | null;
  owner_id: string | null;
  holder_name: string | null;
  unit: number | null;
  line_ticket_id: number | null;
  lot_id: number | null;
  holder_cpf: string | null;
  half_price_category: string | null;
  qr: string | null;
  transfer_cpf: string | null;
  transfer_status: number | null;
  voided_at: Date | string | null;
  qr_version: number | null;
  ticket_code: string;
};

/** Orders (all but abandoned attempts) and their issued tickets, of a user or of one order. */
async function loadRows(db: TDb, filter: { userId?: string; orderId?: string; eventId?: number }) {
  // A user's view: the orders they placed, and the orders of tickets others transferred to them;
  // within them the tickets they own now, and those of their own orders they sent away (shown as
  // transferred, without QR: an order whose only ticket left never shows as an empty card).
  // The two ways in are two index probes joined by a union (issue 37: written as `o.user_id = $1 or
  // exists (...)`, PostgreSQL read every live order and every ticket of the site for each view, 25 ms
  // with 3,000 sold on the on-sale day's slow log and growing with every sale).
  const where = [
    filter.userId
      ? sql`o.id in (select id from orders where user_id = ${filter.userId}
                     union all select order_id from tickets where user_id = ${filter.userId})`
      : sql`true`,
    filter.orderId ? sql`o.id = ${filter.orderId}` : sql`true`,
    filter.eventId ? sql`o.event_id = ${filter.eventId}` : sql`true`,
  ];
  const result = await rows<TRow>(
    db,
    sql`
    select o.id as order_id, o.user_id as order_user_id, o.status as order_status, o.total_cents, o.method, o.created_at as order_created_at, o.lines,
           e.id as event_id, e.name as event_name, e.slug, e.poster_id, e.starts_at, e.time_zone, e.ticket_code,
           v.name as venue, v.city, v.state,
           t.id as ticket_id, t.user_id as owner_id, hu.name as holder_name, t.unit, t.ticket_id as line_ticket_id, t.lot_id, t.holder_cpf, t.half_price_category, t.qr,
           tt.destination_cpf as transfer_cpf, tt.status as transfer_status, t.voided_at, t.qr_version
    from orders o
    join events e on e.id = o.event_id
    join venues v on v.id = e.venue_id
    left join tickets t on t.order_id = o.id${filter.userId ? sql` and (t.user_id = ${filter.userId} or o.user_id = ${filter.userId})` : sql``}
    left join users hu on hu.document = t.holder_cpf
    left join ticket_transfers tt on tt.ticket_id = t.id and tt.status = 0
    where ${sql.join(where, sql` and `)} and o.status in (1, 3, 4, 6)
    order by e.starts_at, o.created_at, t.unit`,
  );
  return result;
}

const showDocument = (doc: string | null) => (doc && isCpfDocument(doc) ? maskCpf(doc) : (doc ?? ''));
/** Pages never show a holder's full CPF: ***.456.789-** (a foreign document keeps its first two characters). */
const hideHolderDocument = (doc: string | null) => (doc ? hideDocument(doc) : '');

function ticketStatus(row: TRow, userId: string, past: boolean): TMyTicket['status'] {
  if (row.owner_id !== userId) return 'transferred';
  // Issue 33: refunded by staff or its event cancelled: void at the gate, shown without its QR.
  if (row.voided_at !== null) return 'refunded';
  if (past) return 'past';
  return row.transfer_cpf !== null ? 'transferPending' : 'valid';
}

/** The order line a unit belongs to (units are numbered line after line); the transfers list reads it too. */
export function lineOf(lines: TOrderLine[], unit: number): TOrderLine | undefined {
  let first = 0;
  for (const line of lines) {
    if (unit < first + line.quantity) return line;
    first += line.quantity;
  }
  return undefined;
}

// Building an Intl.DateTimeFormat costs far more than using one (1.4 % of a purchase's server CPU,
// through the confirmation's PDFs): one per language and zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateText = (row: TRow, locale: TLocale) => {
  const key = `${locale}|${row.time_zone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: row.time_zone,
    });
    dateFormats.set(key, format);
  }
  return format.format(new Date(row.starts_at));
};

/** My tickets: events with their orders and tickets, upcoming and past (§4 "Event date state": date + 1 day). */
export async function getMyTickets(
  db: TDb,
  userId: string,
  locale: TLocale,
  eventId?: number,
): Promise<TMyTicketsAnswer> {
  const rows = await loadRows(db, eventId ? { userId, eventId } : { userId });
  const events = new Map<number, TMyEvent>();
  const seenOrders = new Set<string>();
  // Issue 35: the rotation key of each event in a rotating mode (made on first use), read once.
  const keys = new Map<number, Promise<string>>();
  const keyOf = (id: number) => {
    if (!keys.has(id)) keys.set(id, eventRotationKey(db, id));
    return keys.get(id)!;
  };
  for (const row of rows) {
    let event = events.get(row.event_id);
    if (!event) {
      event = {
        eventId: row.event_id,
        eventName: row.event_name,
        slug: row.slug,
        poster: posterUrl(row.slug, row.poster_id),
        startsAt: new Date(row.starts_at).toISOString(),
        timeZone: row.time_zone,
        date: dateText(row, locale),
        place: row.venue,
        city: `${row.city} - ${row.state}`,
        past: new Date(row.starts_at).getTime() + 86_400_000 < Date.now(),
        orders: [],
        tickets: [],
      };
      events.set(row.event_id, event);
    }
    // Someone else's order (a ticket received by transfer): its ticket shows, its payment does not.
    if (!seenOrders.has(row.order_id) && row.order_user_id === userId) {
      seenOrders.add(row.order_id);
      event.orders.push({
        id: row.order_id,
        status: row.order_status,
        total: row.total_cents / 100,
        method: row.method,
        createdAt: new Date(row.order_created_at).toISOString(),
      });
    }
    if (row.ticket_id && row.qr && row.unit !== null) {
      const line = lineOf(row.lines, row.unit);
      const status = ticketStatus(row, userId, event.past);
      const mine = status !== 'transferred' && status !== 'refunded';
      // Issue 35: a rotating mode gives the holder's device the signed pass and the ticket's TOTP
      // secret at its current version (a transfer raises it: the old holder's codes die); in mode
      // `rotating` no static QR at all (a screenshot of one would enter).
      const rotatingMode = row.ticket_code !== 'static';
      const staticQr = mine && row.ticket_code !== 'rotating';
      event.tickets.push({
        id: row.ticket_id,
        orderId: row.order_id,
        unit: row.unit,
        sectionName: line?.sectionName ?? '',
        ticketName: line?.ticketName ?? '',
        placeAlias: line?.placeAlias ?? null,
        holderName: row.holder_name,
        holderCpf: hideHolderDocument(row.holder_cpf),
        status,
        // A ticket sent away keeps no QR here: it entitles its new owner only.
        qr: staticQr ? row.qr : '',
        qrSvg: staticQr ? await ticketQrSvgDataUrl(row.qr) : '',
        transfer:
          row.transfer_cpf !== null
            ? { destinationCpf: hideCpf(row.transfer_cpf), status: row.transfer_status ?? 0 }
            : null,
        rotating:
          mine && rotatingMode
            ? {
                jws: row.qr,
                secret: await ticketSecretText(
                  await keyOf(row.event_id),
                  row.ticket_id,
                  Number(row.qr_version ?? 1),
                ),
                stepSeconds: ROTATION_STEP_SECONDS,
              }
            : null,
        halfPriceCategory: row.half_price_category,
      });
    }
  }
  const all = [...events.values()];
  return { upcoming: all.filter((e) => !e.past), past: all.filter((e) => e.past).reverse() };
}

/** The tickets of one order, or of one user's event, ready for the PDF. */
export async function pdfTickets(
  db: TDb,
  filter: { orderId?: string; userId?: string; eventId?: number },
  locale: TLocale,
): Promise<TPdfTicket[]> {
  const rows = await loadRows(db, filter);
  return rows
    .filter((row) => row.ticket_id && row.qr && row.unit !== null && row.voided_at === null)
    .filter((row) => !filter.userId || row.owner_id === filter.userId)
    .map((row) => {
      const line = lineOf(row.lines, row.unit!);
      return {
        eventName: row.event_name,
        date: dateText(row, locale),
        place: `${row.venue}, ${row.city} - ${row.state}`,
        sectionName: line?.sectionName ?? '',
        ticketName: line?.ticketName ?? '',
        placeAlias: line?.placeAlias ?? null,
        holder: showDocument(row.holder_cpf),
        halfPrice: row.half_price_category ? halfPriceLabel(row.half_price_category, locale) : null,
        orderId: row.order_id,
        // Issue 35: a rotating-only event's PDF (and e-mail) carries no code: the app/site shows it.
        qr: row.ticket_code === 'rotating' ? null : row.qr!,
      };
    });
}

import type { TCart, THalfPriceClaim, THolder, TPaymentErrorCode } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import {
  checkHalfPriceClaim,
  companionsWithinLimit,
  normaliseDocumentNumber,
  offeredCategories,
  type THalfPriceRefusal,
} from '@ingressos/domain/half-price';
import type { TDb } from '../../../db/client.ts';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { paymentError } from '../messages.ts';

/** What the claims are checked against, per half-price ticket type of the cart. */
export type THalfPriceTicket = { id: number; event_day: string; today: string; categories: unknown };

/**
 * The cart's half-price ticket types with their event's day, today there and the categories it
 * offers, as an SQL expression (a JSON array), for a statement to carry (identification.ts reads it
 * with the per-CPF counts).
 */
export function halfPriceTicketsSql(ticketIds: number[]) {
  return sql`(select coalesce(json_agg(json_build_object(
        'id', t.id,
        'event_day', to_char(e.starts_at at time zone e.time_zone, 'YYYY-MM-DD'),
        'today', to_char(now() at time zone e.time_zone, 'YYYY-MM-DD'),
        'categories', e.half_price_categories)), '[]'::json)
      from event_tickets t join event_sections s on s.id = t.section_id join events e on e.id = s.event_id
      where t.half_price and t.id in (${sql.join(
        ticketIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`;
}

/**
 * Issue 36: every unit of a half-price ticket type needs its holder's claim (the payment's
 * `identificationTickets[].halfPrice`, one per unit in order), checked with the domain's rule on the
 * event's day against the categories the event offers. An age category reads the birth date of the
 * holder's account when their document has one, else the claim's. Companions never outnumber the
 * people with a disability of the order. Answers the holders per item with each claim on its holder:
 * a half-price unit no CPF names is held by the buyer (as the ticket writer does), so it gets the
 * buyer as its holder here.
 */
export async function attachHalfPriceClaims(
  db: TDb,
  cart: TCart,
  input: {
    holdersPerItem: THolder[][];
    claimsPerItem: (THalfPriceClaim[] | undefined)[];
    buyer: THolder;
    /** What halfPriceTicketsSql answers for the cart's ticket types (the caller's statement reads it). */
    half: THalfPriceTicket[];
  },
  locale: TLocale,
): Promise<THolder[][]> {
  const { half } = input;
  if (half.length === 0) return input.holdersPerItem;
  const ticketOf = new Map(half.map((row) => [Number(row.id), row]));

  const holdersPerItem = cart.items.map((item, index) => {
    const holders = input.holdersPerItem[index] ?? [];
    if (!ticketOf.has(item.ticketId)) return holders;
    const claims = input.claimsPerItem[index] ?? [];
    if (claims.length !== item.quantity) throw paymentError('half_price_missing', locale);
    return claims.map((claim, k) => ({ ...(holders[k] ?? input.buyer), halfPrice: claim }));
  });

  const documents = [...new Set(holdersPerItem.flat().map((holder) => holder.document))];
  const accounts = await rows<{ document: string; birth_date: string }>(
    db,
    sql`select document, birth_date::text as birth_date from users where document in (${sql.join(
      documents.map((document) => sql`${document}`),
      sql`, `,
    )})`,
  );
  const birthOf = new Map(accounts.map((row) => [row.document, row.birth_date]));

  const categories: string[] = [];
  cart.items.forEach((item, index) => {
    const ticket = ticketOf.get(item.ticketId);
    if (!ticket) return;
    const chosen = Array.isArray(ticket.categories) ? (ticket.categories as string[]) : [];
    for (const holder of holdersPerItem[index]!) {
      const claim = holder.halfPrice!;
      const checked = checkHalfPriceClaim(claim, {
        offered: offeredCategories(chosen),
        birthDate: birthOf.get(holder.document) ?? claim.birthDate ?? null,
        eventDay: ticket.event_day,
        today: ticket.today,
      });
      if (!checked.ok) throw paymentError(refusalCode(checked.reason, claim), locale);
      categories.push(claim.category);
    }
  });
  if (!companionsWithinLimit(categories)) throw paymentError('half_price_companion', locale);
  return holdersPerItem;
}

/** The payment's message for a refused claim: one per missing field, one per reason otherwise. */
function refusalCode(reason: THalfPriceRefusal, claim: THalfPriceClaim): TPaymentErrorCode {
  switch (reason) {
    case 'category_unknown':
    case 'category_not_offered':
      return 'half_price_not_offered';
    case 'document_required':
      return normaliseDocumentNumber(claim.documentNumber ?? '')
        ? 'half_price_document_valid_until'
        : 'half_price_document_number';
    case 'document_format':
      return 'half_price_document_format';
    case 'issuer_invalid':
      return 'half_price_document_issuer';
    case 'document_expired':
      return 'half_price_document_expired';
    case 'birth_date_required':
      return 'half_price_birth_date';
    case 'not_entitled_age':
      return 'half_price_not_entitled';
  }
}

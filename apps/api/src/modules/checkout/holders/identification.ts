import {
  holdersOfCpfs,
  type TCart,
  type TCpfCheck,
  type THalfPriceClaim,
  type THolder,
} from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { cpfsNeeded } from '@ingressos/domain/cart';
import { hideCpf, isValidCpf, stripCpfMask } from '@ingressos/domain/cpf';
import { transferEntryProblems } from '@ingressos/domain/transfer-entries';
import type { TDb } from '../../../db/client.ts';
import { type SQL, sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { paymentError, paymentMessage } from '../messages.ts';
import { attachHalfPriceClaims, halfPriceTicketsSql, type THalfPriceTicket } from './half-price-claims.ts';

/**
 * Tickets already issued per CPF for one ticket type (paid orders only; a refunded, void ticket no
 * longer counts), as an SQL expression: a JSON object of CPF to count, for a statement to carry.
 */
function issuedPerCpfSql(ticketId: SQL, cpfs: string[]) {
  return sql`(select coalesce(json_object_agg(k.holder_cpf, k.n), '{}'::json)
    from (select holder_cpf, count(*)::int as n from tickets
          where ticket_id = ${ticketId} and voided_at is null and holder_cpf in (${sql.join(
            cpfs.map((cpf) => sql`${cpf}`),
            sql`, `,
          )})
          group by holder_cpf) k)`;
}

const issuedMap = (held: Record<string, number> | null | undefined) =>
  new Map(Object.entries(held ?? {}).map(([cpf, n]) => [cpf, Number(n)]));

/** The valid CPFs among `holders`, as digits, once each (what issuedPerCpf counts). */
const countedCpfs = (holders: THolder[]) => [
  ...new Set(holders.map((holder) => stripCpfMask(holder.document)).filter((cpf) => isValidCpf(cpf))),
];

async function issuedPerCpf(db: TDb, ticketId: number, cpfs: string[]): Promise<Map<string, number>> {
  if (cpfs.length === 0) return new Map();
  const result = await rows<{ held: Record<string, number> | null }>(
    db,
    sql`select ${issuedPerCpfSql(sql`${ticketId}`, cpfs)} as held`,
  );
  return issuedMap(result[0]?.held);
}

/**
 * Commerce §5 "Identification" for one ticket type: each holder's CPF is valid and, counting the tickets it
 * already holds for this ticket and its earlier entries in the list, stays within `ticketByCpf`.
 * An entry past the limit is `repeated` when its CPF came earlier in the list (the buyer typed it
 * once too often: issue 31, the flag is on the entry, not only in the message) and `online` when
 * the CPF's own tickets leave no room for even its first entry. The answer keeps the input's order.
 */
export async function checkCpfs(
  db: TDb,
  input: {
    ticketId: number;
    ticketByCpf: number | null;
    holders: THolder[];
    /** What issuedPerCpf answers for these holders, when the caller's statement read it. */
    issued?: Map<string, number>;
  },
  locale: TLocale,
): Promise<{ ok: boolean; message: string; cpfs: TCpfCheck[] }> {
  const digits = input.holders.map((holder) => stripCpfMask(holder.document));
  const limit = input.ticketByCpf ?? Number.POSITIVE_INFINITY;
  const held = input.issued ?? (await issuedPerCpf(db, input.ticketId, countedCpfs(input.holders)));
  const seen = new Map<string, number>();
  let message = '';
  const cpfs = digits.map((cpf) => {
    const valid = isValidCpf(cpf);
    const count = (seen.get(cpf) ?? 0) + 1;
    seen.set(cpf, count);
    const over = valid && (held.get(cpf) ?? 0) + count > limit;
    const repeated = over && count > 1;
    const online = over && !repeated;
    if (!message) {
      if (!valid) message = paymentMessage('cpf_invalid', locale);
      else if (repeated) message = paymentMessage('cpf_repeated', locale, { cpf: hideCpf(cpf) });
      else if (online) message = paymentMessage('cpf_online', locale, { cpf: hideCpf(cpf) });
    }
    return { cpf, valid, repeated, online };
  });
  return { ok: !message, message: message || paymentMessage('cpf_ok', locale), cpfs };
}

/**
 * POST api/CheckTicketsPerCPF: the §5 check of CPFs for one ticket type (404 for an unknown type).
 * It tells how many tickets a CPF holds, so it answers only for the buyer's own identification
 * (issue 31): the caller's cart session must be theirs (or nobody's yet), hold this ticket type,
 * and hold at least as many units of it as CPFs are asked; anything else is a 422.
 */
export async function checkTicketsPerCpf(
  db: TDb,
  input: { ticketId: number; cpfs: string[]; sessionId: string | undefined; userId: string },
  locale: TLocale,
) {
  // Issue 37: the ticket type's limit, the units of it in the caller's own cart and the tickets each
  // CPF already holds of it, in one statement.
  const holders = holdersOfCpfs(input.cpfs);
  const counted = countedCpfs(holders);
  const result = await rows<{
    tickets_per_cpf: number | null;
    units: number;
    held: Record<string, number> | null;
  }>(
    db,
    sql`select t.tickets_per_cpf, ${counted.length > 0 ? issuedPerCpfSql(sql`t.id`, counted) : sql`null`} as held, ${
      input.sessionId
        ? sql`(select coalesce(sum(h.quantity), 0)::int
              from carts c join cart_holds h on h.cart_id = c.id
              where c.session_id = ${input.sessionId} and (c.user_id is null or c.user_id = ${input.userId})
                and h.ticket_id = t.id)`
        : sql`0`
    } as units
        from event_tickets t where t.id = ${input.ticketId}`,
  );
  const ticket = result[0];
  if (!ticket) throw paymentError('order_not_found', locale);
  if (input.cpfs.length > Number(ticket.units)) throw paymentError('cpf_check_not_in_cart', locale);
  return checkCpfs(
    db,
    {
      ticketId: input.ticketId,
      ticketByCpf: ticket.tickets_per_cpf,
      holders,
      issued: issuedMap(ticket.held),
    },
    locale,
  );
}

/** The holders a payment request names, as the spec sends them (CPFs per item, transfers). */
export type TIdentificationRequest = {
  /** Issue 36: `halfPrice`, each unit's claim on a half-price item (half-price-claims.ts). */
  entries: { indexItem: number; cpfs: string[]; halfPrice?: THalfPriceClaim[] }[];
  transfers: { destinationCpf: string; indexItem: number }[];
};

export type TIdentified = {
  /** Per cart item, its units' holders (CPFs as digits). */
  holdersPerItem: THolder[][];
  transfers: { destinationCpf: string; indexItem: number }[];
};

/**
 * Validates the identification a payment carries against the server's cart: every unit of an item
 * whose ticket limits tickets per CPF needs a CPF (§5), no CPF beyond its limit; transfer entries
 * name valid CPFs, each used once, never the buyer's own, at most one per unit of their item.
 * Items without a limit are held by the buyer.
 */
export async function validateIdentification(
  db: TDb,
  cart: TCart,
  request: TIdentificationRequest & { buyerDocument: string },
  locale: TLocale,
): Promise<TIdentified> {
  const { entries, transfers } = request;
  // The spec's entries carry CPFs: they become holders here.
  const holdersPerItem = cart.items.map((item, index) => {
    const entry = entries.find((e) => e.indexItem === index);
    const holders = holdersOfCpfs((entry?.cpfs ?? []).map(stripCpfMask));
    if (cpfsNeeded(item) === 0) return holders.slice(0, item.quantity);
    if (holders.length !== item.quantity) throw paymentError('cpf_missing', locale);
    return holders;
  });
  // One check per ticket type, across the items (a coupon may split a line in two).
  const byTicket = new Map<number, { ticketByCpf: number | null; holders: THolder[] }>();
  cart.items.forEach((item, index) => {
    const group = byTicket.get(item.ticketId) ?? { ticketByCpf: item.ticketByCpf, holders: [] };
    group.holders.push(...holdersPerItem[index]!);
    byTicket.set(item.ticketId, group);
  });
  // Issue 37: the tickets each CPF already holds, per ticket type, and the cart's half-price ticket
  // types, in one statement.
  const checks = [...byTicket]
    .filter(([, group]) => group.holders.length > 0)
    .map(([ticketId, group]) => ({ ticketId, ...group, counted: countedCpfs(group.holders) }));
  const ticketIds = [...byTicket.keys()];
  const read = (
    await rows<Record<string, unknown>>(
      db,
      sql`select ${sql.join(
        [
          ...checks.map(
            (check, i) =>
              sql`${check.counted.length > 0 ? issuedPerCpfSql(sql`${check.ticketId}`, check.counted) : sql`null`} as ${sql.raw(`held_${i}`)}`,
          ),
          ticketIds.length > 0 ? sql`${halfPriceTicketsSql(ticketIds)} as half` : sql`'[]'::json as half`,
        ],
        sql`, `,
      )}`,
    )
  )[0]!;
  for (const [i, check] of checks.entries()) {
    const issued = issuedMap(read[`held_${i}`] as Record<string, number> | null);
    const checked = await checkCpfs(db, { ...check, issued }, locale);
    if (!checked.ok) {
      const code = checked.cpfs.some((c) => !c.valid)
        ? 'cpf_invalid'
        : checked.cpfs.some((c) => c.repeated)
          ? 'cpf_repeated'
          : 'cpf_online';
      throw Object.assign(paymentError(code, locale), { message: checked.message });
    }
  }
  const buyer: THolder = {
    docType: isValidCpf(request.buyerDocument) ? 'cpf' : 'foreign',
    document: request.buyerDocument,
  };
  const claimsPerItem = cart.items.map((_, index) => entries.find((e) => e.indexItem === index)?.halfPrice);
  const half = read.half as THalfPriceTicket[];
  return {
    holdersPerItem: await attachHalfPriceClaims(
      db,
      cart,
      { holdersPerItem, claimsPerItem, buyer, half },
      locale,
    ),
    transfers: validateTransfers(cart, transfers, request.buyerDocument, locale),
  };
}

/** §5 transfer entries, by the rule the identification page applies too (packages/domain). */
function validateTransfers(
  cart: TCart,
  transfers: { destinationCpf: string; indexItem: number }[],
  buyerDocument: string,
  locale: TLocale,
) {
  const problems = transferEntryProblems(transfers, {
    buyerCpf: buyerDocument,
    quantities: cart.items.map((item) => item.quantity),
  });
  const CODES = {
    invalid: 'cpf_invalid',
    self: 'transfer_self',
    repeated: 'transfer_repeated',
    too_many: 'transfer_too_many',
  } as const;
  const first = problems.find((problem) => problem !== null);
  if (first) throw paymentError(CODES[first], locale);
  return transfers.map((t) => ({ ...t, destinationCpf: stripCpfMask(t.destinationCpf) }));
}

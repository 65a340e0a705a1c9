import type { TCart, TCpfCheck } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { cpfsNeeded } from '@ingressos/domain/cart';
import { hideCpf, isValidCpf, stripCpfMask } from '@ingressos/domain/cpf';
import { transferEntryProblems } from '@ingressos/domain/transfer-entries';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { paymentError, paymentMessage } from './messages.ts';

/** Tickets already issued per CPF for one ticket type (paid orders only). */
async function issuedPerCpf(db: TDb, ticketId: number, cpfs: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(cpfs)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const result = (await db.execute(sql`
    select holder_cpf, count(*)::int as n from tickets
    where ticket_id = ${ticketId} and holder_cpf in (${sql.join(
      unique.map((cpf) => sql`${cpf}`),
      sql`, `,
    )})
    group by holder_cpf`)) as unknown as { rows: { holder_cpf: string; n: number }[] };
  return new Map(result.rows.map((row) => [row.holder_cpf, row.n]));
}

/**
 * Commerce §5 "Identification" for one ticket type: each CPF is valid, appears at most
 * `ticketByCpf` times (repeated), and together with the tickets it already holds for this ticket
 * stays within the limit (online). The answer keeps the order of the input.
 */
export async function checkCpfs(
  db: TDb,
  input: { ticketId: number; ticketByCpf: number | null; cpfs: string[] },
  locale: TLocale,
): Promise<{ ok: boolean; message: string; cpfs: TCpfCheck[] }> {
  const digits = input.cpfs.map(stripCpfMask);
  const limit = input.ticketByCpf ?? Number.POSITIVE_INFINITY;
  const held = await issuedPerCpf(
    db,
    input.ticketId,
    digits.filter((cpf) => isValidCpf(cpf)),
  );
  const seen = new Map<string, number>();
  let message = '';
  const cpfs = digits.map((cpf) => {
    const valid = isValidCpf(cpf);
    const count = (seen.get(cpf) ?? 0) + 1;
    seen.set(cpf, count);
    const repeated = valid && count > limit;
    const online = valid && !repeated && (held.get(cpf) ?? 0) + count > limit;
    if (!message) {
      if (!valid) message = paymentMessage('cpf_invalid', locale);
      else if (repeated) message = paymentMessage('cpf_repeated', locale, { cpf: hideCpf(cpf) });
      else if (online) message = paymentMessage('cpf_online', locale, { cpf: hideCpf(cpf) });
    }
    return { cpf, valid, repeated, online };
  });
  return { ok: !message, message: message || paymentMessage('cpf_ok', locale), cpfs };
}

/** POST api/CheckTicketsPerCPF: the §5 check of CPFs for one ticket type (404 for an unknown type). */
export async function checkTicketsPerCpf(
  db: TDb,
  input: { ticketId: number; cpfs: string[] },
  locale: TLocale,
) {
  const result = (await db.execute(
    sql`select tickets_per_cpf from event_tickets where id = ${input.ticketId}`,
  )) as unknown as { rows: { tickets_per_cpf: number | null }[] };
  const ticket = result.rows[0];
  if (!ticket) throw paymentError('order_not_found', locale);
  return checkCpfs(
    db,
    { ticketId: input.ticketId, ticketByCpf: ticket.tickets_per_cpf, cpfs: input.cpfs },
    locale,
  );
}

export type TIdentified = {
  cpfsPerItem: string[][];
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
  request: {
    entries: { indexItem: number; cpfs: string[] }[];
    transfers: { destinationCpf: string; indexItem: number }[];
    buyerDocument: string;
  },
  locale: TLocale,
): Promise<TIdentified> {
  const { entries, transfers } = request;
  const cpfsPerItem = cart.items.map((item, index) => {
    const entry = entries.find((e) => e.indexItem === index);
    if (cpfsNeeded(item) === 0) return (entry?.cpfs ?? []).map(stripCpfMask).slice(0, item.quantity);
    const cpfs = (entry?.cpfs ?? []).map(stripCpfMask);
    if (cpfs.length !== item.quantity) throw paymentError('cpf_missing', locale);
    return cpfs;
  });
  // One check per ticket type, across the items (a coupon may split a line in two).
  const byTicket = new Map<number, { ticketByCpf: number | null; cpfs: string[] }>();
  cart.items.forEach((item, index) => {
    const group = byTicket.get(item.ticketId) ?? { ticketByCpf: item.ticketByCpf, cpfs: [] };
    group.cpfs.push(...cpfsPerItem[index]!);
    byTicket.set(item.ticketId, group);
  });
  for (const [ticketId, group] of byTicket) {
    if (group.cpfs.length === 0) continue;
    const checked = await checkCpfs(db, { ticketId, ...group }, locale);
    if (!checked.ok) {
      const code = checked.cpfs.some((c) => !c.valid)
        ? 'cpf_invalid'
        : checked.cpfs.some((c) => c.repeated)
          ? 'cpf_repeated'
          : 'cpf_online';
      throw Object.assign(paymentError(code, locale), { message: checked.message });
    }
  }
  return { cpfsPerItem, transfers: validateTransfers(cart, transfers, request.buyerDocument, locale) };
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

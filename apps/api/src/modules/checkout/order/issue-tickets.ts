import { randomUUID } from 'node:crypto';
import type { TLocale } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { inOneRoundTrip } from '../../../db/in-one-round-trip.ts';
import { type SQL, sql } from '../../../db/orm.ts';
import { lineHolders, type orders, type TOrderLine, tickets } from '../../../db/schema/index.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { spendPromoUses } from '../../cart/promo-uses.ts';
import {
  reclaimAndListCartHoldsSql,
  releaseHolds,
  sellFreeUnits,
  sellHeldUnits,
  sellHeldUnitsAndCommit,
  type TLiveHold,
  type TSaleUnits,
} from '../../cart/stock.ts';
import { enqueueMessageSql } from '../../outbox/enqueue-message.ts';
import type { TTicketSigner } from '../../tickets/ticket-keys.ts';
import { holderCpfLockSql } from '../holders/holder-cpf-lock.ts';
import { createPurchaseTransfers } from '../holders/purchase-transfers.ts';
import type { TCheckoutServices } from '../services.ts';
import { crashPoint } from './crash-point.ts';
import { moveOrderSql, type TPaymentOutcome } from './order-state.ts';

type TOrder = typeof orders.$inferSelect;

/** The units are gone: the holds lapsed and the lot (or place, or coupon) sold out meanwhile. */
export class SoldOut extends Error {
  override name = 'SoldOut';
  readonly what: 'lot' | 'coupon';
  constructor(what: 'lot' | 'coupon' = 'lot') {
    super(`${what} sold out`);
    this.what = what;
  }
}

/** A holder CPF would end over its ticket type's limit (two purchases raced past identification). */
export class OverCpfLimit extends Error {
  override name = 'OverCpfLimit';
}

/** What convertHolds leaves to do: a statement to send with the tickets, then what follows its answer. */
type TConversion = {
  /**
   * Deletes the holds sold and, when nothing else is in it (the usual case), the cart; answers the
   * cart's other holds.
   */
  leftovers: SQL;
  /** Gives those other holds back; answers the lots' held -> sold move, the transaction's last statement. */
  finish(others: { id: number }[]): Promise<() => Promise<void>>;
};

/**
 * Turns the cart's live holds (`live`: read under the cart's row lock, expired ones reclaimed by
 * the same statement) into sales, in the caller's transaction. Each live hold is deleted and its
 * units move from `held` to `sold` (lot and place) in the function `finish` answers, which the
 * caller runs last, as its commit (issue 37: stock.ts sellHeldUnitsAndCommit; the lot's row lock
 * is then held for one statement and the commit's flush, not for the whole issue step); units
 * whose hold expired or was released meanwhile are taken from what is free at once, or the whole
 * approval fails with SoldOut.
 * Promotion codes count the units they discounted (`used + n <= quantity`).
 */
async function convertHolds(
  tx: TDb,
  cartId: string,
  lines: TOrderLine[],
  promo: { id: number; n: number }[],
  live: TLiveHold[],
): Promise<TConversion> {
  const used = new Set<number>();
  const sales: { units: TSaleUnits; n: number }[] = [];
  const sellPending = async () => {
    for (const sale of sales.splice(0)) await sellHeldUnits(tx, sale.units, sale.n);
  };
  const sorted = [...lines].sort(
    (a, b) => a.lotId - b.lotId || (a.controlledPlaceId ?? 0) - (b.controlledPlaceId ?? 0),
  );
  for (const line of sorted) {
    let needed = line.quantity;
    for (const hold of live) {
      if (needed === 0) break;
      if (
        used.has(hold.id) ||
        hold.lot_id !== line.lotId ||
        hold.controlled_place_id !== line.controlledPlaceId
      )
        continue;
      const n = Math.min(needed, hold.quantity);
      sales.push({ units: { lotId: hold.lot_id, controlledPlaceId: hold.controlled_place_id }, n });
      if (n === hold.quantity) used.add(hold.id);
      else {
        await tx.execute(sql`update cart_holds set quantity = quantity - ${n} where id = ${hold.id}`);
        hold.quantity -= n;
      }
      needed -= n;
    }
    // The hold lapsed: sell from what is free, if anything is.
    if (needed > 0) {
      // Rare: the lots sold so far first, so the lots are still locked in ascending order.
      await sellPending();
      if (!(await sellFreeUnits(tx, line, needed))) throw new SoldOut();
    }
  }
  if (!(await spendPromoUses(tx, promo))) throw new SoldOut('coupon');
  // Whatever else the cart still held goes back on sale, and the cart is gone (it is now an order).
  // One statement (issue 37) deletes the holds sold, finds the rest of the cart's, and deletes the
  // cart when nothing else is in it (the usual case): each part sees the rows as before the
  // statement, so the sold ones are left out by id. Holds left over are released first, then the
  // cart goes (its delete would otherwise take them without giving their units back).
  const sold = [...used];
  const soldIds = sql.join(
    sold.map((id) => sql`${id}`),
    sql`, `,
  );
  const others = sold.length === 0 ? sql`` : sql` and id not in (${soldIds})`;
  return {
    leftovers: sql`with ${sold.length === 0 ? sql`` : sql`sold as (delete from cart_holds where id in (${soldIds})),`}
          cart as (
            delete from carts where id = ${cartId}
              and not exists (select from cart_holds where cart_id = ${cartId}${others})
          )
        select id from cart_holds where cart_id = ${cartId}${others}`,
    async finish(leftovers) {
      if (leftovers.length > 0) {
        await sellPending();
        await releaseHolds(
          tx,
          leftovers.map((row) => row.id),
        );
        await tx.execute(sql`delete from carts where id = ${cartId}`);
      }
      // In the lines' order (lot, then place): the lock order of every writer of stock.
      return () => sellHeldUnitsAndCommit(tx, sales.splice(0));
    },
  };
}

/**
 * §5 per-CPF limits, checked again where tickets are made: identification checked them when the
 * order was created, but two orders for one CPF (a pending Pix then a card, two tabs) can both
 * pass it. Each (ticket type, CPF) is locked for the transaction, in one sorted order, so two
 * issuings for the same CPF run one after the other and the second counts the first's tickets.
 * Answers the statements (the locks, then each pair's limit and the tickets its CPF holds, counted
 * after the locks so that it counts what an issuing that held a lock before committed) and the check
 * of their answers.
 */
function cpfLimits(order: TOrder): { statements: SQL[]; check(answers: unknown[][]): void } {
  const wanted = new Map<string, { ticketId: number; cpf: string; n: number }>();
  for (const line of order.lines)
    for (const { document: cpf } of lineHolders(line)) {
      const key = `${line.ticketId}:${cpf}`;
      const entry = wanted.get(key) ?? { ticketId: line.ticketId, cpf, n: 0 };
      entry.n += 1;
      wanted.set(key, entry);
    }
  if (wanted.size === 0) return { statements: [], check: () => {} };
  const pairs = [...wanted.values()].sort((a, b) => a.ticketId - b.ticketId || a.cpf.localeCompare(b.cpf));
  const counted = sql`select t.tickets_per_cpf as cap, p.wanted,
          (select count(*)::int from tickets k where k.ticket_id = p.ticket_id and k.holder_cpf = p.cpf) as held
        from (values ${sql.join(
          pairs.map((pair) => sql`(${pair.ticketId}::int, ${pair.cpf}::text, ${pair.n}::int)`),
          sql`, `,
        )}) as p(ticket_id, cpf, wanted)
        join event_tickets t on t.id = p.ticket_id
        where t.tickets_per_cpf is not null`;
  const statements = [...pairs.map((pair) => holderCpfLockSql(pair.ticketId, pair.cpf)), counted];
  return {
    statements,
    check(answers) {
      const counts = answers[statements.length - 1] as { cap: number; held: number; wanted: number }[];
      if (counts.some((pair) => Number(pair.held) + Number(pair.wanted) > Number(pair.cap)))
        throw new OverCpfLimit();
    },
  };
}

/**
 * The issue step: in one transaction, claims the order (1 or 4 -> 3 PAGO, one conditional UPDATE:
 * of concurrent approvals exactly one wins), re-checks the per-CPF limits, turns the holds into
 * sales and makes one signed ticket per unit ((order, unit) is unique besides). Answers how many
 * tickets it issued, or -1 when the order was no longer waiting (settled elsewhere). Throws
 * SoldOut or OverCpfLimit, with nothing written, when the order cannot be honoured: the caller
 * refunds.
 */
export async function issueTickets(
  s: TCheckoutServices,
  order: TOrder,
  paymentId: string,
  outcome: TPaymentOutcome,
  locale: TLocale,
): Promise<number> {
  // Load the signing key before the transaction: on PGlite the one connection is the transaction's.
  await s.signer.publicKey();
  const limits = cpfLimits(order);
  try {
    return await withTransaction(s.db, async (tx) => {
      // Issue 37: the order's move, the holder CPFs' locks and their count, then the cart's row lock
      // and its live holds, in one round trip; each statement still sees what was committed before
      // it ran. Lock order everywhere: the order, the CPFs, the cart, then lot, then place.
      const answers = await inOneRoundTrip(tx, [
        moveOrderSql({
          orderId: order.id,
          to: ORDER_STATUS.PAGO,
          paymentId,
          payment: outcome,
          unguarded: s.config.TEST_UNSAFE_ORDER_MOVES,
        }),
        ...limits.statements,
        sql`select id from carts where id = ${order.cartId} for update`,
        reclaimAndListCartHoldsSql(order.cartId),
      ]);
      // Not moved (settled elsewhere): what went with the move is rolled back.
      if (answers[0]!.length === 0) throw new NotClaimed();
      limits.check(answers.slice(1));
      const live = answers.at(-1) as TLiveHold[];
      const conversion = await convertHolds(tx, order.cartId, order.lines, order.promo, live);
      // The holds sold and the cart deleted with the tickets and their e-mail, in one round trip.
      const { inserted, alongside } = await writeTickets(tx, s.signer, order, locale, [conversion.leftovers]);
      const sell = await conversion.finish(alongside[0] as { id: number }[]);
      crashPoint(s.config.TEST_CRASH_AT, 'during_issue');
      // Last: on PostgreSQL the lot's move carries the transaction's COMMIT.
      await sell();
      return inserted.length;
    });
  } catch (error) {
    if (error instanceof NotClaimed) return -1;
    throw error;
  }
}

/** The issue step found the order no longer waiting: its transaction is rolled back. */
class NotClaimed extends Error {
  override name = 'NotClaimed';
}

/**
 * Makes one signed ticket per unit of a paid order ((order, unit) is unique besides), creates the
 * transfers it asked for, and enqueues the confirmation e-mail, in the caller's transaction: the
 * issue step's second half, which a courtesy (modules/producer/courtesies.ts) shares. Answers the
 * tickets this call inserted, and the rows of the `alongside` statements, which are sent before
 * the tickets' in the same round trip. The signer's key must be loaded before the transaction (PGlite).
 */
export async function writeTickets(
  tx: TDb,
  signer: TTicketSigner,
  order: TOrder,
  locale: TLocale,
  alongside: readonly SQL[] = [],
): Promise<{ inserted: { id: string }[]; alongside: unknown[][] }> {
  const values: (typeof tickets.$inferInsert)[] = [];
  let unit = 0;
  for (const line of order.lines) {
    const holders = lineHolders(line);
    for (let k = 0; k < line.quantity; k += 1) {
      const id = randomUUID();
      values.push({
        id,
        orderId: order.id,
        unit,
        userId: order.userId,
        eventId: order.eventId,
        ticketId: line.ticketId,
        lotId: line.lotId,
        controlledPlaceId: line.controlledPlaceId,
        holderCpf: holders[k]?.document ?? order.buyerDocument,
        // Issue 36: the category the payment checked for this unit's holder (null: full price).
        halfPriceCategory: holders[k]?.halfPrice?.category ?? null,
        qr: await signer.sign({
          tid: id,
          oid: order.id,
          eid: order.eventId,
          lot: line.lotId,
          u: unit,
          v: 1,
        }),
      });
      unit += 1;
    }
  }
  // The confirmation commits with the tickets (a crash after this commit cannot lose it), in the
  // same statement (issue 37); the worker draws its PDFs later, outside this transaction and its
  // locks on the lot. Its dedupe key is the order's: tickets written already (a second call, which
  // inserts none) were enqueued with the same key, so nothing is enqueued twice.
  const confirmation = enqueueMessageSql(tx, {
    channel: 'mail',
    render: { kind: 'order_confirmation', orderId: order.id, locale },
    dedupeKey: `order_confirmation:${order.id}`,
  });
  const insert = tx.insert(tickets).values(values).onConflictDoNothing().returning({ id: tickets.id });
  const answers = await inOneRoundTrip(tx, [
    ...alongside,
    sql`with confirmation as (${confirmation}) ${insert.getSQL()}`,
  ]);
  const inserted = answers.at(-1) as { id: string }[];
  await createPurchaseTransfers(tx, order, values);
  return { inserted, alongside: answers.slice(0, -1) };
}

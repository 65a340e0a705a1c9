import type { TDb } from '../../db/client.ts';
import { type SQL, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { answerAndCommit, executeAndCommit } from '../../db/with-transaction.ts';
import { halvesReleased, moveHalfCounters, sellFreeHalfUnits, unsafeHalfTake } from './stock-half-price.ts';

/**
 * The stock module (this file and its siblings named `stock-*.ts`, structure-writers.test.ts) is
 * the only code that moves units between free, held and sold. This file: a lot's takes and holds,
 * reclaims and releases, sales and its capacity; `stock-places.ts` a seat's or table's takes;
 * `stock-new-carts.ts` the on-sale rush's batched holds; `stock-outside-cart.ts` what moves units
 * outside any cart (the import's removals, the demo's seed, the producer's courtesies). Every
 * function runs inside the caller's transaction and locks rows in one fixed order, lot first, then
 * seat or table, so two buyers can never wait on each other in a cycle.
 *
 * The protection is the conditional UPDATE (`... where sold + held + n <= capacity`): the row
 * lock makes concurrent takers queue, and each re-checks the condition on the row as the one
 * before left it. `unsafeReadThenWrite` exists only for the negative control of the concurrency
 * suite: it reads, decides in JavaScript and writes an absolute value, the classic lost update.
 */
export type TStockMode = 'conditional' | 'unsafeReadThenWrite';

/**
 * Issue 34: a lot sells only inside its sale window (`sales_start_at` <= now < `sales_end_at`,
 * either end open when null), whatever a stale page shows: part of every guarded lot take.
 */
export const LOT_IN_WINDOW = sql.raw(
  '(sales_start_at is null or sales_start_at <= now()) and (sales_end_at is null or sales_end_at > now())',
);

/**
 * Issue 34: a lot's price terms as a hold keeps them (cart_holds' price columns), read from the
 * lot's row by the very statement that takes its units, so a producer's price change reaches only
 * the holds taken after it.
 */
export type TLotTerms = {
  priceCents: number;
  feeBp: number;
  appFeeBp: number;
  processingFeeCents: number;
  processingFeeAdded: boolean;
};

/** The lot's price columns, as a guarded take `returning`s them and a hold stores them. */
export const TERM_COLUMNS = sql.raw(
  'price_cents, fee_bp, app_fee_bp, processing_fee_cents, processing_fee_added',
);

export type TTermsRow = {
  price_cents: number;
  fee_bp: number;
  app_fee_bp: number;
  processing_fee_cents: number;
  processing_fee_added: boolean;
};

export const termsOf = (row: TTermsRow): TLotTerms => ({
  priceCents: row.price_cents,
  feeBp: row.fee_bp,
  appFeeBp: row.app_fee_bp,
  processingFeeCents: row.processing_fee_cents,
  processingFeeAdded: row.processing_fee_added,
});

/**
 * The guarded take of `n` units of a lot, as CTEs ending in `taken` (the lot's id and price terms
 * when it took them, no row otherwise). Issue 36: a half-price ticket's units also take their
 * section's half-price quota in the same statement. The lot's row is locked first (the fixed
 * order: lot, then section), then the section's counters move only when the lot has room and the
 * quota too, and the lot's only when the section's did: both or neither.
 */
function guardedTake(lotId: number, n: number) {
  return sql`lot as (
      select l.id, t.half_price, t.section_id,
             (not l.disabled and ${LOT_IN_WINDOW} and l.sold + l.held + ${n} <= l.capacity) as fits
      from ticket_lots l join event_tickets t on t.id = l.ticket_id
      where l.id = ${lotId} for update of l
    ), half as (
      update event_sections s set half_held = s.half_held + ${n}
      from lot where s.id = lot.section_id and lot.half_price and lot.fits
        and s.half_sold + s.half_held + ${n} <= s.half_quota
      returning s.id
    ), taken as (
      update ticket_lots set held = held + ${n}
      where id = ${lotId} and not disabled and ${LOT_IN_WINDOW} and sold + held + ${n} <= capacity
        and (exists (select 1 from lot where not lot.half_price) or exists (select 1 from half))
      returning id, ${TERM_COLUMNS}
    )`;
}

export type THoldLine = {
  cartId: string;
  ticketId: number;
  lotId: number;
  controlledPlaceId: number | null;
  quantity: number;
  expiresAt: Date;
};

/** The guarded take and its hold row, as CTEs ending in `held` (the hold's id when it took the units). */
const takeAndHold = (line: THoldLine) =>
  sql`${guardedTake(line.lotId, line.quantity)}, held as (
        insert into cart_holds (cart_id, ticket_id, lot_id, controlled_place_id, quantity, expires_at,
                                ${TERM_COLUMNS})
        select ${line.cartId}::text, ${line.ticketId}::int, id, ${line.controlledPlaceId}::int,
               ${line.quantity}::smallint, ${line.expiresAt.toISOString()}::timestamptz, ${TERM_COLUMNS}
        from taken
        returning id
      )`;

/**
 * Takes the units of a lot and records the hold in ONE statement, so the lot's row lock is held
 * for a single round trip before the commit. False when the lot has not that many free.
 */
export async function holdLotUnits(tx: TDb, line: THoldLine, mode: TStockMode): Promise<boolean> {
  if (mode === 'unsafeReadThenWrite') {
    const terms = await takeLotUnits(tx, line.lotId, line.quantity, mode);
    if (!terms) return false;
    await insertHold(tx, line, terms);
    return true;
  }
  const attempt = async () =>
    (await rows<{ id: number }>(tx, sql`with ${takeAndHold(line)} select id from held`)).length === 1;
  if (await attempt()) return true;
  if ((await reclaimExpiredHolds(tx, { lotId: line.lotId })) === 0) return false;
  return attempt();
}

/** The SQLSTATE of migration 0034's hold_not_taken(): the guarded take found no room. */
const NOT_TAKEN = 'BT001';

/** Thrown by holdLotUnitsAndCommit when the lot had not the units: its transaction rolled back. */
export class HoldNotTaken extends Error {
  constructor() {
    super('the lot had not the units asked: hold again with holdLotUnits');
  }
}

/**
 * Issue 37: holdLotUnits' guarded take and hold row as the LAST statement of a withTransaction's
 * transaction, with its COMMIT in the same message on PostgreSQL (answerAndCommit), so the lot's
 * row is locked for the statement and the commit's flush, not for a round trip back through a busy
 * event loop and a COMMIT of its own (every hold and purchase of the lot queues on that row). When
 * the take finds no room, the statement fails (hold_not_taken()), PostgreSQL skips the COMMIT and
 * the transaction rolls back: HoldNotTaken is thrown, and the caller starts its transaction again
 * with holdLotUnits, which reclaims the lot's expired holds and tries once more (a refusal is rare
 * and its answer needs the lot's stock read anyway). Conditional mode only.
 */
export async function holdLotUnitsAndCommit(tx: TDb, line: THoldLine): Promise<void> {
  try {
    await answerAndCommit(tx, [
      sql`with ${takeAndHold(line)} select coalesce((select id from held), hold_not_taken()) as id`,
    ]);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === NOT_TAKEN) throw new HoldNotTaken();
    throw error;
  }
}

/** The negative control's hold row (unsafeReadThenWrite only), with the terms its take read. */
async function insertHold(tx: TDb, line: THoldLine, terms: TLotTerms) {
  await tx.execute(
    sql`insert into cart_holds (cart_id, ticket_id, lot_id, controlled_place_id, quantity, expires_at,
                                ${TERM_COLUMNS})
        values (${line.cartId}, ${line.ticketId}, ${line.lotId}, ${line.controlledPlaceId}, ${line.quantity},
                ${line.expiresAt.toISOString()}::timestamptz, ${terms.priceCents}, ${terms.feeBp},
                ${terms.appFeeBp}, ${terms.processingFeeCents}, ${terms.processingFeeAdded})`,
  );
}

/**
 * Takes `quantity` units of a lot; false when it has not that many free (or is disabled), else
 * the lot's price terms as the guarded UPDATE left the row (what a hold taken now keeps).
 */
export async function takeLotUnits(
  tx: TDb,
  lotId: number,
  quantity: number,
  mode: TStockMode,
): Promise<TLotTerms | false> {
  if (mode === 'unsafeReadThenWrite') {
    // The quota read-then-write first, before the lot's row lock would queue the takers.
    if (!(await unsafeHalfTake(tx, lotId, quantity))) return false;
    const [lot] = await rows<{ capacity: number; sold: number; held: number } & TTermsRow>(
      tx,
      sql`select capacity, sold, held, ${TERM_COLUMNS} from ticket_lots where id = ${lotId}`,
    );
    if (!lot || lot.sold + lot.held + quantity > lot.capacity) return false;
    // Yield as a busy server would between the read and the write.
    await new Promise((resolve) => setImmediate(resolve));
    await tx.execute(
      sql`update ticket_lots set held = ${lot.held + quantity} where id = ${lotId} and ${lot.sold + lot.held + quantity} <= capacity`,
    );
    return termsOf(lot);
  }
  const taken = await conditionalLotTake(tx, lotId, quantity);
  if (taken) return taken;
  // No room among live and expired holds together: reclaim this lot's expired holds and try once more.
  if ((await reclaimExpiredHolds(tx, { lotId })) === 0) return false;
  return conditionalLotTake(tx, lotId, quantity);
}

async function conditionalLotTake(tx: TDb, lotId: number, quantity: number): Promise<TLotTerms | false> {
  const [updated] = await rows<TTermsRow>(
    tx,
    sql`with ${guardedTake(lotId, quantity)} select ${TERM_COLUMNS} from taken`,
  );
  return updated ? termsOf(updated) : false;
}

/** The statement's first part that marks expired holds released and gives their units back. */
const reclaimExpired = (filter: SQL) =>
  sql`with expired as (
        update cart_holds set released = true
        where ${filter} and not released and expires_at <= now()
        returning lot_id, controlled_place_id, quantity, ticket_id
      ), lots as (
        update ticket_lots l set held = l.held - e.n
        from (select lot_id, sum(quantity)::int as n from expired group by lot_id) e
        where l.id = e.lot_id
      ), ${halvesReleased('expired')}, places as (
        update controlled_places p set held = p.held - e.n
        from (select controlled_place_id, sum(quantity)::int as n from expired
              where controlled_place_id is not null group by controlled_place_id) e
        where p.id = e.controlled_place_id
      )`;

/**
 * Marks expired holds (of one lot, one place, one cart, or all) released and gives their units
 * back, in one statement so counters and rows can never disagree. Returns how many it reclaimed.
 */
export async function reclaimExpiredHolds(
  tx: TDb,
  scope: { lotId?: number; placeId?: number; cartId?: string } = {},
): Promise<number> {
  const filter =
    scope.lotId !== undefined
      ? sql`lot_id = ${scope.lotId}`
      : scope.placeId !== undefined
        ? sql`controlled_place_id = ${scope.placeId}`
        : scope.cartId !== undefined
          ? sql`cart_id = ${scope.cartId}`
          : sql`true`;
  const reclaimed = await rows<{ n: number }>(
    tx,
    sql`${reclaimExpired(filter)}
        select count(*)::int as n from expired`,
  );
  return reclaimed[0]?.n ?? 0;
}

/** A hold still live, as the issue step sells it. */
export type TLiveHold = { id: number; lot_id: number; controlled_place_id: number | null; quantity: number };

/**
 * reclaimExpiredHolds for one cart, as a statement the issue step sends with others, answering in
 * the same statement the holds still live (TLiveHold rows; issue 37: one statement, not two), in
 * lock order (lot, then place). The answer reads the rows as before the statement, so the expired
 * ones are left out by the same test that releases them (`now()` is the transaction's time in both);
 * the caller holds the cart's row lock, so no other hold of the cart changes.
 */
export const reclaimAndListCartHoldsSql = (cartId: string): SQL =>
  sql`${reclaimExpired(sql`cart_id = ${cartId}`)}
      select id, lot_id, controlled_place_id, quantity from cart_holds
      where cart_id = ${cartId} and not released and expires_at > now()
      order by lot_id, controlled_place_id, id`;

/**
 * Deletes cart lines (removal, clearing, starting over) and gives back the units of those still
 * held; lines already released hold nothing.
 */
export async function releaseHolds(tx: TDb, holdIds: readonly number[]): Promise<void> {
  if (holdIds.length === 0) return;
  await tx.execute(
    sql`with deleted as (
          delete from cart_holds where id in (${sql.join(
            holdIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          returning lot_id, controlled_place_id, quantity, released, ticket_id
        ), released as (
          select lot_id, controlled_place_id, quantity, ticket_id from deleted where not released
        ), lots as (
          update ticket_lots l set held = l.held - e.n
          from (select lot_id, sum(quantity)::int as n from released group by lot_id) e
          where l.id = e.lot_id
        ), ${halvesReleased('released')}
        update controlled_places p set held = p.held - e.n
        from (select controlled_place_id, sum(quantity)::int as n from released
              where controlled_place_id is not null group by controlled_place_id) e
        where p.id = e.controlled_place_id`,
  );
}

/** Where the units of a sale come from: a lot, and the seat or table when there is one. */
export type TSaleUnits = { lotId: number; controlledPlaceId: number | null };

/**
 * Sells `n` units a cart holds (checkout's convertHolds, as the order is paid): they move from
 * `held` to `sold` on the lot (and its section's half-price counters, in the same statement,
 * after the lot's), then on its seat or table. The caller deletes or shrinks the hold in the same
 * transaction.
 */
export async function sellHeldUnits(tx: TDb, units: TSaleUnits, n: number): Promise<void> {
  for (const statement of sellHeld(units, n)) await tx.execute(statement);
}

/**
 * The same for the last sales of a transaction, and its commit (issue 37): the lot's row is the
 * on-sale's hottest (every hold and purchase of the lot updates it), so on PostgreSQL these
 * statements go in one message with the COMMIT (db/with-transaction.ts executeAndCommit) and the
 * row is held for their run and the commit's flush only. Nothing may follow in the transaction.
 */
export async function sellHeldUnitsAndCommit(
  tx: TDb,
  sales: readonly { units: TSaleUnits; n: number }[],
): Promise<void> {
  await executeAndCommit(
    tx,
    sales.flatMap((sale) => sellHeld(sale.units, sale.n)),
  );
}

function sellHeld(units: TSaleUnits, n: number): SQL[] {
  const lot = sql`with lot as (
      update ticket_lots set held = held - ${n}, sold = sold + ${n} where id = ${units.lotId}
      returning ticket_id
    )
    update event_sections s set half_held = s.half_held - ${n}, half_sold = s.half_sold + ${n}
    from lot join event_tickets t on t.id = lot.ticket_id
    where t.half_price and s.id = t.section_id`;
  const place = sql`update controlled_places set held = held - ${n}, sold = sold + ${n} where id = ${units.controlledPlaceId}`;
  return units.controlledPlaceId === null ? [lot] : [lot, place];
}

/**
 * Sells `n` units whose hold lapsed meanwhile from what is free: the lot's expired holds are
 * reclaimed first, then lot and place each take them by a conditional UPDATE. False when either
 * has not that many free; the caller's transaction must then roll back (the lot may be taken).
 */
export async function sellFreeUnits(tx: TDb, units: TSaleUnits, n: number): Promise<boolean> {
  await reclaimExpiredHolds(tx, { lotId: units.lotId });
  const lot = await rows<{ id: number }>(
    tx,
    sql`update ticket_lots set sold = sold + ${n}
        where id = ${units.lotId} and sold + held + ${n} <= capacity returning id`,
  );
  if (lot.length === 0) return false;
  if (!(await sellFreeHalfUnits(tx, units.lotId, n))) return false;
  if (units.controlledPlaceId === null) return true;
  const place = await rows<{ id: number }>(
    tx,
    sql`update controlled_places set sold = sold + ${n}
        where id = ${units.controlledPlaceId} and sold + held + ${n} <= capacity returning id`,
  );
  return place.length > 0;
}

/**
 * Issue 33: a refunded ticket's unit goes back on sale (a staff refund while the event still
 * sells): `n` units leave `sold` on the lot, then on its seat or table, in the caller's
 * transaction. Never below zero (a counter the import reset keeps its CHECK).
 */
export async function unsellUnits(tx: TDb, units: TSaleUnits, n: number): Promise<void> {
  await tx.execute(sql`update ticket_lots set sold = greatest(0, sold - ${n}) where id = ${units.lotId}`);
  await moveHalfCounters(tx, units.lotId, sql`half_sold = greatest(0, half_sold - ${n})`);
  if (units.controlledPlaceId !== null)
    await tx.execute(
      sql`update controlled_places set sold = greatest(0, sold - ${n}) where id = ${units.controlledPlaceId}`,
    );
}

/**
 * Sets a lot's or a place's capacity (the catalogue import), never below what is sold or held at
 * that moment: false when it would be (a hold taken between the import's read and this write).
 */
export async function setCapacity(
  tx: TDb,
  of: 'lot' | 'place',
  id: number,
  capacity: number,
): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    tx,
    of === 'lot'
      ? sql`update ticket_lots set capacity = ${capacity} where id = ${id} and sold + held <= ${capacity} returning id`
      : sql`update controlled_places set capacity = ${capacity} where id = ${id} and sold + held <= ${capacity} returning id`,
  );
  return updated.length === 1;
}

import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { type TTermsRow, termsOf } from './stock.ts';
import {
  holdFittingNewCarts,
  holdForNewCarts,
  type TLotOwner,
  type TNewCartHeld,
  type TNewCartHold,
} from './stock-new-carts.ts';

/**
 * The on-sale rush's hold, one statement per lot at a time (issue 18). New buyers of a lot who
 * arrive while its statement runs wait for it and go together in the next one (stock-new-carts.ts
 * holdForNewCarts): a crowd costs the database one round trip and one commit per batch instead of
 * per buyer, and this process never has two of its connections queued on the lot's row lock. A
 * buyer alone is sent at once, so nothing waits for a batch to fill.
 *
 * What can happen to a batch:
 * - It fits: every buyer gets their cart.
 * - It does not fit whole (the lot is selling out): the lot's row is locked and buyers are served
 *   in arrival order while units remain (stock-new-carts.ts holdFittingNewCarts); the others get null and
 *   are answered as a single buyer would be (sold out, or not that many left).
 * - It fails (a lost connection, an error): it may have committed before its answer was lost, so
 *   its carts are looked up first and those found are answered as held. The others try alone, so
 *   one buyer's failure is not its neighbours'. Cart ids are new per buyer and the carts' primary
 *   key, so a batch that commits unseen can never be taken a second time by these retries.
 */
const MAX_BATCH = 64;

type TWaiting = {
  hold: TNewCartHold;
  resolve(held: TNewCartHeld | null): void;
  reject(error: unknown): void;
};

/** Per database and lot: the buyers waiting for the statement after the running one. */
const queuesByDb = new WeakMap<TDb, Map<number, TWaiting[]>>();

/** Holds a new buyer's first plain tickets of `lot` in a new cart; null when they do not fit. */
export function holdForNewCart(db: TDb, lot: TLotOwner, hold: TNewCartHold): Promise<TNewCartHeld | null> {
  let queues = queuesByDb.get(db);
  if (!queues) {
    queues = new Map();
    queuesByDb.set(db, queues);
  }
  const running = queues.get(lot.lotId);
  return new Promise((resolve, reject) => {
    const waiting: TWaiting = { hold, resolve, reject };
    if (running) {
      running.push(waiting);
      return;
    }
    const queue: TWaiting[] = [];
    queues.set(lot.lotId, queue);
    void drain(db, lot, queues, queue, [waiting]);
  });
}

async function drain(
  db: TDb,
  lot: TLotOwner,
  queues: Map<number, TWaiting[]>,
  queue: TWaiting[],
  first: TWaiting[],
): Promise<void> {
  let batch = first;
  try {
    while (batch.length > 0) {
      await settle(db, lot, batch);
      batch = queue.splice(0, MAX_BATCH);
    }
  } catch (error) {
    // settle() answers every buyer itself; should it ever throw, nobody is left waiting.
    for (const waiting of [...batch, ...queue.splice(0)]) waiting.reject(error);
  } finally {
    // The lot never stays marked busy, or its next buyers would wait for a statement that never runs.
    queues.delete(lot.lotId);
  }
}

async function settle(db: TDb, lot: TLotOwner, batch: TWaiting[]): Promise<void> {
  const holds = batch.map((waiting) => waiting.hold);
  let held: TNewCartHeld[];
  try {
    held = await holdForNewCarts(db, lot, holds);
    if (held.length === 0 && batch.length > 1) {
      held = await withTransaction(db, (tx) => holdFittingNewCarts(tx, lot, holds));
    }
  } catch (error) {
    // The statement may have committed before its answer was lost: its carts then exist.
    const found = await newCartsHeld(db, lot, holds).catch(() => []);
    const byCart = new Map(found.map((row) => [row.cartId, row]));
    const missing: TWaiting[] = [];
    for (const waiting of batch) {
      const row = byCart.get(waiting.hold.cartId);
      if (row) waiting.resolve(row);
      else missing.push(waiting);
    }
    if (missing.length === 1 && batch.length === 1) missing[0]!.reject(error);
    else await Promise.all(missing.map((waiting) => settle(db, lot, [waiting])));
    return;
  }
  const byCart = new Map(held.map((row) => [row.cartId, row]));
  for (const waiting of batch) waiting.resolve(byCart.get(waiting.hold.cartId) ?? null);
}

/** Which of these new carts exist with their hold of the lot, and the lot's counters now. */
async function newCartsHeld(db: TDb, lot: TLotOwner, holds: TNewCartHold[]): Promise<TNewCartHeld[]> {
  const ids = JSON.stringify(holds.map((hold) => hold.cartId));
  const result = await rows<{ cart_id: string; hold_id: number; sold: number; held: number } & TTermsRow>(
    db,
    sql`select h.cart_id, h.id as hold_id, l.sold, l.held, h.price_cents, h.fee_bp, h.app_fee_bp,
          h.processing_fee_cents, h.processing_fee_added
        from cart_holds h join ticket_lots l on l.id = h.lot_id
        where h.lot_id = ${lot.lotId} and h.cart_id in (select json_array_elements_text(${ids}::json))`,
  );
  return result.map((row) => ({
    cartId: row.cart_id,
    holdId: row.hold_id,
    sold: row.sold,
    held: row.held,
    terms: termsOf(row),
  }));
}

import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { answerAndCommit } from '../../db/with-transaction.ts';
import { guardedTake, TERM_COLUMNS, type THoldLine } from './stock.ts';

/** The SQLSTATE of migration 0034's hold_not_taken(): the guarded take found no room. */
const NOT_TAKEN = 'BT001';

/** Thrown by holdLotUnitsAndCommit when the lot had not the units: its transaction rolled back. */
export class HoldNotTaken extends Error {
  constructor() {
    super('the lot had not the units asked: hold again with holdLotUnits');
  }
}

/**
 * Issue 37: holdLotUnits's guarded take and hold row as the LAST statement of a withTransaction's
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
      sql`with ${guardedTake(line.lotId, line.quantity)}, held as (
            insert into cart_holds (cart_id, ticket_id, lot_id, controlled_place_id, quantity, expires_at,
                                    ${TERM_COLUMNS})
            select ${line.cartId}::text, ${line.ticketId}::int, id, ${line.controlledPlaceId}::int,
                   ${line.quantity}::smallint, ${line.expiresAt.toISOString()}::timestamptz, ${TERM_COLUMNS}
            from taken
            returning id
          )
          select coalesce((select id from held), hold_not_taken()) as id`,
    ]);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === NOT_TAKEN) throw new HoldNotTaken();
    throw error;
  }
}

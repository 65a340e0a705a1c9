import { randomUUID } from 'node:crypto';
import type { TDb } from '../../../db/client.ts';
import { inArray } from '../../../db/orm.ts';
import {
  lineHolders,
  type orders,
  type TOrderLine,
  type tickets,
  ticketTransfers,
  users,
} from '../../../db/schema/index.ts';

type TOrder = typeof orders.$inferSelect;
type TIssued = Pick<typeof tickets.$inferInsert, 'id' | 'unit' | 'holderCpf'>;

/**
 * Which issued ticket each transfer entry moves: for an item (indexItem, the position of its
 * line), the unit identified with the destination's own CPF if there is one, else the item's last
 * unit not yet transferred (the buyer keeps the first ones).
 */
export function pickTransferredUnits(
  lines: Pick<TOrderLine, 'quantity' | 'holders' | 'cpfs'>[],
  transfers: { destinationCpf: string; indexItem: number }[],
): { destinationCpf: string; unit: number }[] {
  const firstUnit: number[] = [];
  let next = 0;
  for (const line of lines) {
    firstUnit.push(next);
    next += line.quantity;
  }
  const taken = new Set<number>();
  const picked = new Map<(typeof transfers)[number], number>();
  // Named units first, so an unnamed transfer never takes the unit identified for someone else.
  for (const transfer of transfers) {
    const line = lines[transfer.indexItem];
    const k = line
      ? lineHolders(line).findIndex((holder) => holder.document === transfer.destinationCpf)
      : -1;
    if (line && k >= 0 && !taken.has(firstUnit[transfer.indexItem]! + k)) {
      picked.set(transfer, firstUnit[transfer.indexItem]! + k);
      taken.add(firstUnit[transfer.indexItem]! + k);
    }
  }
  for (const transfer of transfers) {
    const line = lines[transfer.indexItem];
    if (!line || picked.has(transfer)) continue;
    for (let k = line.quantity - 1; k >= 0; k -= 1) {
      const unit = firstUnit[transfer.indexItem]! + k;
      if (taken.has(unit)) continue;
      picked.set(transfer, unit);
      taken.add(unit);
      break;
    }
  }
  return transfers
    .filter((t) => picked.has(t))
    .map((t) => ({ destinationCpf: t.destinationCpf, unit: picked.get(t)! }));
}

/** Creates the pending transfers a purchase asked for, in the transaction that issued its tickets. */
export async function createPurchaseTransfers(tx: TDb, order: TOrder, issued: TIssued[]) {
  if (order.transfers.length === 0) return;
  const moves = pickTransferredUnits(order.lines, order.transfers);
  const byUnit = new Map(issued.map((ticket) => [ticket.unit, ticket.id!]));
  const accounts = await tx
    .select({ id: users.id, document: users.document })
    .from(users)
    .where(
      inArray(
        users.document,
        moves.map((m) => m.destinationCpf),
      ),
    );
  const owner = new Map(accounts.map((a) => [a.document, a.id]));
  const values = moves
    .filter((move) => byUnit.has(move.unit))
    .map((move) => ({
      id: randomUUID(),
      ticketId: byUnit.get(move.unit)!,
      orderId: order.id,
      fromUserId: order.userId,
      destinationCpf: move.destinationCpf,
      destinationUserId: owner.get(move.destinationCpf) ?? null,
    }));
  if (values.length > 0) await tx.insert(ticketTransfers).values(values).onConflictDoNothing();
}

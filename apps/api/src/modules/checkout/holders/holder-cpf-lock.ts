import type { TDb } from '../../../db/client.ts';
import { type SQL, sql } from '../../../db/orm.ts';

/**
 * Serialises, for one transaction, everything that gives a CPF a ticket of one type: issuing an
 * order (issue-tickets.ts) and accepting a transfer (transfers/confirm-transfer.ts) take this same
 * lock before they count, so two of them can never both take a CPF's last place. Callers holding
 * several take them sorted by (ticket type, CPF).
 */
export async function lockHolderCpf(tx: TDb, ticketId: number, cpf: string) {
  await tx.execute(holderCpfLockSql(ticketId, cpf));
}

/** lockHolderCpf's statement, for a caller that sends it with others. */
export const holderCpfLockSql = (ticketId: number, cpf: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`holder:${ticketId}:${cpf}`}))`;

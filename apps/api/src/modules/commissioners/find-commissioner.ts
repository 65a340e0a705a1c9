import type { TCommissioner } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { and, eq } from '../../db/orm.ts';
import { commissionerEvents, commissioners } from '../../db/schema/index.ts';
import { commissionerError } from './messages.ts';

/**
 * An active commissioner by its public hash or its id; an unknown or inactive one is
 * 'Comissário não encontrado' (commerce §6), the same answer for both so a hash cannot be probed.
 */
export async function findCommissioner(
  db: TDb,
  by: { hash: string } | { id: number },
  locale: TLocale,
): Promise<TCommissioner> {
  const [row] = await db
    .select({
      id: commissioners.id,
      name: commissioners.name,
      hash: commissioners.hash,
      active: commissioners.active,
    })
    .from(commissioners)
    .where('hash' in by ? eq(commissioners.hash, by.hash) : eq(commissioners.id, by.id));
  if (!row?.active) throw commissionerError('commissioner_not_found', locale);
  return { id: row.id, name: row.name, hash: row.hash };
}

/** The ids of the events a commissioner may sell. */
export async function commissionerEventIds(db: TDb, commissionerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ eventId: commissionerEvents.eventId })
    .from(commissionerEvents)
    .where(eq(commissionerEvents.commissionerId, commissionerId));
  return new Set(rows.map((row) => row.eventId));
}

/** An active commissioner that sells this event, or the refusal a client sees. */
export async function commissionerForEvent(
  db: TDb,
  commissionerId: number,
  eventId: number,
  locale: TLocale,
): Promise<TCommissioner> {
  const commissioner = await findCommissioner(db, { id: commissionerId }, locale);
  const [sells] = await db
    .select({ eventId: commissionerEvents.eventId })
    .from(commissionerEvents)
    .where(
      and(eq(commissionerEvents.commissionerId, commissionerId), eq(commissionerEvents.eventId, eventId)),
    );
  if (!sells) throw commissionerError('commissioner_event', locale);
  return commissioner;
}

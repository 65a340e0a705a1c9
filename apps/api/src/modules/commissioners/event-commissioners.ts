import type { TDb } from '../../db/client.ts';
import { and, asc, eq } from '../../db/orm.ts';
import { commissionerEvents, commissioners } from '../../db/schema/index.ts';

/** commerce §7 "Commissioners for an event by event id": the active ones, by name. */
export async function eventCommissioners(db: TDb, eventId: number) {
  const rows = await db
    .select({ id: commissioners.id, name: commissioners.name })
    .from(commissionerEvents)
    .innerJoin(commissioners, eq(commissioners.id, commissionerEvents.commissionerId))
    .where(and(eq(commissionerEvents.eventId, eventId), eq(commissioners.active, true)))
    .orderBy(asc(commissioners.name));
  return { commissioners: rows };
}

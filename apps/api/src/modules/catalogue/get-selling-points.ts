import type { TSellingPointsResponse } from '@ingressos/contracts';
import type { TDb } from '../../db/client.ts';
import { asc, eq } from '../../db/orm.ts';
import { sellingPoints } from '../../db/schema/index.ts';

/** The physical box offices of an event, in the order the producer listed them. */
export async function getSellingPoints(db: TDb, eventId: number): Promise<TSellingPointsResponse> {
  const rows = await db
    .select()
    .from(sellingPoints)
    .where(eq(sellingPoints.eventId, eventId))
    .orderBy(asc(sellingPoints.position));
  return {
    eventId,
    sellingPoints: rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      city: row.city,
      state: row.state,
      openingHours: row.openingHours,
    })),
  };
}

import type { TRevokedQrAnswer } from '@ingressos/contracts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * GET /api/tickets/revoked?eventId=: for gates that verify QR codes offline. Each ticket whose QR
 * was re-issued (a transfer) with the lowest `v` still valid: any QR below it is void.
 */
export async function revokedQrs(db: TDb, eventId: number): Promise<TRevokedQrAnswer> {
  const rows = rowsOf<{ id: string; qr_version: number }>(
    await db.execute(
      sql`select id, qr_version from tickets where event_id = ${eventId} and qr_version > 1 order by id`,
    ),
  );
  return {
    eventId,
    generatedAt: new Date().toISOString(),
    revoked: rows.map((row) => ({ tid: row.id, minVersion: row.qr_version })),
  };
}

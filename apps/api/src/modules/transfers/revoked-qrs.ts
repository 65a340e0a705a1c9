import type { TRevokedQrAnswer } from '@ingressos/contracts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * GET /api/tickets/revoked?eventId=: for gates that verify QR codes offline. Each ticket whose QR
 * was re-issued (a transfer) with the lowest `v` still valid: any QR below it is void. Issue 33: a
 * ticket refunded or of a cancelled event (tickets.voided_at) is listed with VOID_ALL, above any
 * version a QR can carry (a smallint), so no QR of it admits anyone.
 */
export const VOID_ALL = 32767;

export async function revokedQrs(db: TDb, eventId: number): Promise<TRevokedQrAnswer> {
  const rows = rowsOf<{ id: string; qr_version: number }>(
    await db.execute(
      sql`select id, case when voided_at is not null then ${VOID_ALL} else qr_version end as qr_version
          from tickets where event_id = ${eventId} and (qr_version > 1 or voided_at is not null) order by id`,
    ),
  );
  return {
    eventId,
    generatedAt: new Date().toISOString(),
    revoked: rows.map((row) => ({ tid: row.id, minVersion: row.qr_version })),
  };
}

import type { TStaffAuditAnswer, TStaffAuditEntry } from '@ingressos/contracts/staff';
import type { TDb } from '../../db/client.ts';
import { desc, lt } from '../../db/orm.ts';
import { staffAuditLog } from '../../db/schema/index.ts';
import { auditWhere, type TAuditFilters } from './audit-filters.ts';

type TRow = typeof staffAuditLog.$inferSelect;

export function auditEntry(row: TRow): TStaffAuditEntry {
  return { ...row, at: row.at.toISOString(), before: row.before ?? null, after: row.after ?? null };
}

/**
 * GET /api/staff/audit (an administrator): the log, filtered, newest first, a page at a time by
 * keyset (the cursor is the last line's id: ids grow with time, and a page never shifts when new
 * lines arrive, as an offset would).
 */
export async function listStaffAudit(db: TDb, filters: TAuditFilters): Promise<TStaffAuditAnswer> {
  const after = filters.cursor ? Number.parseInt(filters.cursor, 36) : null;
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(
      auditWhere(filters, [
        after !== null && Number.isSafeInteger(after) ? lt(staffAuditLog.id, after) : undefined,
      ]),
    )
    .orderBy(desc(staffAuditLog.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    entries: page.map(auditEntry),
    nextCursor: rows.length > filters.limit && last ? last.id.toString(36) : null,
  };
}

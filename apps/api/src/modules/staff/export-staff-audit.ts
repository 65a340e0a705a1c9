import type { TDb } from '../../db/client.ts';
import { desc } from '../../db/orm.ts';
import { staffAuditLog } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { recordStaffAction } from './audit.ts';
import { AUDIT_CSV_COLUMNS, auditCsvLine } from './audit-csv.ts';
import { auditWhere, type TAuditFilters } from './audit-filters.ts';
import { auditEntry } from './list-staff-audit.ts';
import type { TStaff } from './roles.ts';
import type { TStaffRequest } from './staff-services.ts';

/** At most this many lines per file: a wider export is narrowed by dates. */
export const AUDIT_EXPORT_MAX = 50_000;

/**
 * GET /api/staff/audit.csv (an administrator): the lines the same filters find, newest first, as
 * CSV; the export itself is a line of the log ('audit.export', with its filters and size), written
 * in the transaction that read the lines (so it is not in its own file).
 */
export async function exportStaffAudit(
  db: TDb,
  options: { by: TStaff; filters: TAuditFilters; request: TStaffRequest },
): Promise<{ csv: string; lines: number }> {
  const { by, filters, request } = options;
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select()
      .from(staffAuditLog)
      .where(auditWhere(filters))
      .orderBy(desc(staffAuditLog.id))
      .limit(AUDIT_EXPORT_MAX);
    const { cursor: _cursor, limit: _limit, ...asked } = filters;
    await recordStaffAction(tx, {
      staff: by,
      action: 'audit.export',
      targetType: 'audit_log',
      targetId: 'csv',
      after: { filters: asked, lines: rows.length },
      ip: request.ip,
      requestId: request.requestId,
    });
    const csv = `${AUDIT_CSV_COLUMNS.join(',')}\r\n${rows.map((row) => auditCsvLine(auditEntry(row))).join('')}`;
    return { csv, lines: rows.length };
  });
}

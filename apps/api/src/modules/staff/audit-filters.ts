import type { ZStaffAuditQuery } from '@ingressos/contracts/staff';
import type { z } from 'zod';
import { and, eq, gte, lt, type SQL } from '../../db/orm.ts';
import { staffAuditLog } from '../../db/schema/index.ts';

export type TAuditFilters = z.output<typeof ZStaffAuditQuery>;

/** A bare date is its midnight UTC; an instant is itself. */
const instant = (value: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

/** The WHERE of the audit's filters (each an indexed column: staff, target, time). */
export function auditWhere(filters: TAuditFilters, extra: (SQL | undefined)[] = []): SQL | undefined {
  return and(
    filters.staffId ? eq(staffAuditLog.staffId, filters.staffId) : undefined,
    filters.action ? eq(staffAuditLog.action, filters.action) : undefined,
    filters.targetType ? eq(staffAuditLog.targetType, filters.targetType) : undefined,
    filters.targetId ? eq(staffAuditLog.targetId, filters.targetId) : undefined,
    filters.from ? gte(staffAuditLog.at, instant(filters.from)) : undefined,
    filters.to ? lt(staffAuditLog.at, instant(filters.to)) : undefined,
    ...extra,
  );
}

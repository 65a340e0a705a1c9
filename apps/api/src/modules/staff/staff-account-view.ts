import type { TStaffAccount, TStaffMe } from '@ingressos/contracts/staff';
import type { staffAccounts } from '../../db/schema/index.ts';
import type { TStaffRole } from './roles.ts';

type TRow = typeof staffAccounts.$inferSelect;

/** A staff account as the administrator sees it: never its hash, secret or codes. */
export function staffAccountView(row: TRow): TStaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as TStaffRole,
    eventIds: row.eventIds,
    status: row.status as TStaffAccount['status'],
    totpEnrolled: row.totpEnabledAt !== null,
    lockedUntil: row.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil.toISOString() : null,
    failedLogins: row.failedLogins,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who is logged in, and how far the login went. */
export function staffMeView(row: TRow, stage: 'password' | 'full'): TStaffMe {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as TStaffRole,
    eventIds: row.eventIds,
    stage,
    totpEnrolled: row.totpEnabledAt !== null,
    recoveryCodesLeft: row.recoveryCodes.length,
  };
}

/** What the audit log keeps of an account's access: role, events, status (nothing secret). */
export const accessOf = (row: Pick<TRow, 'role' | 'eventIds' | 'status'>) => ({
  role: row.role,
  eventIds: row.eventIds,
  status: row.status,
});

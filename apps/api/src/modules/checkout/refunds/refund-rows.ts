import { API_MESSAGES } from '@ingressos/contracts';
import type { TStaffRefund } from '@ingressos/contracts/staff-refunds';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../../db/client.ts';
import { eq, like, or } from '../../../db/orm.ts';
import { refunds } from '../../../db/schema/index.ts';
import { sha256 } from '../../../db/tokens.ts';
import { AppError } from '../../app-error.ts';

/** A refund row as drizzle reads it. */
export type TRefundRow = typeof refunds.$inferSelect;
export type TRefundKind = 'staff' | 'protection' | 'event_cancelled';

/** What the staff refund calls refuse with (messages: API_MESSAGES.staffRefunds, statuses: error-status.ts). */
export type TRefundErrorCode = keyof (typeof API_MESSAGES)['pt-BR']['staffRefunds'];
export function refundError(code: TRefundErrorCode, locale: TLocale) {
  return new AppError(code, API_MESSAGES[locale].staffRefunds[code]);
}

/**
 * The id of a request's refund rows: derived from the Idempotency-Key (or the cancellation job)
 * when there is one, so the same key finds the same rows and never writes a second refund. A split
 * order's rows are `<base>.<n>`, one per card.
 */
export function refundBaseId(orderId: string, key: string | undefined): string {
  return `rf_${sha256(`${orderId}:${key ?? crypto.randomUUID()}`).slice(0, 32)}`;
}
export const baseOf = (refundId: string) => refundId.split('.')[0]!;

/** The rows of one request (by its base id). */
export async function rowsOfRequest(db: TDb, base: string): Promise<TRefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(or(eq(refunds.id, base), like(refunds.id, `${base}.%`)))
    .orderBy(refunds.id);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The console's view of a refund row (packages/contracts staff-refunds.ts). */
export function refundView(row: TRefundRow): TStaffRefund {
  return {
    id: row.id,
    orderId: row.orderId,
    partId: row.partId,
    gateway: row.gateway,
    amountCents: row.amountCents,
    currency: row.currency,
    ticketIds: row.ticketIds,
    reason: row.reason,
    kind: row.kind as TRefundKind,
    status: row.status as TStaffRefund['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: iso(row.nextAttemptAt)!,
    requestedBy: row.requestedBy,
    cancellationId: row.cancellationId,
    createdAt: iso(row.createdAt)!,
    doneAt: iso(row.doneAt),
  };
}

/** After this many failed attempts a refund reads 'failed' (listed; staff retry it). */
export const REFUND_MAX_ATTEMPTS = 6;

import type { TStaffAuditEntry } from '@ingressos/contracts/staff';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'staff_id',
  'staff_email',
  'action',
  'target_type',
  'target_id',
  'reason',
  'ip',
  'request_id',
  'before',
  'after',
] as const;

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, a quote or a line break). A cell a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets a leading
 * apostrophe: the log holds text people typed (reasons, names).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of the export, in AUDIT_CSV_COLUMNS's order, ending in CRLF. */
export function auditCsvLine(entry: TStaffAuditEntry): string {
  const cells = [
    entry.id,
    entry.at,
    entry.staffId,
    entry.staffEmail,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.reason,
    entry.ip,
    entry.requestId,
    entry.before,
    entry.after,
  ];
  return `${cells.map((cell) => csvCell(typeof cell === 'number' ? String(cell) : cell)).join(',')}\r\n`;
}

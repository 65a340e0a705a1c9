import type { TStaffTimelineEntry } from '@ingressos/contracts/staff-support';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { TRANSFER_STATUS } from '../../db/schema/index.ts';

const TRANSFER_NAMES = new Map<number, string>(
  Object.entries(TRANSFER_STATUS).map(([name, id]) => [id, name.toLowerCase()]),
);

type TMessageRow = {
  id: string;
  channel: string;
  subject: string | null;
  render_kind: string | null;
  status: string;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
};
type TTransferRow = { id: string; ticket_id: string; status: number; created_at: Date; updated_at: Date };
type TAuditRow = {
  id: number;
  at: Date;
  action: string;
  staff_email: string | null;
  reason: string | null;
  after: { messageId?: string } | null;
};

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The parts of an order's history that live outside its own rows: its tickets' transfers, the
 * e-mails it caused, and what staff did to it. Each is read through an index: transfers by the
 * order's tickets, messages by their dedupe keys (the confirmation `order_confirmation:<id>`, the
 * lifecycle's refund `refund:<order id>`, a staff refund's `staff-refund:<refund id>` (the base row
 * of its request), a support resend named by its audit line),
 * the audit log by its target.
 */
export async function orderSideHistory(
  db: TDb,
  order: { id: string; ticketIds: string[]; refundIds: string[] },
): Promise<TStaffTimelineEntry[]> {
  const audit = await rows<TAuditRow>(
    db,
    sql`select id, at, action, staff_email, reason, after from staff_audit_log
        where target_type = 'order' and target_id = ${order.id} order by at, id`,
  );
  const resent = audit.flatMap((line) => (line.after?.messageId ? [line.after.messageId] : []));
  const keys = [
    `order_confirmation:${order.id}`,
    `refund:${order.id}`,
    ...order.refundIds.map((id) => `staff-refund:${id}`),
  ];
  const messages = await rows<TMessageRow>(
    db,
    sql`select id, channel, subject, render->>'kind' as render_kind, status, attempts, created_at, sent_at
        from outbox_messages
        where dedupe_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})${
          resent.length > 0
            ? sql` or id in (${sql.join(
                resent.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  const transfers =
    order.ticketIds.length === 0
      ? []
      : await rows<TTransferRow>(
          db,
          sql`select id, ticket_id, status, created_at, updated_at from ticket_transfers
              where ticket_id in (${sql.join(
                order.ticketIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        );
  return [
    ...transfers.map(
      (t): TStaffTimelineEntry => ({
        at: iso(t.created_at),
        kind: 'transfer',
        ref: t.id,
        label: TRANSFER_NAMES.get(Number(t.status)) ?? String(t.status),
        detail: { ticketId: t.ticket_id, updatedAt: iso(t.updated_at) },
      }),
    ),
    ...messages.map(
      (m): TStaffTimelineEntry => ({
        at: iso(m.created_at),
        kind: 'message',
        ref: m.id,
        label: m.subject ?? m.render_kind ?? m.channel,
        detail: {
          channel: m.channel,
          status: m.status,
          attempts: Number(m.attempts),
          sentAt: m.sent_at ? iso(m.sent_at) : null,
        },
      }),
    ),
    ...audit.map(
      (line): TStaffTimelineEntry => ({
        at: iso(line.at),
        kind: 'staff_action',
        ref: String(line.id),
        label: line.action,
        detail: { staff: line.staff_email, reason: line.reason },
      }),
    ),
  ];
}

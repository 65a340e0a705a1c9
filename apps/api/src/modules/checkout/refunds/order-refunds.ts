import type { TStaffOrderRefunds } from '@ingressos/contracts/staff-refunds';
import type { TLocale } from '@ingressos/domain';
import { desc, eq, sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { refunds, type TOrderLine } from '../../../db/schema/index.ts';
import { lineOf } from '../../tickets/my-tickets.ts';
import type { TCheckoutServices } from '../services.ts';
import { refundError, refundView } from './refund-rows.ts';

/** Issue 33: GET /api/staff/orders/:orderId/refunds: what was paid, given back and is due, by ticket and by refund. */
export async function orderRefunds(
  s: TCheckoutServices,
  orderId: string,
  locale: TLocale,
): Promise<TStaffOrderRefunds & { eventId: number }> {
  const [order] = await rows<{
    id: string;
    status: number;
    event_id: number;
    total_cents: number;
    currency: string;
    refund_service_cents: number;
    lines: TOrderLine[];
    gateway: string | null;
    parts: number;
  }>(
    s.db,
    sql`select o.id, o.status, o.event_id, o.total_cents, o.currency, o.refund_service_cents, o.lines, p.gateway,
          (select count(*)::int from payment_parts pp where pp.order_id = o.id and pp.status in ('approved', 'refunded')) as parts
        from orders o left join payments p on p.order_id = o.id where o.id = ${orderId}`,
  );
  if (!order) throw refundError('refund_order_not_found', locale);
  const tickets = await rows<{
    id: string;
    unit: number;
    holder_name: string | null;
    voided_at: Date | string | null;
    void_reason: string | null;
  }>(
    s.db,
    sql`select t.id, t.unit, u.name as holder_name, t.voided_at, t.void_reason
        from tickets t left join users u on u.document = t.holder_cpf where t.order_id = ${orderId} order by t.unit`,
  );
  const list = await s.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), refunds.id);
  const sum = (status: string) =>
    list.filter((row) => row.status === status).reduce((total, row) => total + row.amountCents, 0);
  const gateway = order.gateway ? s.gateways.byKind(order.gateway) : undefined;
  return {
    orderId: order.id,
    eventId: order.event_id,
    orderStatus: order.status,
    totalCents: order.total_cents,
    refundedCents: sum('done'),
    dueCents: sum('due'),
    currency: order.currency,
    protection: order.refund_service_cents > 0,
    partialAllowed: order.parts === 0 && (gateway?.capabilities.partialRefund ?? false),
    tickets: tickets.map((ticket) => {
      const line = lineOf(order.lines, ticket.unit);
      return {
        id: ticket.id,
        ticketName: line ? `${line.sectionName} · ${line.ticketName}` : '',
        holderName: ticket.holder_name,
        refundCents: line ? line.unitCents + (line.feeCents ?? 0) : 0,
        voidedAt: ticket.voided_at === null ? null : new Date(ticket.voided_at).toISOString(),
        voidReason: ticket.void_reason,
      };
    }),
    refunds: list.map(refundView),
  };
}

import { API_MESSAGES } from '@ingressos/contracts';
import type {
  TStaffCharge,
  TStaffOrderDetail,
  TStaffTimelineEntry,
} from '@ingressos/contracts/staff-support';
import type { TLocale } from '@ingressos/domain';
import { hideDocument } from '@ingressos/domain/cpf';
import type { TDb } from '../../db/client.ts';
import { asc, eq } from '../../db/orm.ts';
import {
  lineHolders,
  orders,
  paymentParts,
  payments,
  refunds,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import { recordStaffAction, type TStaffAction } from '../staff/audit.ts';
import { orderNumber } from '../tickets/get-order-receipt.ts';
import { orderSideHistory } from './order-timeline.ts';
import { maskPhone, orderStatusName } from './order-view.ts';

const iso = (at: Date) => at.toISOString();

/**
 * GET /api/staff/orders/:orderId: the order as support needs it on the phone with a buyer: its
 * lines and holders, the buyer, every charge (payment and split parts) with the gateway's answer
 * and what was refunded, the tickets and their state, and one timeline of all that happened.
 * CPFs and the phone leave masked. The view itself is a line of the audit log ('order.view'):
 * who looked at whose personal data, written before the answer.
 */
export async function getOrderDetail(options: {
  db: TDb;
  orderId: string;
  audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'>;
  locale: TLocale;
}): Promise<TStaffOrderDetail> {
  const { db, orderId, locale } = options;
  const [found] = await db
    .select({ order: orders, buyer: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!found) throw new AppError('staff_order_not_found', API_MESSAGES[locale].staffSupport.order_not_found);
  const { order, buyer } = found;
  await recordStaffAction(db, {
    ...options.audit,
    action: 'order.view',
    targetType: 'order',
    targetId: order.id,
  });

  const [payment, parts, refundRows, ticketRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, order.id)),
    db
      .select()
      .from(paymentParts)
      .where(eq(paymentParts.orderId, order.id))
      .orderBy(asc(paymentParts.position), asc(paymentParts.attempt)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)),
    db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.unit)),
  ]);
  const refunded = (paymentId: string, partId: string | null) =>
    refundRows
      .filter((r) => r.status === 'done' && r.paymentId === paymentId && (r.partId ?? null) === partId)
      .reduce((sum, r) => sum + r.amountCents, 0);
  const charges: TStaffCharge[] = [
    ...payment.map((p) => ({
      id: p.id,
      part: null,
      gateway: p.gateway,
      gatewayRef: p.gatewayRef,
      method: p.method,
      status: p.status,
      statusDetail: p.statusDetail,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      pixEndToEndId: p.pixEndToEndId,
      amountCents: p.amountCents,
      refundedCents: refunded(p.id, null),
      currency: p.currency,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
    ...parts.map((p) => ({
      id: p.id,
      part: { position: p.position, attempt: p.attempt },
      gateway: p.gateway,
      gatewayRef: p.gatewayRef,
      method: 'credit_card',
      status: p.status,
      statusDetail: p.statusDetail,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      pixEndToEndId: null,
      amountCents: p.amountCents,
      refundedCents: refunded(p.paymentId, p.id),
      currency: p.currency,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
  ];

  const holders = order.lines.flatMap((line) => lineHolders(line));
  const nameOf = (document: string) => holders.find((h) => h.document === document)?.name ?? null;
  const ticketViews = ticketRows.map((t) => ({
    id: t.id,
    unit: t.unit,
    holderName: nameOf(t.holderCpf),
    holderDocumentMasked: hideDocument(t.holderCpf),
    // A voided ticket is refused at the gate whoever holds it; one in another account changed hands.
    state: t.voidedAt
      ? ('voided' as const)
      : t.userId !== order.userId
        ? ('transferred' as const)
        : ('valid' as const),
    qrVersion: t.qrVersion,
    voidReason: t.voidReason,
    createdAt: iso(t.createdAt),
  }));

  const timeline: TStaffTimelineEntry[] = [
    // The cart's holds are gone once an order issues (its units sold): the order keeps what was held
    // and the cart's timer when it became the order.
    ...(order.cartExpiresAt
      ? [
          {
            at: iso(order.createdAt),
            kind: 'cart_held' as const,
            ref: order.cartId,
            label: 'held',
            detail: {
              units: order.lines.reduce((sum, line) => sum + line.quantity, 0),
              heldUntil: iso(order.cartExpiresAt),
            },
          },
        ]
      : []),
    {
      at: iso(order.createdAt),
      kind: 'order_created',
      ref: order.id,
      label: 'created',
      detail: { method: order.method, totalCents: order.totalCents, currency: order.currency },
    },
    ...charges.map(
      (c): TStaffTimelineEntry => ({
        at: c.createdAt,
        kind: c.part ? 'payment_part' : 'payment',
        ref: c.id,
        label: c.status,
        detail: {
          gateway: c.gateway,
          statusDetail: c.statusDetail,
          gatewayRef: c.gatewayRef,
          amountCents: c.amountCents,
          answeredAt: c.updatedAt,
          position: c.part?.position ?? null,
          attempt: c.part?.attempt ?? null,
        },
      }),
    ),
    ...ticketViews.map(
      (t): TStaffTimelineEntry => ({
        at: t.createdAt,
        kind: 'ticket_issued',
        ref: t.id,
        label: t.state,
        detail: { unit: t.unit, holder: t.holderDocumentMasked },
      }),
    ),
    ...refundRows.map(
      (r): TStaffTimelineEntry => ({
        at: iso(r.createdAt),
        kind: 'refund',
        ref: r.id,
        label: r.status,
        detail: {
          amountCents: r.amountCents,
          kind: r.kind,
          reason: r.reason,
          doneAt: r.doneAt ? iso(r.doneAt) : null,
          lastError: r.lastError,
        },
      }),
    ),
    ...(await orderSideHistory(db, {
      id: order.id,
      ticketIds: ticketRows.map((t) => t.id),
      refundIds: refundRows.map((r) => r.id),
    })),
  ];
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  return {
    order: {
      id: order.id,
      code: orderNumber(order.id),
      statusId: order.status,
      statusName: orderStatusName(order.status),
      eventId: order.eventId,
      eventName: order.lines[0]?.eventName ?? '',
      method: order.method,
      installments: order.installments,
      totalCents: order.totalCents,
      interestCents: order.interestCents,
      refundServiceCents: order.refundServiceCents,
      currency: order.currency,
      channel: order.channel,
      createdAt: iso(order.createdAt),
      paidAt: order.paidAt ? iso(order.paidAt) : null,
      lines: order.lines.map((line) => ({
        ticketName: line.ticketName,
        sectionName: line.sectionName,
        quantity: line.quantity,
        unitCents: line.unitCents,
        holders: lineHolders(line).map((h) => ({
          name: h.name ?? null,
          documentMasked: hideDocument(h.document),
        })),
      })),
    },
    buyer: {
      id: buyer.id,
      name: buyer.name,
      email: buyer.email,
      documentMasked: hideDocument(buyer.document),
      phoneMasked: maskPhone(buyer.phone),
    },
    charges,
    tickets: ticketViews,
    timeline,
  };
}

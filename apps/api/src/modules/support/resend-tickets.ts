import { randomUUID } from 'node:crypto';
import { API_MESSAGES } from '@ingressos/contracts';
import type { TStaffResendTicketsAnswer } from '@ingressos/contracts/staff-support';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { isPaid } from '@ingressos/domain/order-lifecycle';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { orders, outboxMessages, users } from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { recordStaffAction, type TStaffAction } from '../staff/audit.ts';

/**
 * POST /api/staff/orders/:orderId/resend-tickets: the purchase confirmation again, drawn by the
 * same renderer as the first (modules/tickets/mail-renderers.ts, kind 'order_confirmation': the
 * tickets' PDFs as they stand now), in the buyer's language. A fresh dedupe key per resend (the
 * first one's key would drop it); the audit line names the message, which is how the order's
 * timeline finds it. Only a paid order has tickets to send.
 */
export async function resendTickets(options: {
  db: TDb;
  outbox: { nudge(): void };
  orderId: string;
  audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'>;
  locale: TLocale;
}): Promise<TStaffResendTicketsAnswer> {
  const { db, orderId, locale } = options;
  const messages = API_MESSAGES[locale].staffSupport;
  const messageId = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: orders.status, nationality: users.nationality })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!found) throw new AppError('staff_order_not_found', messages.order_not_found);
    if (!isPaid(found.status)) throw new AppError('staff_order_not_paid', messages.order_not_paid);
    const dedupeKey = `order_confirmation:${orderId}:resend:${randomUUID()}`;
    await enqueueMessage(tx, {
      channel: 'mail',
      render: {
        kind: 'order_confirmation',
        orderId,
        locale: nationalityLocale(found.nationality as TNationality),
      },
      dedupeKey,
    });
    const [message] = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, dedupeKey));
    if (!message) throw new Error('the resent confirmation was not written');
    await recordStaffAction(tx, {
      ...options.audit,
      action: 'order.resend_tickets',
      targetType: 'order',
      targetId: orderId,
      after: { messageId: message.id },
    });
    return message.id;
  });
  options.outbox.nudge();
  return { orderId, messageId };
}

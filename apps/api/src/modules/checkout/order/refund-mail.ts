import type { TLocale } from '@ingressos/domain';
import { mailLayout, mailParagraphs } from '../../../adapters/mail/layout.ts';
import { eq } from '../../../db/orm.ts';
import { orders, users } from '../../../db/schema/index.ts';
import { siteConfig } from '../../../web/site-config.ts';
import { enqueueMessage } from '../../outbox/enqueue-message.ts';
import type { TMailDeps } from '../../tickets/mail-deps.ts';
import { paymentMessage } from '../messages.ts';
import type { TRefundReason } from './refund-order.ts';

/**
 * Tells the buyer their money was given back, why, and how much (the order's total as charged):
 * enqueued with `s.db`, the transaction that records the refund, once per order.
 */
export async function enqueueRefundMail(
  s: TMailDeps,
  orderId: string,
  reason: TRefundReason,
  locale: TLocale,
) {
  const [row] = await s.db
    .select({ email: users.email, name: users.name, order: orders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const pt = locale === 'pt-BR';
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: row.order.currency }).format(
    row.order.totalCents / 100,
  );
  const event = row.order.lines[0]?.eventName ?? '';
  const why = paymentMessage(reason === 'lot_sold_out' ? 'lot_sold_out' : `refunded_${reason}`, locale);
  const subject = pt
    ? `Estorno do pedido ${orderId.slice(0, 8).toUpperCase()}`
    : `Refund of order ${orderId.slice(0, 8).toUpperCase()}`;
  // A charge for another amount than the order's (issue 31) is refunded as it was charged, not the order's total.
  const refunded = reason === 'amount_mismatch' ? (pt ? 'o valor cobrado' : 'the amount charged') : amount;
  const lines = pt
    ? [
        `Olá, ${row.name}!`,
        why,
        `Estornamos ${refunded} referentes à sua compra para ${event}. O valor volta pelo mesmo meio de pagamento; no cartão, pode levar até duas faturas.`,
      ]
    : [
        `Hello, ${row.name}!`,
        why,
        `We refunded ${refunded} for your purchase for ${event}. The money goes back the way you paid; on a card it may take up to two statements.`,
      ];
  const brand = siteConfig(s.config).brandName;
  const mail = {
    to: row.email,
    subject,
    text: lines.join('\n\n'),
    html: mailLayout(brand, mailParagraphs(lines)),
  };
  await enqueueMessage(s.db, { channel: 'mail', mail, dedupeKey: `refund:${orderId}` });
}

import type { TLocale } from '@ingressos/domain';
import { mailLayout, mailParagraphs } from '../../../adapters/mail/layout.ts';
import { eq, like, or } from '../../../db/orm.ts';
import { orders, refunds, users } from '../../../db/schema/index.ts';
import { siteConfig } from '../../../web/site-config.ts';
import { enqueueMessage } from '../../outbox/enqueue-message.ts';
import type { TMailDeps } from '../../tickets/mail-deps.ts';

const code = (orderId: string) => orderId.slice(0, 8).toUpperCase();
const money = (cents: number, currency: string, locale: TLocale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/**
 * Issue 33: tells the buyer a staff refund went through: how much, for how many tickets, and why
 * (a refund asked for, a protection claim, the event cancelled). Enqueued with `s.db`, the
 * transaction that marks the request's last row done; once per request (its base id is the key).
 */
export async function enqueueStaffRefundMail(s: TMailDeps, base: string, locale: TLocale) {
  const rows = await s.db
    .select({ refund: refunds, email: users.email, name: users.name, lines: orders.lines })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(or(eq(refunds.id, base), like(refunds.id, `${base}.%`)));
  const first = rows[0];
  if (!first) return;
  const { refund } = first;
  const pt = locale === 'pt-BR';
  const amount = money(
    rows.reduce((sum, row) => sum + row.refund.amountCents, 0),
    refund.currency,
    locale,
  );
  const event = first.lines[0]?.eventName ?? '';
  const n = refund.ticketIds.length;
  const tickets = pt ? `${n} ingresso${n === 1 ? '' : 's'}` : `${n} ticket${n === 1 ? '' : 's'}`;
  const why =
    refund.kind === 'event_cancelled'
      ? pt
        ? `O evento ${event} foi cancelado pelo organizador. Seus ingressos foram cancelados e o valor pago foi estornado.`
        : `The event ${event} was cancelled by its organiser. Your tickets were cancelled and what you paid was refunded.`
      : refund.kind === 'protection'
        ? pt
          ? 'Seu pedido de reembolso pela proteção de reembolso foi aceito.'
          : 'Your refund protection claim was accepted.'
        : pt
          ? `Estornamos ${tickets} do seu pedido para ${event}; ${n === 1 ? 'ele não vale' : 'eles não valem'} mais na entrada.`
          : `We refunded ${tickets} of your order for ${event}; ${n === 1 ? 'it no longer admits' : 'they no longer admit'} anyone at the gate.`;
  const lines = pt
    ? [
        `Olá, ${first.name}!`,
        why,
        `Estornamos ${amount} do pedido ${code(refund.orderId)}. O valor volta pelo mesmo meio de pagamento; no cartão, pode levar até duas faturas.`,
      ]
    : [
        `Hello, ${first.name}!`,
        why,
        `We refunded ${amount} of order ${code(refund.orderId)}. The money goes back the way you paid; on a card it may take up to two statements.`,
      ];
  const subject =
    refund.kind === 'event_cancelled'
      ? pt
        ? `Evento cancelado: estorno do pedido ${code(refund.orderId)}`
        : `Event cancelled: refund of order ${code(refund.orderId)}`
      : pt
        ? `Estorno do pedido ${code(refund.orderId)}`
        : `Refund of order ${code(refund.orderId)}`;
  const brand = siteConfig(s.config).brandName;
  await enqueueMessage(s.db, {
    channel: 'mail',
    mail: {
      to: first.email,
      subject,
      text: lines.join('\n\n'),
      html: mailLayout(brand, mailParagraphs(lines)),
    },
    dedupeKey: `staff-refund:${base}`,
  });
}

/** Issue 33: tells a buyer their event moved to a new date; their tickets stay valid. Once per order and postponement. */
export async function enqueuePostponementMail(
  s: TMailDeps,
  order: { orderId: string; email: string; name: string; eventName: string; timeZone: string },
  postponement: { id: number; newStartsAt: Date; reason: string },
  locale: TLocale,
) {
  const pt = locale === 'pt-BR';
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: order.timeZone,
  }).format(postponement.newStartsAt);
  const lines = pt
    ? [
        `Olá, ${order.name}!`,
        `O evento ${order.eventName} foi adiado para ${when}.`,
        `Motivo: ${postponement.reason}`,
        'Seus ingressos continuam válidos para a nova data; não é preciso fazer nada.',
      ]
    : [
        `Hello, ${order.name}!`,
        `The event ${order.eventName} was postponed to ${when}.`,
        `Why: ${postponement.reason}`,
        'Your tickets stay valid for the new date; there is nothing to do.',
      ];
  const brand = siteConfig(s.config).brandName;
  await enqueueMessage(s.db, {
    channel: 'mail',
    mail: {
      to: order.email,
      subject: pt ? `Evento adiado: ${order.eventName}` : `Event postponed: ${order.eventName}`,
      text: lines.join('\n\n'),
      html: mailLayout(brand, mailParagraphs(lines)),
    },
    dedupeKey: `postpone:${postponement.id}:${order.orderId}`,
  });
}

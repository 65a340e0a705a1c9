import type { TLocale } from '@ingressos/domain';
import { eq } from 'drizzle-orm';
import type { TMail } from '../../adapters/mail/index.ts';
import { orders, users } from '../../db/schema/index.ts';
import { siteConfig } from '../../web/site-config.ts';
import type { TMailDeps } from './mail-deps.ts';
import { pdfTickets } from './my-tickets.ts';
import { ticketsPdf } from './ticket-pdf.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The purchase confirmation, with every ticket of the order attached as one PDF (A6 pages with
 * QR); null when the order has no ticket to send. The outbox worker makes it at first delivery
 * (issue-tickets.ts enqueues it with the tickets).
 */
export async function renderConfirmationMail(
  s: TMailDeps,
  orderId: string,
  locale: TLocale,
): Promise<TMail | null> {
  const [row] = await s.db
    .select({
      email: users.email,
      name: users.name,
      totalCents: orders.totalCents,
      currency: orders.currency,
      installments: orders.installments,
      method: orders.method,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const list = await pdfTickets(s.db, { orderId }, locale);
  if (list.length === 0) return null;
  const pdf = await ticketsPdf(list);
  const brand = siteConfig(s.config).brandName;
  const link = `${s.config.publicUrl}/meus-ingressos`;
  const pt = locale === 'pt-BR';
  const number = orderId.slice(0, 8).toUpperCase();
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: row.currency });
  const amount = money.format(row.totalCents / 100);
  const paid =
    row.method === 'free'
      ? pt
        ? 'Pedido gratuito: nenhum valor foi cobrado.'
        : 'Free order: nothing was charged.'
      : row.installments > 1
        ? pt
          ? `Total pago: ${amount} em ${row.installments}x de ${money.format(row.totalCents / row.installments / 100)}.`
          : `Total paid: ${amount} in ${row.installments} installments of ${money.format(row.totalCents / row.installments / 100)}.`
        : pt
          ? `Total pago: ${amount}.`
          : `Total paid: ${amount}.`;
  const subject = pt ? `Seus ingressos para ${list[0]!.eventName}` : `Your tickets for ${list[0]!.eventName}`;
  const lines = pt
    ? [
        `Olá, ${row.name}!`,
        `Pedido ${number} confirmado. Seus ${list.length} ingresso(s) para ${list[0]!.eventName} (${list[0]!.date}) estão no PDF anexo e em Meus ingressos.`,
        paid,
      ]
    : [
        `Hello, ${row.name}!`,
        `Order ${number} confirmed. Your ${list.length} ticket(s) for ${list[0]!.eventName} (${list[0]!.date}) are in the attached PDF and in My tickets.`,
        paid,
      ];
  const action = pt ? 'Ver meus ingressos' : 'See my tickets';
  return {
    to: row.email,
    subject,
    text: [...lines, '', `${action}: ${link}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f2e;max-width:560px;margin:auto">
<h1 style="color:#5b21b6;font-size:22px">${escapeHtml(brand)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b21b6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
</body></html>`,
    attachments: [{ filename: 'ingressos.pdf', content: pdf, contentType: 'application/pdf' }],
  };
}

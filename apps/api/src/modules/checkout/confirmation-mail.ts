import type { TLocale } from '@ingressos/domain';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../db/schema/index.ts';
import { siteConfig } from '../../web/site-config.ts';
import { pdfTickets } from './my-tickets.ts';
import type { TCheckoutServices } from './services.ts';
import { ticketsPdf } from './ticket-pdf.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The purchase confirmation, with every ticket of the order attached as one PDF (A6 pages with QR). */
export async function sendConfirmationMail(s: TCheckoutServices, orderId: string, locale: TLocale) {
  const [row] = await s.db
    .select({ email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const list = await pdfTickets(s.db, { orderId }, locale);
  if (list.length === 0) return;
  const pdf = await ticketsPdf(list);
  const brand = siteConfig(s.config).brandName;
  const link = `${s.config.publicUrl}/meus-ingressos`;
  const pt = locale === 'pt-BR';
  const subject = pt ? `Seus ingressos para ${list[0]!.eventName}` : `Your tickets for ${list[0]!.eventName}`;
  const lines = pt
    ? [
        `Olá, ${row.name}!`,
        `Seu pagamento foi aprovado. Seus ${list.length} ingresso(s) para ${list[0]!.eventName} (${list[0]!.date}) estão no PDF anexo e em Meus ingressos.`,
      ]
    : [
        `Hello, ${row.name}!`,
        `Your payment was approved. Your ${list.length} ticket(s) for ${list[0]!.eventName} (${list[0]!.date}) are in the attached PDF and in My tickets.`,
      ];
  const action = pt ? 'Ver meus ingressos' : 'See my tickets';
  await s.mailer.send({
    to: row.email,
    subject,
    text: [...lines, '', `${action}: ${link}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f2e;max-width:560px;margin:auto">
<h1 style="color:#5b21b6;font-size:22px">${escapeHtml(brand)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b21b6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
</body></html>`,
    attachments: [{ filename: 'ingressos.pdf', content: pdf, contentType: 'application/pdf' }],
  });
}

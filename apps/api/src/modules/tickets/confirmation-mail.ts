import type { TOrderReceipt } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { escapeHtml } from '@ingressos/domain/html';
import { formatMoney } from '@ingressos/domain/money';
import type { TMail } from '../../adapters/mail/index.ts';
import { mailButton, mailLayout } from '../../adapters/mail/layout.ts';
import { eq, sql } from '../../db/orm.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { events, orders, users, venues } from '../../db/schema/index.ts';
import { siteConfig } from '../../web/site-config.ts';
import { getOrderReceipt } from './get-order-receipt.ts';
import type { TMailDeps } from './mail-deps.ts';
import { pdfTickets } from './my-tickets.ts';
import { ticketsPdf } from './ticket-pdf.ts';

const pluralRules = new Map<TLocale, Intl.PluralRules>();
/** Intl.PluralRules is costly to build (1 % of the purchase bench's CPU when made per e-mail): one per language. */
function pluralOf(locale: TLocale, n: number) {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

/** The e-mail's words, by language and count (CLDR plural rules: never '(s)'). */
function wording(locale: TLocale, receipt: TOrderReceipt, n: number, date: string) {
  const one = pluralOf(locale, n) === 'one';
  const money = (value: number) => formatMoney(value, receipt.currency);
  const event = receipt.event.name;
  const { payment } = receipt;
  if (locale === 'pt-BR') {
    const paid =
      payment.method === 'free'
        ? 'Pedido gratuito: nenhum valor foi cobrado.'
        : payment.installments > 1
          ? `Total pago: ${money(receipt.total)} em ${payment.installments}x de ${money(payment.installmentValue)}.`
          : `Total pago: ${money(receipt.total)}${payment.method === 'pix' ? ' via Pix' : ''}.`;
    return {
      subject: `Pedido ${receipt.number} confirmado: ${one ? 'seu ingresso' : 'seus ingressos'} para ${event}`,
      intro: `Pedido ${receipt.number} confirmado. ${
        one
          ? `Seu ingresso para ${event} (${date}) está`
          : `Seus ${n} ingressos para ${event} (${date}) estão`
      } no PDF anexo e em Meus ingressos.`,
      paid,
      holder: 'Titular',
      action: 'Ver pedido',
      tickets: 'Meus ingressos',
      appOnly:
        'Este evento usa QR dinâmico: apresente o ingresso no app/site, em Meus ingressos. O PDF não tem código de entrada.',
      greeting: (name: string) => `Olá, ${name}!`,
    };
  }
  const paid =
    payment.method === 'free'
      ? 'Free order: nothing was charged.'
      : payment.installments > 1
        ? `Total paid: ${money(receipt.total)} in ${payment.installments} installments of ${money(payment.installmentValue)}.`
        : `Total paid: ${money(receipt.total)}${payment.method === 'pix' ? ' by Pix' : ''}.`;
  return {
    subject: `Order ${receipt.number} confirmed: your ${one ? 'ticket' : 'tickets'} for ${event}`,
    intro: `Order ${receipt.number} confirmed. ${
      one ? `Your ticket for ${event} (${date}) is` : `Your ${n} tickets for ${event} (${date}) are`
    } in the attached PDF and in My tickets.`,
    paid,
    holder: 'Holder',
    action: 'See order',
    tickets: 'My tickets',
    appOnly:
      'This event uses a rotating QR: show the ticket in the app/site, in My tickets. The PDF has no entry code.',
    greeting: (name: string) => `Hello, ${name}!`,
  };
}

/** The order with its buyer, event and venue: built once (issue 37: the widest select of a purchase). */
const mailRow = preparedPerDb((db) =>
  db
    .select({ email: users.email, name: users.name, order: orders, event: events, venue: venues })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('confirmation_mail_order'),
);

/**
 * The purchase confirmation: order number, each ticket, the amount, a link to the order, and every
 * ticket of the order attached as one PDF (A6 pages with QR); null when the order has no ticket to
 * send. The outbox worker makes it at first delivery (issue-tickets.ts enqueues it with the tickets).
 */
export async function renderConfirmationMail(
  s: TMailDeps,
  orderId: string,
  locale: TLocale,
): Promise<TMail | null> {
  const [row] = await mailRow(s.db).execute({ orderId });
  if (!row) return null;
  const list = await pdfTickets(s.db, { orderId }, locale);
  if (list.length === 0) return null;
  const pdf = await ticketsPdf(list);
  const receipt = await getOrderReceipt(s.db, row.order, row.order.userId, {
    ticketCodes: false,
    place: { event: row.event, venue: row.venue },
  });
  const brand = siteConfig(s.config).brandName;
  const orderLink = `${s.config.publicUrl}/pedido/${orderId}`;
  const ticketsLink = `${s.config.publicUrl}/meus-ingressos`;
  const w = wording(locale, receipt, receipt.items.length, list[0]!.date);
  // Issue 35: a rotating-only event's PDF has no code (nor does this e-mail): say where the code is.
  const intro = list.some((ticket) => ticket.qr === null) ? `${w.intro} ${w.appOnly}` : w.intro;
  const items = receipt.items.map(
    (item) =>
      `${item.sectionName} · ${item.ticketName}${item.placeAlias ? ` · ${item.placeAlias}` : ''} — ${w.holder}: ${
        item.holderName ? `${item.holderName}, ` : ''
      }CPF ${item.holderCpf} — ${formatMoney(item.unitPrice, receipt.currency)}`,
  );
  const text = [
    w.greeting(row.name),
    '',
    intro,
    '',
    ...items.map((line) => `- ${line}`),
    '',
    w.paid,
    '',
    `${w.action}: ${orderLink}`,
    `${w.tickets}: ${ticketsLink}`,
  ].join('\n');
  return {
    to: row.email,
    subject: w.subject,
    text,
    html: mailLayout(
      brand,
      `<p>${escapeHtml(w.greeting(row.name))}</p>
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:18px">${items.map((line) => `<li style="margin:4px 0">${escapeHtml(line)}</li>`).join('')}</ul>
<p><strong>${escapeHtml(w.paid)}</strong></p>
<p>${mailButton(orderLink, w.action, '999px')}
&nbsp; <a href="${escapeHtml(ticketsLink)}" style="color:#5b21b6">${escapeHtml(w.tickets)}</a></p>`,
    ),
    attachments: [{ filename: 'ingressos.pdf', content: pdf, contentType: 'application/pdf' }],
  };
}

import type { TCommissionerSalesResponse } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { findCommissioner } from './find-commissioner.ts';

type TOrderRow = {
  id: string;
  paid_at: Date | string;
  event_id: number;
  event_name: string;
  starts_at: Date | string;
  currency: string;
  status: number;
  total_cents: number;
  refund_service_cents: number;
  tickets: number;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const amount = (cents: number) => Math.round(cents) / 100;

/**
 * What a commissioner sold (orders it is the seller of, commerce §6): every paid order, and the
 * ones refunded after payment, newest first; totals per event count the paid ones only.
 */
export async function commissionerSales(
  db: TDb,
  commissionerId: number,
  expiresAt: Date,
  locale: TLocale,
): Promise<TCommissionerSalesResponse> {
  const commissioner = await findCommissioner(db, { id: commissionerId }, locale);
  const result = await rows<TOrderRow>(
    db,
    sql`
    select o.id, o.paid_at, o.event_id, e.name as event_name, e.starts_at, o.currency, o.status,
      o.total_cents, o.refund_service_cents,
      (select count(*)::int from tickets t where t.order_id = o.id) as tickets
    from orders o join events e on e.id = o.event_id
    where o.seller_id = ${commissioner.id} and o.paid_at is not null
      and o.status in (${ORDER_STATUS.PAGO}, ${ORDER_STATUS.ESTORNADO})
    order by o.paid_at desc, o.id
    limit 5000`,
  );
  const byEvent = new Map<number, TCommissionerSalesResponse['events'][number]>();
  for (const row of result) {
    if (row.status !== ORDER_STATUS.PAGO) continue;
    const entry = byEvent.get(row.event_id) ?? {
      eventId: row.event_id,
      eventName: row.event_name,
      startsAt: iso(row.starts_at),
      currency: row.currency,
      orders: 0,
      tickets: 0,
      total: 0,
      refundService: 0,
    };
    entry.orders += 1;
    entry.tickets += row.tickets;
    entry.total = amount(entry.total * 100 + row.total_cents);
    entry.refundService = amount(entry.refundService * 100 + row.refund_service_cents);
    byEvent.set(row.event_id, entry);
  }
  return {
    commissioner: { id: commissioner.id, name: commissioner.name },
    expiresAt: expiresAt.toISOString(),
    events: [...byEvent.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    orders: result.map((row) => ({
      orderId: row.id,
      paidAt: iso(row.paid_at),
      eventId: row.event_id,
      eventName: row.event_name,
      tickets: row.tickets,
      total: amount(row.total_cents),
      refundService: amount(row.refund_service_cents),
      currency: row.currency,
      status: row.status,
    })),
  };
}

/** One CSV field (RFC 4180), with a leading =, +, - or @ made inert for spreadsheets (CSV injection). */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const STATUS_WORDS = { 'pt-BR': ['pago', 'estornado'], en: ['paid', 'refunded'] } as const;

const HEADERS = {
  'pt-BR': [
    'pedido',
    'pago_em',
    'evento_id',
    'evento',
    'ingressos',
    'total',
    'servico_reembolso',
    'moeda',
    'status',
  ],
  en: ['order', 'paid_at', 'event_id', 'event', 'tickets', 'total', 'refund_service', 'currency', 'status'],
} as const;

/**
 * The sales as CSV: UTF-8 with a BOM (so Excel in Portuguese opens accents right), comma
 * separated, amounts with a dot and two decimals, one line per order, CRLF line ends.
 */
export function salesCsv(sales: TCommissionerSalesResponse, locale: TLocale): string {
  const lines = [HEADERS[locale].join(',')];
  for (const order of sales.orders) {
    lines.push(
      [
        order.orderId,
        order.paidAt,
        order.eventId,
        order.eventName,
        order.tickets,
        order.total.toFixed(2),
        order.refundService.toFixed(2),
        order.currency,
        STATUS_WORDS[locale][order.status === ORDER_STATUS.PAGO ? 0 : 1],
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

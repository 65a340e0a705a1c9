import { hideDocument } from '@ingressos/domain/cpf';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { recordStaffAction } from '../staff/audit.ts';
import { csvCell } from '../staff/audit-csv.ts';
import type { TStaffRole } from '../staff/roles.ts';
import { COURTESY_ORIGIN } from './courtesies.ts';
import type { TStaffAudit } from './staff-audit.ts';

/** Rows read per query while a CSV streams: the file is never held whole in memory. */
const PAGE = 1_000;

/** Only an administrator sees a whole CPF in an export; every other role gets it masked (docs/decisions.md). */
export function mayReadCpf(role: TStaffRole): boolean {
  return role === 'admin';
}

const line = (cells: unknown[]) =>
  `${cells.map((cell) => csvCell(typeof cell === 'number' ? String(cell) : cell)).join(',')}\r\n`;
const iso = (value: unknown) =>
  value === null || value === undefined ? '' : new Date(value as string).toISOString();

export const ORDERS_CSV_COLUMNS = [
  'order_id',
  'created_at',
  'paid_at',
  'status',
  'method',
  'channel',
  'buyer_name',
  'buyer_email',
  'buyer_cpf',
  'tickets',
  'total_cents',
  'refunded_cents',
  'currency',
] as const;

export const ATTENDEES_CSV_COLUMNS = [
  'ticket_id',
  'order_id',
  'holder_name',
  'holder_cpf',
  'section',
  'ticket',
  'place',
  'courtesy',
  'voided',
  'checked_in_at',
  'gate',
] as const;

type TExport = 'orders' | 'attendees';

/**
 * The orders.csv or attendees.csv of one event, as a stream of CSV lines (RFC 4180, formulas
 * defused like the audit log's export), read in pages by keyset so no query and no buffer grows
 * with the event. The export is audited before the first line (who took which file, and whether
 * CPFs were whole).
 */
export async function* eventCsv(
  db: TDb,
  input: { eventId: number; kind: TExport; role: TStaffRole; audit: TStaffAudit },
): AsyncGenerator<string> {
  const whole = mayReadCpf(input.role);
  await recordStaffAction(db, {
    ...input.audit,
    action: `event.export_${input.kind}`,
    targetType: 'event',
    targetId: String(input.eventId),
    after: { cpf: whole ? 'whole' : 'masked' },
  });
  const cpf = (value: unknown) =>
    typeof value !== 'string' || value === '' ? '' : whole ? value : hideDocument(value);
  yield line([...(input.kind === 'orders' ? ORDERS_CSV_COLUMNS : ATTENDEES_CSV_COLUMNS)]);
  let after = '';
  for (;;) {
    const page =
      input.kind === 'orders'
        ? await rows<Record<string, unknown>>(
            db,
            sql`select o.id, o.created_at, o.paid_at, o.status, o.method, o.sale_origin, u.name, u.email,
                  o.buyer_document, o.total_cents, o.currency,
                  (select count(*) from tickets k where k.order_id = o.id)::int as tickets,
                  (select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = o.id and r.status = 'done')::int as refunded
                from orders o join users u on u.id = o.user_id
                where o.event_id = ${input.eventId} and o.id > ${after} order by o.id limit ${PAGE}`,
          )
        : await rows<Record<string, unknown>>(
            db,
            sql`select k.id, k.order_id, k.holder_cpf, k.voided_at, k.checked_in_at, k.check_in_gate,
                  o.sale_origin, s.name as section, t.name as ticket, p.alias as place,
                  coalesce((select h->>'name' from jsonb_array_elements(o.lines) l,
                      jsonb_array_elements(coalesce(l->'holders', '[]'::jsonb)) h
                    where h->>'document' = k.holder_cpf limit 1), case when u.document = k.holder_cpf then u.name end) as holder_name
                from tickets k join orders o on o.id = k.order_id join users u on u.id = k.user_id
                join event_tickets t on t.id = k.ticket_id join event_sections s on s.id = t.section_id
                left join controlled_places p on p.id = k.controlled_place_id
                where k.event_id = ${input.eventId} and k.id > ${after} order by k.id limit ${PAGE}`,
          );
    for (const row of page)
      yield input.kind === 'orders'
        ? line([
            row.id,
            iso(row.created_at),
            iso(row.paid_at),
            Number(row.status),
            row.method,
            row.sale_origin,
            row.name,
            row.email,
            cpf(row.buyer_document),
            Number(row.tickets),
            Number(row.total_cents),
            Number(row.refunded),
            row.currency,
          ])
        : line([
            row.id,
            row.order_id,
            row.holder_name ?? '',
            cpf(row.holder_cpf),
            row.section,
            row.ticket,
            row.place ?? '',
            row.sale_origin === COURTESY_ORIGIN ? 'yes' : 'no',
            row.voided_at ? 'yes' : 'no',
            iso(row.checked_in_at),
            row.check_in_gate ?? '',
          ]);
    if (page.length < PAGE) return;
    after = String(page[page.length - 1]!.id);
  }
}

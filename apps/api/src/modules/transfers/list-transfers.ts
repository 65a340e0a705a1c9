import type { TTransferStatus, TTransferView } from '@ingressos/contracts';
import { TRANSFER_STATUS } from '@ingressos/contracts/transfers';
import type { TLocale } from '@ingressos/domain';
import { hideCpf } from '@ingressos/domain/cpf';
import { firstName } from '@ingressos/domain/person-name';
import type { TDb } from '../../db/client.ts';
import { type SQLWrapper, sql } from '../../db/orm.ts';
import { rowsOf } from '../../db/rows.ts';
import type { TOrderLine } from '../../db/schema/index.ts';
import { lineOf } from '../tickets/my-tickets.ts';
import { hideEmail, type TMe } from './transfer-facts.ts';

/**
 * The transfers `me` receives: addressed to their account, or to their CPF before they had one.
 * `me` may also be the users table's columns, for a subquery of a read of the user (get-visitor.ts).
 */
export const receivedBy = (me: Pick<TMe, 'id' | 'document'> | { id: SQLWrapper; document: SQLWrapper }) =>
  sql`(tt.destination_user_id = ${me.id} or (tt.destination_user_id is null and tt.destination_cpf = ${me.document}))`;

type TListRow = {
  id: string;
  status: number;
  ticket_id: string;
  unit: number;
  from_user_id: string;
  destination_cpf: string;
  created_at: Date | string;
  updated_at: Date | string;
  event_id: number;
  event_name: string;
  starts_at: Date | string;
  time_zone: string;
  venue: string;
  city: string;
  state: string;
  lines: TOrderLine[];
  sender_name: string;
  destination_email: string | null;
};

/** GET /api/transferTicket/getUserTransfers: received and/or sent, newest first. */
export async function listTransfers(
  db: TDb,
  me: TMe,
  filter: { status?: TTransferStatus; direction: 'received' | 'sent' | 'all'; id?: string },
  locale: TLocale,
): Promise<TTransferView[]> {
  const received = receivedBy(me);
  const sent = sql`tt.from_user_id = ${me.id}`;
  const where = [
    filter.direction === 'received'
      ? received
      : filter.direction === 'sent'
        ? sent
        : sql`(${received} or ${sent})`,
    filter.status === undefined ? sql`true` : sql`tt.status = ${filter.status}`,
    filter.id ? sql`tt.id = ${filter.id}` : sql`true`,
  ];
  const rows = rowsOf<TListRow>(
    await db.execute(sql`
      select tt.id, tt.status, tt.ticket_id, t.unit, tt.from_user_id, tt.destination_cpf, tt.created_at, tt.updated_at,
             e.id as event_id, e.name as event_name, e.starts_at, e.time_zone,
             v.name as venue, v.city, v.state, o.lines,
             s.name as sender_name,
             (select d.email from users d
               where d.id = tt.destination_user_id or (tt.destination_user_id is null and d.document = tt.destination_cpf)
               limit 1) as destination_email
      from ticket_transfers tt
      join tickets t on t.id = tt.ticket_id
      join orders o on o.id = t.order_id
      join events e on e.id = t.event_id
      join venues v on v.id = e.venue_id
      join users s on s.id = tt.from_user_id
      where ${sql.join(where, sql` and `)}
      order by tt.created_at desc
      limit 200`),
  );
  return rows.map((row) => {
    const line = lineOf(row.lines, row.unit);
    const direction = row.from_user_id === me.id ? 'sent' : 'received';
    return {
      id: row.id,
      direction,
      status: row.status as TTransferStatus,
      ticketId: row.ticket_id,
      eventId: row.event_id,
      eventName: row.event_name,
      eventDate: new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: row.time_zone,
      }).format(new Date(row.starts_at)),
      place: `${row.venue} · ${row.city} - ${row.state}`,
      sectionName: line?.sectionName ?? '',
      ticketName: line?.ticketName ?? '',
      destinationCpf: hideCpf(row.destination_cpf),
      counterpart:
        direction === 'received'
          ? firstName(row.sender_name)
          : row.destination_email
            ? hideEmail(row.destination_email)
            : null,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    } satisfies TTransferView;
  });
}

/** How many transfers wait for `me` to answer (the shell's pop-up and the bell's badge). */
export async function pendingReceivedCount(db: TDb, me: TMe) {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select (${pendingReceivedCountQuery(me)}) as n`));
  return row?.n ?? 0;
}

/** The count as a subquery, for a read that asks it with others in one statement (get-visitor.ts). */
export function pendingReceivedCountQuery(me: Parameters<typeof receivedBy>[0]) {
  return sql`select count(*)::int from ticket_transfers tt where ${receivedBy(me)} and tt.status = ${TRANSFER_STATUS.PENDING}`;
}

import type { TGateDuplicates } from '@ingressos/contracts/gate';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TStaff } from '../staff/roles.ts';

export type TDuplicate = {
  ticketId: string;
  eventId: number;
  firstAt: string;
  firstGate: string | null;
  firstDevice: string | null;
  duplicateAt: string;
  duplicateGate: string | null;
  duplicateDevice: string;
  clientId: string;
};

/**
 * Issue 35: the one writer of gate_check_in_conflicts (structure-writers.test.ts). Called by the
 * sync's transaction (gate/check-in.ts); a retried sync's rows are there already (unique
 * device + clientId) and are not written twice.
 */
export async function reportDuplicates(tx: TDb, found: readonly TDuplicate[]): Promise<void> {
  if (found.length === 0) return;
  await rows(
    tx,
    sql`insert into gate_check_in_conflicts (ticket_id, event_id, first_at, first_gate, first_device,
          duplicate_at, duplicate_gate, duplicate_device, client_id)
        select i."ticketId", i."eventId", i."firstAt", i."firstGate", i."firstDevice", least(i."duplicateAt", now()),
          i."duplicateGate", i."duplicateDevice", i."clientId"
        from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as i("ticketId" text, "eventId" int, "firstAt" timestamptz,
          "firstGate" text, "firstDevice" text, "duplicateAt" timestamptz, "duplicateGate" text, "duplicateDevice" text, "clientId" text)
        on conflict (duplicate_device, client_id) do nothing`,
  );
}

const iso = (value: unknown) => new Date(value as string).toISOString();

/**
 * The operator's console: duplicates newest first (at most 500), of one event or of every event the
 * staff member covers (admin and support: all; a producer: their own events).
 */
export async function listDuplicates(
  db: TDb,
  staff: Pick<TStaff, 'role' | 'eventIds'>,
  eventId: number | undefined,
): Promise<TGateDuplicates> {
  const scoped = staff.role === 'producer';
  if (scoped && staff.eventIds.length === 0) return { duplicates: [] };
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select c.*, e.name as event_name, s.name as section, t.name as ticket, hu.name as holder_name
        from gate_check_in_conflicts c join events e on e.id = c.event_id
        join tickets k on k.id = c.ticket_id join event_tickets t on t.id = k.ticket_id
        join event_sections s on s.id = t.section_id left join users hu on hu.document = k.holder_cpf
        where ${eventId === undefined ? sql`true` : sql`c.event_id = ${eventId}`}
          and ${
            scoped
              ? sql`c.event_id in (${sql.join(
                  staff.eventIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql`true`
          }
        order by c.reported_at desc, c.id desc limit 500`,
  );
  return {
    duplicates: found.map((r) => ({
      id: Number(r.id),
      eventId: Number(r.event_id),
      eventName: String(r.event_name),
      ticketId: String(r.ticket_id),
      section: String(r.section),
      ticket: String(r.ticket),
      holderName: (r.holder_name as string | null) ?? null,
      firstAt: iso(r.first_at),
      firstGate: (r.first_gate as string | null) ?? null,
      firstDevice: (r.first_device as string | null) ?? null,
      duplicateAt: iso(r.duplicate_at),
      duplicateGate: (r.duplicate_gate as string | null) ?? null,
      duplicateDevice: String(r.duplicate_device),
      reportedAt: iso(r.reported_at),
    })),
  };
}

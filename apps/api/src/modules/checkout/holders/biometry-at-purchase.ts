import type { TLocale } from '@ingressos/domain';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { biometryRequired } from '@ingressos/domain/biometry-requirement';
import { hideCpf, isCpfDocument } from '@ingressos/domain/cpf';
import { sql } from '../../../db/orm.ts';
import { lineHolders, type TOrderLine } from '../../../db/schema/index.ts';
import { paymentError } from '../messages.ts';

type TExec = { execute: (q: ReturnType<typeof sql>) => Promise<unknown> };
type THolderRow = {
  document: string;
  name: string;
  nationality: number;
  birth_date: string;
  status: number | null;
};

/**
 * The ticket types among `ticketIds` whose holders need ACTIVE biometry at purchase (the event's
 * `facialIsActive` and the type's `facialAtMomentOfPurchase`), as an SQL expression (an int array, or
 * null for none) for the reserve transaction's first read to carry (issue 37: no statement of its own).
 */
export function facialTicketsOf(eventId: number, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return sql`null::int[]`;
  return sql`(select array_agg(t.id) from event_tickets t join event_sections s on s.id = t.section_id
      join events e on e.id = s.event_id
      where e.id = ${eventId} and e.facial_is_active and t.facial_at_moment_of_purchase
        and t.id in (${sql.join(
          ticketIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`;
}

/**
 * Issue 16: an event/ticket type with `facialAtMomentOfPurchase` requires every holder identified by
 * CPF whom the rule requires (packages/domain/src/biometry-requirement.ts) to have an account with
 * ACTIVE biometry. Runs inside the reserve transaction, before any order, payment or gateway call;
 * `facialTickets` are the lines' ticket types that require it, read in that transaction
 * (facialTicketsOf). The status is the newest biometry_enrolments row of the account owning the CPF
 * (what biometryStatusOfUsers answers), read in the reserve transaction itself. A CPF without an
 * account is required (unknown birth date and nationality) and so blocks: the person must create an
 * account and enrol.
 */
export async function assertHoldersBiometry(
  tx: TExec,
  facialTickets: ReadonlySet<number>,
  lines: TOrderLine[],
  locale: TLocale,
  today?: string,
): Promise<void> {
  const byTicket = new Map<number, Set<string>>();
  for (const line of lines) {
    if (!facialTickets.has(line.ticketId)) continue;
    const set = byTicket.get(line.ticketId) ?? new Set<string>();
    for (const holder of lineHolders(line)) if (isCpfDocument(holder.document)) set.add(holder.document);
    byTicket.set(line.ticketId, set);
  }
  const missing: string[] = [];
  for (const cpfs of byTicket.values()) {
    if (cpfs.size === 0) continue;
    for (const cpf of cpfs) {
      const found = (await tx.execute(
        sql`select u.document, u.name, u.nationality, u.birth_date::text as birth_date,
              (select b.status from biometry_enrolments b where b.user_id = u.id
                order by b.created_at desc limit 1) as status
            from users u where u.document = ${cpf} limit 1`,
      )) as { rows: THolderRow[] };
      const holder = found.rows[0];
      const required = biometryRequired(
        { facialIsActive: true, facialAtMomentOfPurchase: true },
        holder
          ? { birthDate: holder.birth_date, nationality: holder.nationality === 1 ? 1 : 0 }
          : { birthDate: null, nationality: null },
        today,
      );
      if (!required) continue;
      if (holder && Number(holder.status) === BIOMETRY_STATUS.ACTIVE) continue;
      const label = holder ? `${holder.name} (${hideCpf(cpf)})` : hideCpf(cpf);
      if (!missing.includes(label)) missing.push(label);
    }
  }
  if (missing.length > 0) throw paymentError('biometry_required', locale, { holders: missing.join(', ') });
}

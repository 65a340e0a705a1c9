import type { TImportEvent } from '@ingressos/contracts';
import { API_MESSAGES } from '@ingressos/contracts';
import type { TProducerEventSaved, TProducerStatusRequest } from '@ingressos/contracts/staff-producer';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { AppError } from '../app-error.ts';
import { exportEventDocument } from '../catalogue/export-event.ts';
import { importCatalogueIn, type TImportIssue } from '../catalogue/import-catalogue.ts';
import { recordStaffAction } from '../staff/audit.ts';
import type { TStaff } from '../staff/roles.ts';
import { eventNotFound, lotCounters } from './event-document.ts';
import type { TStaffAudit } from './staff-audit.ts';

type TActor = TStaffAudit & { staff: Pick<TStaff, 'id' | 'email' | 'role' | 'eventIds'> };

const message = (locale: TLocale) => API_MESSAGES[locale].staffProducer;
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** The import's problems with their paths inside the event (`events[0].` taken off), as a 422. */
function invalid(errors: TImportIssue[], locale: TLocale): AppError {
  return new AppError('event_invalid', message(locale).event_invalid, {
    issues: errors.map((error) => ({
      path: error.path.replace(/^events\[0\]\.?/, '') || '(event)',
      message: error.message,
    })),
  });
}

/** The document's slug and producer, read loosely: the import validates the rest. */
function fieldsOf(document: unknown): { slug?: unknown; producer?: unknown } {
  return typeof document === 'object' && document !== null ? (document as Record<string, unknown>) : {};
}

/**
 * What a producer may name as the event's producer: the name their events already carry, or, for
 * their first event, any name no event outside their scope carries (so no one signs as another
 * company). Administrators name any producer.
 */
async function assertProducerName(
  tx: TDb,
  actor: TActor,
  name: unknown,
  current: string | null,
  locale: TLocale,
) {
  if (actor.staff.role !== 'producer' || typeof name !== 'string') return; // the import answers a missing name
  const refuse = () => new AppError('event_producer_fixed', message(locale).event_producer_fixed);
  const wanted = name.trim();
  if (current !== null) {
    if (wanted !== current) throw refuse();
    return;
  }
  const own = actor.staff.eventIds;
  const carrying = await rows<{ id: number }>(
    tx,
    sql`select e.id from events e join producers p on p.id = e.producer_id where p.name = ${wanted}`,
  );
  // A name is theirs only when every event carrying it is theirs.
  if (carrying.some((row) => !own.includes(Number(row.id)))) throw refuse();
  if (own.length === 0) return;
  const mine = await rows<{ name: string }>(
    tx,
    sql`select distinct p.name from events e join producers p on p.id = e.producer_id
        where e.id in (${sql.join(
          own.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  if (mine.length > 0 && !mine.some((row) => row.name === wanted)) throw refuse();
}

/**
 * POST /api/staff/producer/events: a new event from one import-format document, in one
 * transaction with its audit line; a producer gets it added to their `eventIds` in the same
 * transaction. A slug already taken is a 409 (checked, and the unique index behind it for a race).
 */
export async function createProducerEvent(
  db: TDb,
  input: { document: unknown; actor: TActor; locale: TLocale },
): Promise<TProducerEventSaved> {
  const { actor, locale } = input;
  const { slug, producer } = fieldsOf(input.document);
  try {
    return await inTransaction(db, async (tx) => {
      if (typeof slug === 'string') {
        const taken = await rows<{ id: number }>(tx, sql`select id from events where slug = ${slug.trim()}`);
        if (taken.length > 0) throw new AppError('event_slug_taken', message(locale).event_slug_taken);
      }
      await assertProducerName(tx, actor, producer, null, locale);
      const result = await importCatalogueIn(tx, { events: [input.document] });
      if (!result.ok) throw invalid(result.errors, locale);
      const created = result.created[0];
      if (!created) throw new AppError('event_slug_taken', message(locale).event_slug_taken);
      const [row] = await rows<{ id: number; revision: number }>(
        tx,
        sql`select id, revision from events where slug = ${created}`,
      );
      const eventId = Number(row!.id);
      if (actor.staff.role === 'producer')
        await tx.execute(
          sql`update staff_accounts set event_ids = array_append(event_ids, ${eventId}::int), updated_at = now()
              where id = ${actor.staff.id} and not (${eventId}::int = any(event_ids))`,
        );
      await recordStaffAction(tx, {
        staff: actor.staff,
        ip: actor.ip,
        requestId: actor.requestId,
        action: 'event.create',
        targetType: 'event',
        targetId: String(eventId),
        after: { slug: created, revision: Number(row!.revision) },
      });
      return { eventId, slug: created, revision: Number(row!.revision), outcome: 'created' as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('event_slug_taken', message(locale).event_slug_taken);
    throw error;
  }
}

/**
 * The one save path (the editor's save and the status actions): under the event's row lock, the
 * revision read must still be the event's (else 409 `event_changed`), the slug stays, a producer
 * keeps the producer's name, and the import writes the document (capacity never below sold +
 * held, a lot with sales never deleted) in the same transaction as the audit line.
 */
async function saveLocked(
  db: TDb,
  input: {
    eventId: number;
    revision: number | null;
    actor: TActor;
    locale: TLocale;
    action: string;
    /** The document to write, from the one the transaction reads (a status action changes a field of it). */
    make: (current: TImportEvent, tx: TDb) => Promise<unknown> | unknown;
  },
): Promise<TProducerEventSaved> {
  const { eventId, actor, locale } = input;
  return inTransaction(db, async (tx) => {
    const [row] = await rows<{ slug: string; revision: number; producer: string }>(
      tx,
      sql`select e.slug, e.revision, p.name as producer from events e join producers p on p.id = e.producer_id
          where e.id = ${eventId} for update of e`,
    );
    if (!row) throw eventNotFound(locale);
    if (input.revision !== null && Number(row.revision) !== input.revision)
      throw new AppError('event_changed', message(locale).event_changed);
    const current = (await exportEventDocument(tx, eventId))!.events[0]!;
    const document = await input.make(current, tx);
    const fields = fieldsOf(document);
    if (fields.slug !== row.slug) throw new AppError('event_slug_fixed', message(locale).event_slug_fixed);
    await assertProducerName(tx, actor, fields.producer, row.producer, locale);
    const result = await importCatalogueIn(tx, { events: [document] });
    if (!result.ok) throw invalid(result.errors, locale);
    const [after] = await rows<{ revision: number }>(
      tx,
      sql`select revision from events where id = ${eventId}`,
    );
    const revision = Number(after!.revision);
    const outcome = result.updated.length > 0 ? ('updated' as const) : ('unchanged' as const);
    if (outcome === 'updated')
      await recordStaffAction(tx, {
        staff: actor.staff,
        ip: actor.ip,
        requestId: actor.requestId,
        action: input.action,
        targetType: 'event',
        targetId: String(eventId),
        before: { revision: Number(row.revision) },
        after: { revision },
      });
    return { eventId, slug: row.slug, revision, outcome };
  });
}

/** PUT .../document: the whole document, read at `revision`. */
export function saveProducerEvent(
  db: TDb,
  input: { eventId: number; revision: number; document: unknown; actor: TActor; locale: TLocale },
): Promise<TProducerEventSaved> {
  return saveLocked(db, { ...input, action: 'event.update', make: () => input.document });
}

/**
 * POST .../status: publish or unpublish (the document's `published`), sold out (every lot
 * disabled) or reopen (lots with free units enabled again), each through the save path.
 */
export function changeEventStatus(
  db: TDb,
  input: { eventId: number; action: TProducerStatusRequest['action']; actor: TActor; locale: TLocale },
): Promise<TProducerEventSaved> {
  return saveLocked(db, {
    eventId: input.eventId,
    revision: null,
    actor: input.actor,
    locale: input.locale,
    action: `event.${input.action}`,
    make: async (current, tx) => {
      if (input.action === 'publish' || input.action === 'unpublish')
        return { ...current, published: input.action === 'publish' };
      const counters = await lotCounters(tx, input.eventId);
      const full = new Set(
        counters
          .filter((lot) => lot.sold + lot.held >= lot.capacity)
          .map((lot) => `${lot.section}\u0000${lot.ticket}\u0000${lot.number}`),
      );
      return {
        ...current,
        sections: current.sections.map((section) => ({
          ...section,
          tickets: section.tickets.map((ticket) => ({
            ...ticket,
            lots: ticket.lots.map((lot) => ({
              ...lot,
              disabled:
                input.action === 'sold_out' ||
                full.has(`${section.name}\u0000${ticket.name}\u0000${lot.number}`),
            })),
          })),
        })),
      };
    },
  });
}

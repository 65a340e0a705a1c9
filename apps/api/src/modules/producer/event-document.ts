import type { TCatalogImportFile } from '@ingressos/contracts';
import { API_MESSAGES } from '@ingressos/contracts';
import type { TProducerEventDocument } from '@ingressos/contracts/staff-producer';
import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../app-error.ts';
import { exportEventDocument } from '../catalogue/export-event.ts';
import { readEventState } from './event-state.ts';

export const eventNotFound = (locale: TLocale) =>
  new AppError('producer_event_not_found', API_MESSAGES[locale].staffProducer.producer_event_not_found);

/** The lots' counters, by the names the document uses (section, ticket, lot number). */
export async function lotCounters(db: TDb, eventId: number) {
  const found = await rows<{
    lot_id: number;
    section: string;
    ticket: string;
    number: number;
    sold: number;
    held: number;
    capacity: number;
    disabled: boolean;
  }>(
    db,
    sql`select l.id as lot_id, s.name as section, t.name as ticket, l.number, l.sold, l.held, l.capacity, l.disabled
        from ticket_lots l join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        where s.event_id = ${eventId} order by s.position, s.id, t.position, t.id, l.number`,
  );
  return found.map((row) => ({
    lotId: Number(row.lot_id),
    section: row.section,
    ticket: row.ticket,
    number: Number(row.number),
    sold: Number(row.sold),
    held: Number(row.held),
    capacity: Number(row.capacity),
    disabled: row.disabled,
  }));
}

/** The import file of one event (and its group), or 404. */
export async function exportEventFile(
  db: TDb,
  eventId: number,
  locale: TLocale,
): Promise<TCatalogImportFile> {
  const file = await exportEventDocument(db, eventId);
  if (!file) throw eventNotFound(locale);
  return file;
}

/**
 * GET .../document: the event as the import format says it, the revision it was read at (which
 * the save must carry back), where it stands, and the counters a document never holds.
 */
export async function getEventDocument(
  db: TDb,
  eventId: number,
  locale: TLocale,
): Promise<TProducerEventDocument> {
  const state = await readEventState(db, eventId);
  if (!state) throw eventNotFound(locale);
  const file = await exportEventFile(db, eventId, locale);
  const places = await rows<{ section: string; alias: string; sold: number; held: number }>(
    db,
    sql`select s.name as section, p.alias, p.sold, p.held from controlled_places p
        join event_sections s on s.id = p.section_id
        where s.event_id = ${eventId} and (p.sold > 0 or p.held > 0) order by s.position, s.id, p.id`,
  );
  return {
    eventId,
    revision: state.revision,
    status: state.state,
    document: file.events[0]!,
    lots: (await lotCounters(db, eventId)).map(({ capacity: _c, disabled: _d, ...lot }) => lot),
    places: places.map((row) => ({
      section: row.section,
      alias: row.alias,
      sold: Number(row.sold),
      held: Number(row.held),
    })),
    url: `/events/${state.slug}`,
  };
}

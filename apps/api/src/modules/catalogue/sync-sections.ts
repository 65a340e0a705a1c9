import type { ZImportSection } from '@ingressos/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { inArray } from '../../db/orm.ts';
import { controlledPlaces, eventSections, eventTickets, ticketLots } from '../../db/schema/index.ts';
import { setCapacity } from '../cart/stock.ts';
import { deleteUnsoldStock } from '../cart/stock-outside-cart.ts';
import type { TImportIssue } from './import-issue.ts';

type TImportSection = z.infer<typeof ZImportSection>;
type TLotRow = typeof ticketLots.$inferSelect;
type TPlaceRow = typeof controlledPlaces.$inferSelect;

/**
 * How a dropped lot or place is removed: 'conditional' (one `delete ... where sold = 0 and held = 0`
 * in the stock module, the only way) or, TEST ONLY as the negative control of the race test,
 * 'unsafeReadThenDelete': trusts the counters read at the start and deletes by id.
 */
export type TRemovalMode = 'conditional' | 'unsafeReadThenDelete';

/** Removes dropped stock rows; answers the ones it could not (sold, held, or in a cart). */
async function removeStock(
  db: TDb,
  of: 'lot' | 'place',
  rows: readonly (TLotRow | TPlaceRow)[],
  mode: TRemovalMode,
): Promise<(TLotRow | TPlaceRow)[]> {
  if (mode === 'conditional') {
    const deleted = new Set(
      await deleteUnsoldStock(
        db,
        of,
        rows.map((row) => row.id),
      ),
    );
    return rows.filter((row) => !deleted.has(row.id));
  }
  const refused: (TLotRow | TPlaceRow)[] = [];
  for (const row of rows) {
    if (row.sold + row.held > 0) {
      refused.push(row);
      continue;
    }
    // Yield as a busy server would between the read and the write.
    await new Promise((resolve) => setTimeout(resolve, 25));
    const table = of === 'lot' ? ticketLots : controlledPlaces;
    await db.delete(table).where(inArray(table.id, [row.id]));
  }
  return refused;
}
type TStock = { sold: number; held: number };

const toCents = (amount: number) => Math.round(amount * 100);
const toBp = (percent: number) => Math.round(percent * 100);
const taken = (rows: readonly TStock[]) => rows.reduce((sum, row) => sum + row.sold + row.held, 0);

/** Only the fields named in `next` are compared, so defaults in the row do not count as changes. */
function differs<T extends object>(row: T, next: Partial<T>): boolean {
  const time = (value: unknown) => (value instanceof Date ? value.getTime() : value);
  return (Object.keys(next) as (keyof T)[]).some((key) => time(row[key]) !== time(next[key]));
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1_000) await insert(rows.slice(i, i + 1_000));
}

/**
 * Makes an event's sections, tickets, lots and places what the file says, matching them by name,
 * lot number and place alias so ids (which carts and orders point at) survive a re-import.
 * Returns whether anything was written; problems go to `errors` with their JSON path.
 */
export async function syncSections(
  db: TDb,
  eventId: number,
  wanted: TImportSection[],
  base: string,
  errors: TImportIssue[],
  mode: TRemovalMode = 'conditional',
): Promise<boolean> {
  let changed = false;
  const sections = await db
    .select()
    .from(eventSections)
    .where(inArray(eventSections.eventId, [eventId]));
  const sectionIds = sections.map((s) => s.id);
  const tickets = sectionIds.length
    ? await db.select().from(eventTickets).where(inArray(eventTickets.sectionId, sectionIds))
    : [];
  const ticketIds = tickets.map((t) => t.id);
  const lots = ticketIds.length
    ? await db.select().from(ticketLots).where(inArray(ticketLots.ticketId, ticketIds))
    : [];
  const places = sectionIds.length
    ? await db.select().from(controlledPlaces).where(inArray(controlledPlaces.sectionId, sectionIds))
    : [];
  const lotsOf = (ticketId: number) => lots.filter((l) => l.ticketId === ticketId);
  const ticketsOf = (sectionId: number) => tickets.filter((t) => t.sectionId === sectionId);
  const placesOf = (sectionId: number) => places.filter((p) => p.sectionId === sectionId);

  const keptSections = new Set<number>();
  for (const [i, section] of wanted.entries()) {
    const path = `${base}.sections[${i}]`;
    const values = {
      name: section.name,
      position: i,
      minQtd: section.minQtd,
      maxQtd: section.maxQtd,
      bookAsAWhole: section.bookAsAWhole,
    };
    let row = sections.find((s) => s.name === section.name);
    if (!row) {
      [row] = await db
        .insert(eventSections)
        .values({ eventId, ...values })
        .returning();
      changed = true;
    } else if (differs(row, values)) {
      await db
        .update(eventSections)
        .set(values)
        .where(inArray(eventSections.id, [row.id]));
      changed = true;
    }
    const sectionId = row!.id;
    keptSections.add(sectionId);
    changed =
      (await syncTickets(db, sectionId, section, ticketsOf(sectionId), lotsOf, path, errors, mode)) ||
      changed;
    changed = (await syncPlaces(db, sectionId, section, placesOf(sectionId), path, errors, mode)) || changed;
  }

  for (const section of sections) {
    if (keptSections.has(section.id)) continue;
    const sold = taken(ticketsOf(section.id).flatMap((t) => lotsOf(t.id))) + taken(placesOf(section.id));
    const refused =
      sold > 0
        ? []
        : [
            ...(await removeStock(
              db,
              'lot',
              ticketsOf(section.id).flatMap((t) => lotsOf(t.id)),
              mode,
            )),
            ...(await removeStock(db, 'place', placesOf(section.id), mode)),
          ];
    if (sold > 0 || refused.length > 0) {
      errors.push({
        path: `${base}.sections`,
        message: `section "${section.name}" has ${Math.max(sold, 1)} units sold or held and cannot be removed`,
      });
    } else {
      await db.delete(eventSections).where(inArray(eventSections.id, [section.id]));
      changed = true;
    }
  }
  return changed;
}

async function syncTickets(
  db: TDb,
  sectionId: number,
  section: TImportSection,
  existing: (typeof eventTickets.$inferSelect)[],
  lotsOf: (ticketId: number) => (typeof ticketLots.$inferSelect)[],
  base: string,
  errors: TImportIssue[],
  mode: TRemovalMode,
): Promise<boolean> {
  let changed = false;
  const kept = new Set<number>();
  for (const [j, ticket] of section.tickets.entries()) {
    const path = `${base}.tickets[${j}]`;
    const values = {
      name: ticket.name,
      alias: ticket.alias || ticket.name,
      position: j,
      minQtd: ticket.minQtd,
      facialAtMomentOfPurchase: ticket.facialAtMomentOfPurchase,
      ticketsPerCpf: ticket.ticketsPerCpf ?? null,
      ownerControl: ticket.ownerControl,
      noInterest: ticket.noInterest,
      onlineNote: ticket.onlineNote,
      halfPrice: ticket.halfPrice ?? false,
    };
    let row = existing.find((t) => t.name === ticket.name);
    if (!row) {
      [row] = await db
        .insert(eventTickets)
        .values({ sectionId, ...values })
        .returning();
      changed = true;
    } else if (differs(row, values)) {
      await db
        .update(eventTickets)
        .set(values)
        .where(inArray(eventTickets.id, [row.id]));
      changed = true;
    }
    kept.add(row!.id);
    const current = lotsOf(row!.id);
    const keptLots = new Set<number>();
    const inserts: (typeof ticketLots.$inferInsert)[] = [];
    for (const [k, lot] of ticket.lots.entries()) {
      const lotValues = {
        number: lot.number,
        priceCents: toCents(lot.price),
        feeBp: toBp(lot.convenienceFeePercent),
        appFeeBp: toBp(lot.appConvenienceFeePercent ?? lot.convenienceFeePercent),
        processingFeeCents: toCents(lot.processingFee),
        processingFeeAdded: lot.processingFeeAdded,
        capacity: lot.quantity,
        disabled: lot.disabled,
        salesStartAt: lot.salesStartAt ? new Date(lot.salesStartAt) : null,
        salesEndAt: lot.salesEndAt ? new Date(lot.salesEndAt) : null,
      };
      const old = current.find((l) => l.number === lot.number);
      if (!old) {
        inserts.push({ ticketId: row!.id, ...lotValues });
        continue;
      }
      keptLots.add(old.id);
      const { capacity, ...rest } = lotValues;
      if (capacity !== old.capacity && !(await setCapacity(db, 'lot', old.id, capacity))) {
        errors.push({
          path: `${path}.lots[${k}].quantity`,
          message: `is below the ${old.sold + old.held} units already sold or held`,
        });
        continue;
      }
      if (capacity !== old.capacity) changed = true;
      if (differs(old, rest)) {
        await db
          .update(ticketLots)
          .set(rest)
          .where(inArray(ticketLots.id, [old.id]));
        changed = true;
      }
    }
    if (inserts.length > 0) {
      await db.insert(ticketLots).values(inserts);
      changed = true;
    }
    const dropped = current.filter((old) => !keptLots.has(old.id));
    const refused = await removeStock(db, 'lot', dropped, mode);
    for (const old of refused) {
      errors.push({
        path: `${path}.lots`,
        message: `lot ${(old as TLotRow).number} has sales and cannot be removed`,
      });
    }
    if (dropped.length > refused.length) changed = true;
  }
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    const refused =
      taken(lotsOf(old.id)) > 0 ? lotsOf(old.id) : await removeStock(db, 'lot', lotsOf(old.id), mode);
    if (refused.length > 0) {
      errors.push({
        path: `${base}.tickets`,
        message: `ticket "${old.name}" has sales and cannot be removed`,
      });
    } else {
      await db.delete(eventTickets).where(inArray(eventTickets.id, [old.id]));
      changed = true;
    }
  }
  return changed;
}

async function syncPlaces(
  db: TDb,
  sectionId: number,
  section: TImportSection,
  existing: (typeof controlledPlaces.$inferSelect)[],
  base: string,
  errors: TImportIssue[],
  mode: TRemovalMode,
): Promise<boolean> {
  let changed = false;
  const byAlias = new Map(existing.map((p) => [p.alias, p]));
  const kept = new Set<number>();
  const inserts: (typeof controlledPlaces.$inferInsert)[] = [];
  for (const [k, place] of section.places.entries()) {
    const values = {
      kind: place.kind,
      alias: place.alias,
      rowLabel: place.row ?? null,
      seatNumber: place.number ?? null,
      tableNumber: place.tableNumber ?? null,
      x: place.x,
      y: place.y,
      minSeats: place.minSeats ?? (place.kind === 'table' ? Math.min(section.minQtd, place.seats) : 1),
      capacity: place.seats,
      disabled: place.disabled,
      reserved: place.reserved,
    };
    const old = byAlias.get(place.alias);
    if (!old) {
      inserts.push({ sectionId, ...values });
      continue;
    }
    kept.add(old.id);
    const { capacity, ...rest } = values;
    if (capacity !== old.capacity && !(await setCapacity(db, 'place', old.id, capacity))) {
      errors.push({
        path: `${base}.places[${k}].seats`,
        message: `is below the ${old.sold + old.held} seats already sold or held`,
      });
      continue;
    }
    if (capacity !== old.capacity) changed = true;
    if (differs(old, rest)) {
      await db
        .update(controlledPlaces)
        .set(rest)
        .where(inArray(controlledPlaces.id, [old.id]));
      changed = true;
    }
  }
  if (inserts.length > 0) {
    await insertChunks(inserts, (chunk) => db.insert(controlledPlaces).values(chunk));
    changed = true;
  }
  const removable = existing.filter((p) => !kept.has(p.id));
  const refused = await removeStock(db, 'place', removable, mode);
  for (const place of refused) {
    errors.push({
      path: `${base}.places`,
      message: `place "${(place as TPlaceRow).alias}" has sales and cannot be removed`,
    });
  }
  if (removable.length > refused.length) changed = true;
  return changed;
}

import type { ZImportSection } from '@ingressos/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { inArray } from '../../db/orm.ts';
import { controlledPlaces, eventSections, eventTickets, ticketLots } from '../../db/schema/index.ts';
import { setCapacity } from '../cart/stock.ts';
import type { TImportIssue } from './import-issue.ts';

type TImportSection = z.infer<typeof ZImportSection>;
type TStock = { sold: number; held: number };

const toCents = (amount: number) => Math.round(amount * 100);
const toBp = (percent: number) => Math.round(percent * 100);
const taken = (rows: readonly TStock[]) => rows.reduce((sum, row) => sum + row.sold + row.held, 0);

/** Only the fields named in `next` are compared, so defaults in the row do not count as changes. */
function differs<T extends object>(row: T, next: Partial<T>): boolean {
  return (Object.keys(next) as (keyof T)[]).some((key) => row[key] !== next[key]);
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
      (await syncTickets(db, sectionId, section, ticketsOf(sectionId), lotsOf, path, errors)) || changed;
    changed = (await syncPlaces(db, sectionId, section, placesOf(sectionId), path, errors)) || changed;
  }

  for (const section of sections) {
    if (keptSections.has(section.id)) continue;
    const sold = taken(ticketsOf(section.id).flatMap((t) => lotsOf(t.id))) + taken(placesOf(section.id));
    if (sold > 0) {
      errors.push({
        path: `${base}.sections`,
        message: `section "${section.name}" has ${sold} units sold or held and cannot be removed`,
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
    for (const old of current) {
      if (keptLots.has(old.id)) continue;
      if (old.sold + old.held > 0) {
        errors.push({ path: `${path}.lots`, message: `lot ${old.number} has sales and cannot be removed` });
      } else {
        await db.delete(ticketLots).where(inArray(ticketLots.id, [old.id]));
        changed = true;
      }
    }
  }
  for (const old of existing) {
    if (kept.has(old.id)) continue;
    if (taken(lotsOf(old.id)) > 0) {
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
  const sold = removable.filter((p) => p.sold + p.held > 0);
  for (const place of sold) {
    errors.push({
      path: `${base}.places`,
      message: `place "${place.alias}" has sales and cannot be removed`,
    });
  }
  const free = removable.filter((p) => p.sold + p.held === 0).map((p) => p.id);
  if (free.length > 0) {
    await db.delete(controlledPlaces).where(inArray(controlledPlaces.id, free));
    changed = true;
  }
  return changed;
}

import {
  jsonPath,
  type TCatalogImportFile,
  type TImportEvent,
  ZCatalogImportFile,
} from '@ingressos/contracts';
import { DOC_TYPE } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { inArray, sql } from '../../db/orm.ts';
import {
  commissionerEvents,
  commissioners,
  eventGroups,
  events,
  posterImages,
  producers,
  sellingPoints,
  venues,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { setHalfQuotas } from '../cart/stock-half-price.ts';
import { replaceAccessCodes } from './access-codes.ts';
import type { TImportIssue } from './import-issue.ts';
import { syncCoupons } from './sync-coupons.ts';
import { syncSections, type TRemovalMode } from './sync-sections.ts';

export type { TImportIssue };
export type TImportResult =
  | { ok: true; created: string[]; updated: string[]; unchanged: string[] }
  | { ok: false; errors: TImportIssue[] };

/** Thrown inside the transaction to roll it back with every problem found. */
class ImportRefused extends Error {
  readonly errors: TImportIssue[];
  constructor(errors: TImportIssue[]) {
    super('catalogue import refused');
    this.errors = errors;
  }
}

const toBp = (percent: number) => Math.round(percent * 100);

/** JSON with object keys sorted: a jsonb column gives its keys back in its own order. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * Loads a catalogue file: all of it in one transaction, or none of it with every error and its JSON
 * path. Events are matched by slug, so importing the same file twice changes nothing the second
 * time. Sales counters are never written here: a lot or seat that has sold or held units can be
 * changed but neither removed nor shrunk below what it has sold and held.
 */
export async function importCatalogue(
  db: TDb,
  input: unknown,
  /** TEST ONLY: 'unsafeReadThenDelete' is the race test's negative control (sync-sections.ts). */
  removal: TRemovalMode = 'conditional',
): Promise<TImportResult> {
  return importCatalogueWith(input, (apply) => inTransaction(db, apply), removal);
}

/**
 * Issue 34: the same import inside the caller's transaction `tx` (the producer's console saves an
 * event with its revision check and audit line in one transaction). A refused file rolls back
 * only what the import wrote (a savepoint); the caller decides what to do with the errors.
 */
export async function importCatalogueIn(tx: TDb, input: unknown): Promise<TImportResult> {
  return importCatalogueWith(input, (apply) => inTransaction(tx, apply));
}

async function importCatalogueWith(
  input: unknown,
  run: (apply: (tx: TDb) => Promise<TImportResult>) => Promise<TImportResult>,
  removal: TRemovalMode = 'conditional',
): Promise<TImportResult> {
  const parsed = ZCatalogImportFile.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({
        path: jsonPath(issue.path) || '(file)',
        message: issue.message,
      })),
    };
  }
  try {
    return await run((tx) => applyCatalogue(tx, parsed.data, removal));
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, errors: error.errors };
    throw error;
  }
}

async function applyCatalogue(
  db: TDb,
  file: TCatalogImportFile,
  removal: TRemovalMode,
): Promise<TImportResult> {
  const errors: TImportIssue[] = [];
  const groupIds = await upsertGroups(db, file);
  const result = { created: [] as string[], updated: [] as string[], unchanged: [] as string[] };

  for (const [index, event] of file.events.entries()) {
    const base = `events[${index}]`;
    let groupId: number | null = null;
    if (event.group) {
      const id = groupIds.get(event.group);
      if (id === undefined) {
        errors.push({ path: `${base}.group`, message: `unknown group "${event.group}"` });
        continue;
      }
      groupId = id;
    }
    if (event.poster) {
      const [poster] = await db
        .select({ id: posterImages.id })
        .from(posterImages)
        .where(inArray(posterImages.id, [event.poster]));
      if (!poster) {
        errors.push({ path: `${base}.poster`, message: `unknown poster "${event.poster}": upload it first` });
        continue;
      }
    }
    const { id, outcome } = await upsertEvent(db, event, groupId);
    const sectionsChanged = await syncSections(db, id, event.sections, base, errors, removal);
    // Issue 36: each section's half-price quota from its capacity as the file left it.
    await setHalfQuotas(db, id);
    const couponsChanged = await syncCoupons(db, id, event, base, errors);
    const childrenChanged = sectionsChanged || couponsChanged;
    const pointsChanged = await replaceSellingPoints(db, id, event);
    const codesChanged = await replaceAccessCodes(db, id, event);
    const changed =
      outcome === 'created' || outcome === 'updated' || childrenChanged || pointsChanged || codesChanged;
    if (changed && outcome !== 'created') {
      await db.execute(sql`update events set revision = revision + 1, updated_at = now() where id = ${id}`);
    }
    const list = outcome === 'created' ? result.created : changed ? result.updated : result.unchanged;
    list.push(event.slug);
  }
  await upsertCommissioners(db, file, errors);
  if (errors.length > 0) throw new ImportRefused(errors);
  return { ok: true, ...result };
}

async function upsertGroups(db: TDb, file: TCatalogImportFile): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const group of file.groups) {
    const values = {
      slug: group.slug,
      name: group.name,
      description: group.description,
      posterTheme: group.posterTheme ?? null,
    };
    const [existing] = await db
      .select()
      .from(eventGroups)
      .where(inArray(eventGroups.slug, [group.slug]));
    if (!existing) {
      const [row] = await db.insert(eventGroups).values(values).returning({ id: eventGroups.id });
      ids.set(group.slug, row!.id);
      continue;
    }
    ids.set(group.slug, existing.id);
    if (
      existing.name !== values.name ||
      existing.description !== values.description ||
      existing.posterTheme !== values.posterTheme
    ) {
      await db
        .update(eventGroups)
        .set({ ...values, updatedAt: new Date() })
        .where(inArray(eventGroups.id, [existing.id]));
      // Members show the group's name: they must be rebuilt too.
      await db.execute(
        sql`update events set revision = revision + 1, updated_at = now() where group_id = ${existing.id}`,
      );
    }
  }
  // Events may point at groups imported earlier.
  const wanted = [...new Set(file.events.map((e) => e.group).filter((g): g is string => !!g && !ids.has(g)))];
  if (wanted.length > 0) {
    const rows = await db.select().from(eventGroups).where(inArray(eventGroups.slug, wanted));
    for (const row of rows) ids.set(row.slug, row.id);
  }
  return ids;
}

async function upsertEvent(db: TDb, event: TImportEvent, groupId: number | null) {
  const [producer] = await db
    .insert(producers)
    .values({ name: event.producer })
    .onConflictDoUpdate({ target: producers.name, set: { name: event.producer } })
    .returning({ id: producers.id });
  const venueValues = {
    name: event.venue.name,
    address: event.venue.address,
    addressNumber: event.venue.number,
    district: event.venue.district,
    city: event.venue.city,
    state: event.venue.state,
    postalCode: event.venue.postalCode ?? '',
  };
  const [venue] = await db
    .insert(venues)
    .values(venueValues)
    .onConflictDoUpdate({ target: [venues.name, venues.city], set: venueValues })
    .returning({ id: venues.id });

  const values = {
    slug: event.slug,
    name: event.name,
    description: event.description,
    category: event.category,
    ageRating: event.ageRating,
    startsAt: new Date(event.startsAt),
    timeZone: event.timeZone,
    currency: event.currency,
    gateway: event.gateway ?? null,
    producerId: producer!.id,
    venueId: venue!.id,
    groupId,
    featured: event.featured,
    published: event.published,
    posterTheme: event.posterTheme ?? null,
    posterId: event.poster ?? null,
    ticketCode: event.ticketCode ?? 'static',
    // Issue 36: half-price (null: none).
    halfPriceQuotaPercent: event.halfPrice?.quotaPercent ?? null,
    halfPriceCategories: event.halfPrice?.categories ?? [],
    sendPixel: event.sendPixel,
    // Issue 15: NF-e document and interest-free installments.
    nfeMandatory: event.nfeMandatory,
    maxInterestFreeInstallments: event.maxInterestFreeInstallments ?? null,
    // Issue 19: the waiting room.
    onSaleAt: event.onSaleAt ? new Date(event.onSaleAt) : null,
    queueEnabled: event.queue?.enabled ?? false,
    queueRatePerMinute: event.queue?.ratePerMinute ?? null,
    // Only who has the pre-sale is published; the codes go to event_access_codes.
    exclusiveEmissors: event.exclusiveAccess.map(({ type, name }) => ({ type, name })),
    maxTicketsPerCart: event.maxTicketsPerCart ?? null,
    docType: DOC_TYPE[event.docType],
    facialIsActive: event.facial?.active ?? false,
    facialValidationIsActive: event.facial?.validation ?? false,
    refundSiteActive: event.refundService?.site?.active ?? false,
    refundSitePercentBp: toBp(event.refundService?.site?.percent ?? 0),
    refundCommissionerActive: event.refundService?.commissioner?.active ?? false,
    refundCommissionerPercentBp: toBp(event.refundService?.commissioner?.percent ?? 0),
  };
  const [existing] = await db
    .select()
    .from(events)
    .where(inArray(events.slug, [event.slug]));
  if (!existing) {
    const [row] = await db.insert(events).values(values).returning({ id: events.id });
    return { id: row!.id, outcome: 'created' as const };
  }
  const same = (Object.keys(values) as (keyof typeof values)[]).every((key) =>
    key === 'startsAt' || key === 'onSaleAt'
      ? existing[key]?.getTime() === values[key]?.getTime()
      : stableJson(existing[key]) === stableJson(values[key]),
  );
  if (!same)
    await db
      .update(events)
      .set(values)
      .where(inArray(events.id, [existing.id]));
  return { id: existing.id, outcome: same ? ('unchanged' as const) : ('updated' as const) };
}

/** Selling points carry no sales: the file's list replaces the old one. */
async function replaceSellingPoints(db: TDb, eventId: number, event: TImportEvent): Promise<boolean> {
  const wanted = event.sellingPoints.map((point, position) => ({ eventId, position, ...point }));
  const current = await db
    .select()
    .from(sellingPoints)
    .where(inArray(sellingPoints.eventId, [eventId]));
  const key = (p: {
    position: number;
    name: string;
    address: string;
    city: string;
    state: string;
    openingHours: string;
  }) => JSON.stringify([p.position, p.name, p.address, p.city, p.state, p.openingHours]);
  const same =
    current.length === wanted.length &&
    current.sort((a, b) => a.position - b.position).every((row, i) => key(row) === key(wanted[i]!));
  if (same) return false;
  await db.delete(sellingPoints).where(inArray(sellingPoints.eventId, [eventId]));
  if (wanted.length > 0) await db.insert(sellingPoints).values(wanted);
  return true;
}

/** Commissioners by hash, each with exactly the events the file lists (by slug, imported now or before). */
async function upsertCommissioners(db: TDb, file: TCatalogImportFile, errors: TImportIssue[]) {
  for (const [index, commissioner] of file.commissioners.entries()) {
    const slugs = [...new Set(commissioner.events)];
    const found =
      slugs.length > 0
        ? await db
            .select({ id: events.id, slug: events.slug })
            .from(events)
            .where(inArray(events.slug, slugs))
        : [];
    const known = new Map(found.map((row) => [row.slug, row.id]));
    commissioner.events.forEach((slug, at) => {
      if (!known.has(slug)) {
        errors.push({ path: `commissioners[${index}].events[${at}]`, message: `unknown event "${slug}"` });
      }
    });
    const values = { name: commissioner.name, active: commissioner.active, updatedAt: new Date() };
    const [row] = await db
      .insert(commissioners)
      .values({ hash: commissioner.hash, ...values })
      .onConflictDoUpdate({ target: commissioners.hash, set: values })
      .returning({ id: commissioners.id });
    await db.delete(commissionerEvents).where(inArray(commissionerEvents.commissionerId, [row!.id]));
    if (known.size > 0) {
      await db
        .insert(commissionerEvents)
        .values([...known.values()].map((eventId) => ({ commissionerId: row!.id, eventId })));
    }
  }
}

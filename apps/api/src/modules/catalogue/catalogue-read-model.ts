import type { TEventGroupResponse, TEventSummary, TNextEventsResponse } from '@ingressos/contracts';
import { posterUrl } from '@ingressos/contracts/catalogue';
import { isEventPast, matchesSearch, normalizeSearchText } from '@ingressos/domain';
import type { TDatabase } from '../../db/client.ts';
import { asc, eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { eventGroups, events } from '../../db/schema/index.ts';
import type { TLogger } from '../../logger.ts';
import { buildEvents, type TBuiltEvent } from './build-event-tickets.ts';
import { loadCatalogueRows } from './load-catalogue-rows.ts';
import { posterSvg } from './poster-svg.ts';
import { jsonBody, type TJsonBody, type TSnapshotStore } from './snapshot-store.ts';

type TEntry = {
  id: number;
  slug: string;
  revision: number;
  /** Sold, held and expired units over the event's lots when it was built: carts move these. */
  stock: string;
  groupId: number | null;
  startsAt: Date;
  /** The event was past when built (its lots listed as ended); it is rebuilt when that changes. */
  ended: boolean;
  /** Issue 34: when a lot's sale window next opens or closes (ms; null: never): rebuilt then. */
  nextBoundary: number | null;
  posterId: string | null;
  updatedAt: Date;
  summary: TEventSummary;
  search: string;
  tickets: TJsonBody;
  poster: { svg: string; etag: string };
};

type TGroupEntry = { id: number; slug: string; body: TJsonBody; updatedAt: Date };

export type TCatalogueOptions = {
  database: TDatabase;
  log: TLogger;
  snapshots: TSnapshotStore;
  /** How often to look for changes made by other processes (the import CLI, other servers). */
  pollMs?: number;
  now?: () => Date;
};

/** Files under the snapshot root, as the spec names them (served at /assets/api/...). */
export const snapshotPath = {
  nextEvents: () => 'nextEvents.json',
  eventTickets: (slug: string) => `getEventTicketsBySlug/${slug}.json`,
  eventGroup: (idOrSlug: number | string) => `eventgroup/${idOrSlug}.json`,
};

/** Next-events drops an event a day after it starts: rebuilding it this often keeps that on time. */
const NEXT_EVENTS_MAX_AGE_MS = 60_000;
/** A safety net: everything is rebuilt this often even if a change forgot to bump a revision. */
const FULL_REBUILD_MS = 5 * 60_000;

/**
 * This process's copy of the published catalogue: the answers of the event calls, ready to send,
 * and the snapshot files written from the very same bytes. It rebuilds an event when that event's
 * `revision` moves in the database: at once after a change made here (`refresh()`), and within
 * `pollMs` for a change made by any other process. See docs/catalogue-snapshots.md.
 */
export function createCatalogue(options: TCatalogueOptions) {
  const { database, log, snapshots } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;

  const byId = new Map<number, TEntry>();
  const bySlug = new Map<string, TEntry>();
  const groupsById = new Map<number, TGroupEntry>();
  const groupsBySlug = new Map<string, TGroupEntry>();
  let nextEvents: TJsonBody = jsonBody({ generatedAt: now().toISOString(), events: [] });
  let nextEventsBuiltAt = 0;
  /** Moves with every change to what the catalogue says (pages kept in memory compare it). */
  let version = 0;
  let fullBuiltAt = 0;
  let timer: NodeJS.Timeout | undefined;
  // One rebuild at a time: a poll and a local refresh never interleave their writes.
  let queue: Promise<void> = Promise.resolve();

  async function applyChanges(changed: number[], removed: number[]) {
    const generatedAt = now();
    // Read before the rows: a cart that moves stock in between shows as a mismatch next poll.
    const stock = changed.length > 0 ? await stockFingerprints() : new Map<number, string>();
    const built =
      changed.length > 0 ? buildEvents(await loadCatalogueRows(database.db, changed), generatedAt) : [];
    const touchedGroups = new Set<number>();
    for (const id of removed) {
      const entry = byId.get(id);
      if (!entry) continue;
      byId.delete(id);
      bySlug.delete(entry.slug);
      if (entry.groupId) touchedGroups.add(entry.groupId);
      await snapshots.remove(snapshotPath.eventTickets(entry.slug));
    }
    for (const event of built) {
      const previous = byId.get(event.row.event.id);
      if (previous?.groupId) touchedGroups.add(previous.groupId);
      const entry = toEntry(event, stock.get(event.row.event.id) ?? '');
      if (entry.groupId) touchedGroups.add(entry.groupId);
      byId.set(entry.id, entry);
      bySlug.set(entry.slug, entry);
      await snapshots.write(snapshotPath.eventTickets(entry.slug), entry.tickets);
    }
    if (changed.length > 0 || removed.length > 0) {
      version += 1;
      await rebuildGroups(touchedGroups, generatedAt);
      await rebuildNextEvents(generatedAt);
    }
  }

  /** `sold:held:expired` per event, over its lots (seat and table holds take lot units too). */
  async function stockFingerprints(): Promise<Map<number, string>> {
    const result = await rows<{ event_id: number; sold: number; held: number; expired: number }>(
      database.db,
      sql`
      select s.event_id, sum(l.sold)::int as sold, sum(l.held)::int as held,
        coalesce(sum((select sum(h.quantity) from cart_holds h
          where h.lot_id = l.id and not h.released and h.expires_at <= now())), 0)::int as expired
      from ticket_lots l
      join event_tickets t on t.id = l.ticket_id
      join event_sections s on s.id = t.section_id
      group by s.event_id`,
    );
    return new Map(result.map((r) => [r.event_id, `${r.sold}:${r.held}:${r.expired}`]));
  }

  function toEntry(event: TBuiltEvent, stock: string): TEntry {
    const { row } = event;
    return {
      id: row.event.id,
      slug: row.event.slug,
      revision: row.event.revision,
      stock,
      groupId: row.event.groupId,
      startsAt: row.event.startsAt,
      ended: event.ended,
      nextBoundary: event.nextBoundary,
      posterId: row.event.posterId,
      updatedAt: row.event.updatedAt,
      summary: event.summary,
      search: normalizeSearchText(
        [row.event.name, row.venue.city, row.venue.state, row.venue.name, row.group?.name ?? ''].join(' '),
      ),
      tickets: jsonBody(event.tickets),
      poster: poster(event),
    };
  }

  function poster(event: TBuiltEvent) {
    const { row } = event;
    const svg = posterSvg({
      slug: row.event.slug,
      name: row.event.name,
      category: row.event.category,
      theme: row.event.posterTheme,
      city: row.venue.city,
      state: row.venue.state,
    });
    return { svg, etag: jsonBody(svg).etag };
  }

  async function rebuildGroups(ids: Set<number>, generatedAt: Date) {
    if (ids.size === 0) return;
    const rows = await database.db.select().from(eventGroups).orderBy(asc(eventGroups.id));
    for (const group of rows) {
      if (!ids.has(group.id)) continue;
      const members = [...byId.values()]
        .filter((entry) => entry.groupId === group.id)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      const old = groupsById.get(group.id);
      if (members.length === 0) {
        groupsById.delete(group.id);
        groupsBySlug.delete(group.slug);
        await snapshots.remove(snapshotPath.eventGroup(group.id));
        await snapshots.remove(snapshotPath.eventGroup(group.slug));
        continue;
      }
      const answer: TEventGroupResponse = {
        generatedAt: generatedAt.toISOString(),
        id: group.id,
        slug: group.slug,
        name: group.name,
        description: group.description,
        images: { poster: posterUrl(members[0]!.slug, members[0]!.posterId) },
        events: members.map((m) => m.summary),
      };
      const entry = { id: group.id, slug: group.slug, body: jsonBody(answer), updatedAt: group.updatedAt };
      if (old && old.slug !== group.slug) groupsBySlug.delete(old.slug);
      groupsById.set(group.id, entry);
      groupsBySlug.set(group.slug, entry);
      await snapshots.write(snapshotPath.eventGroup(group.id), entry.body);
      await snapshots.write(snapshotPath.eventGroup(group.slug), entry.body);
    }
  }

  async function rebuildNextEvents(generatedAt: Date) {
    const answer: TNextEventsResponse = {
      generatedAt: generatedAt.toISOString(),
      events: upcoming(generatedAt),
    };
    nextEvents = jsonBody(answer);
    version += 1;
    nextEventsBuiltAt = generatedAt.getTime();
    await snapshots.write(snapshotPath.nextEvents(), nextEvents);
  }

  function upcoming(at: Date): TEventSummary[] {
    return [...byId.values()]
      .filter((entry) => !isEventPast(entry.startsAt, at))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)
      .map((entry) => entry.summary);
  }

  /**
   * Compares every published event's revision and stock with ours and rebuilds what moved. Carts
   * change stock without bumping the revision (an event row updated by every hold would make it as
   * hot as the lot), so the stock fingerprint is read here, once a poll, for all events at once.
   */
  async function sync() {
    const rows = await database.db
      .select({ id: events.id, revision: events.revision })
      .from(events)
      .where(eq(events.published, true));
    const stock = await stockFingerprints();
    const seen = new Set<number>();
    const changed: number[] = [];
    const at = now();
    const full = at.getTime() - fullBuiltAt >= FULL_REBUILD_MS;
    for (const row of rows) {
      seen.add(row.id);
      const entry = byId.get(row.id);
      if (
        full ||
        entry?.revision !== row.revision ||
        entry.stock !== (stock.get(row.id) ?? '') ||
        // Issue 31: an event whose sales ended since it was built stops listing its lots as on sale.
        entry.ended !== isEventPast(entry.startsAt, at) ||
        // Issue 34: a lot's sale window opened or closed since it was built (turnover by date).
        (entry.nextBoundary !== null && entry.nextBoundary <= at.getTime())
      ) {
        changed.push(row.id);
      }
    }
    if (full) fullBuiltAt = now().getTime();
    const removed = [...byId.keys()].filter((id) => !seen.has(id));
    await applyChanges(changed, removed);
    if (now().getTime() - nextEventsBuiltAt >= NEXT_EVENTS_MAX_AGE_MS) await rebuildNextEvents(now());
  }

  function enqueue(task: () => Promise<void>): Promise<void> {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  }

  return {
    snapshots,
    /** Writes every snapshot afresh (files left by an earlier run may be stale), then polls. */
    async start() {
      await snapshots.clear();
      await enqueue(sync);
      await rebuildNextEvents(now());
      timer = setInterval(() => {
        enqueue(sync).catch((error: unknown) => log.warn('catalogue poll failed', { error }));
      }, pollMs);
      timer.unref();
    },
    /** Stops polling; resolves once a poll or refresh under way has written its files. */
    stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      return queue;
    },
    /** Picks up changes now; call it after a change made in this process. */
    refresh: () => enqueue(sync),
    /** A number that moves whenever an event, a group or the next-events list is rebuilt. */
    version: () => version,
    eventTickets: (slug: string) => bySlug.get(slug)?.tickets,
    eventId: (slug: string) => bySlug.get(slug)?.id,
    poster: (slug: string) => bySlug.get(slug)?.poster,
    nextEvents: () => nextEvents,
    group: (idOrSlug: string) =>
      (/^\d+$/.test(idOrSlug) ? groupsById.get(Number(idOrSlug)) : groupsBySlug.get(idOrSlug))?.body,
    hasEvent: (id: number) => byId.has(id),
    /** Upcoming events whose name, city, state, venue or group holds every word of the query. */
    search(query: string): TEventSummary[] {
      const at = now();
      return [...byId.values()]
        .filter((entry) => !isEventPast(entry.startsAt, at) && matchesSearch(entry.search, query))
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .map((entry) => entry.summary);
    },
    /** Every published event and group, for the sitemap. */
    sitemapEntries() {
      return {
        events: [...byId.values()].map((e) => ({ slug: e.slug, updatedAt: e.updatedAt })),
        groups: [...groupsById.values()].map((g) => ({ slug: g.slug, updatedAt: g.updatedAt })),
      };
    },
  };
}

export type TCatalogue = ReturnType<typeof createCatalogue>;

import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/** An event as the waiting room sees it: when it opens, its queue settings and its free stock. */
export type TQueueEvent = {
  id: number;
  slug: string;
  name: string;
  onSaleAt: Date | null;
  queueEnabled: boolean;
  ratePerMinute: number | null;
  startsAt: Date;
  published: boolean;
  /** Units neither sold nor held over its lots on sale. */
  free: number;
};

type TRow = {
  id: number;
  slug: string;
  name: string;
  on_sale_at: Date | string | null;
  queue_enabled: boolean;
  queue_rate_per_minute: number | null;
  starts_at: Date | string;
  published: boolean;
  free: number | string | null;
};

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function findQueueEvent(
  db: TDb,
  by: { slug: string } | { id: number },
): Promise<TQueueEvent | null> {
  const where = 'slug' in by ? sql`e.slug = ${by.slug}` : sql`e.id = ${by.id}`;
  const result = await rows<TRow>(
    db,
    sql`
    select e.id, e.slug, e.name, e.on_sale_at, e.queue_enabled, e.queue_rate_per_minute, e.starts_at, e.published,
      (select coalesce(sum(greatest(l.capacity - l.sold - l.held, 0)), 0)::int
         from ticket_lots l join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id
        where s.event_id = e.id and not l.disabled) as free
    from events e where ${where}`,
  );
  const row = result[0];
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    onSaleAt: row.on_sale_at === null ? null : toDate(row.on_sale_at),
    queueEnabled: row.queue_enabled,
    ratePerMinute: row.queue_rate_per_minute,
    startsAt: toDate(row.starts_at),
    published: row.published,
    free: Number(row.free ?? 0),
  };
}

/**
 * The same, at most a second old, per database: status polls and joins are the queue's hot calls,
 * and a second-old setting or free count only shifts an estimate. Admission reads fresh rows.
 */
const FRESH_MS = 1_000;
const cacheByDb = new WeakMap<TDb, Map<string, { at: number; event: Promise<TQueueEvent | null> }>>();

export function findQueueEventCached(db: TDb, slug: string): Promise<TQueueEvent | null> {
  let cache = cacheByDb.get(db);
  if (!cache) {
    cache = new Map();
    cacheByDb.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(slug);
  if (hit && now - hit.at < FRESH_MS) return hit.event;
  if (cache.size > 10_000) cache.clear();
  const event = findQueueEvent(db, { slug });
  cache.set(slug, { at: now, event });
  event.catch(() => cache.delete(slug));
  return event;
}

/** Tests that change an event behind the cache's back. */
export const forgetQueueEvents = (db: TDb) => cacheByDb.delete(db);

/** Whether buyers of this event go through the waiting room now (WAITING_ROOM turns all queues off). */
export function isQueueActive(event: TQueueEvent, enabled: boolean, now = Date.now()): boolean {
  return enabled && event.queueEnabled && event.published && event.startsAt.getTime() > now;
}

/**
 * Visitors admitted per minute: the event's own rate, or as many as the free stock could serve in
 * one hold time at about two tickets a buyer (so the stock is offered once per hold window).
 */
export function admissionRatePerMinute(
  event: Pick<TQueueEvent, 'ratePerMinute' | 'free'>,
  holdSeconds: number,
) {
  if (event.ratePerMinute) return event.ratePerMinute;
  return Math.max(1, Math.ceil(event.free / 2 / (holdSeconds / 60)));
}

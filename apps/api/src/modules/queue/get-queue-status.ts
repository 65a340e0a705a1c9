import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { findEntry, type TQueueEntry, type TQueueOptions } from './join-queue.ts';
import { queueError } from './queue-error.ts';
import { findQueueEventCached, isQueueActive } from './queue-event.ts';
import { statusOf, type TStatusWithEntry } from './queue-status.ts';
import { notePlace } from './queue-view.ts';

export type { TAdmittedEntry } from './queue-status.ts';

export type TStatusOptions = TQueueOptions & { holdSeconds: number; passSeconds: number };

/**
 * Where a visitor stands: not in the queue, waiting (position, how many ahead, an estimate and a
 * progress share), admitted (with until when the pass lasts), past their pass, sold out, or no
 * queue at all. `retryAfter` is when to ask again: the page polls at the pace the server sets.
 * `entry` is the place already in hand (a join just took it); otherwise it is looked up.
 */
export async function getQueueStatus(
  options: TStatusOptions,
  input: {
    slug: string;
    sessionId?: string | undefined;
    userId?: string | undefined;
    /** A join's answer: the place it took and the admitted count its statement read. */
    entry?: TQueueEntry | undefined;
    admitted?: number | undefined;
  },
): Promise<TStatusWithEntry> {
  const { db, locale } = options;
  const event = await findQueueEventCached(db, input.slug);
  if (!event?.published) throw queueError('queue_not_found', locale);
  const now = Date.now();
  if (!isQueueActive(event, options.enabled, now) || event.free <= 0)
    return statusOf(options, event, undefined, 0, now);
  const entry = input.entry ?? (await findEntry(db, event.id, input.sessionId, input.userId));
  // Admission takes ranks in order, so who is still ahead is who ranked ahead minus who got in.
  const admitted =
    entry?.rank != null && !entry.admittedAt ? (input.admitted ?? (await admittedCount(db, event.id))) : 0;
  if (entry?.rank != null && !entry.admittedAt && entry.placesBefore === null) {
    // A place from before the join counter: counted.
    const ahead = await countAhead(db, event.id, entry.rank, entry.id);
    return statusOf(options, event, { ...entry, placesBefore: ahead + admitted }, admitted, now);
  }
  const status = statusOf(options, event, entry, admitted, now);
  if (entry) notePlace(db, entry, status.state === 'waiting');
  return status;
}

/** How many the event's queue admitted so far (fresh: the slow path's reads stay exact). */
async function admittedCount(db: TDb, eventId: number): Promise<number> {
  const queue = await rows<{ admitted: number }>(
    db,
    sql`select admitted from event_queues where event_id = ${eventId}`,
  );
  return Number(queue[0]?.admitted ?? 0);
}

/** Who waits ahead, counted (a place from before the join counter). */
async function countAhead(db: TDb, eventId: number, rank: number, id: number): Promise<number> {
  const counted = await rows<{ ahead: number }>(
    db,
    sql`
    select count(*)::int as ahead from queue_entries
    where event_id = ${eventId} and admitted_at is null and rank is not null
      and (rank < ${rank} or (rank = ${rank} and id < ${id}))`,
  );
  return Number(counted[0]?.ahead ?? 0);
}

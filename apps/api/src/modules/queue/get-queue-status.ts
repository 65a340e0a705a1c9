import type { TQueueStatus } from '@ingressos/contracts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { findEntry, type TQueueOptions } from './join-queue.ts';
import { queueError } from './queue-error.ts';
import { admissionRatePerMinute, findQueueEventCached, isQueueActive } from './queue-event.ts';

export type TStatusOptions = TQueueOptions & { holdSeconds: number; passSeconds: number };

/** The admitted place, for the route to give its pass to one account (claim-pass.ts). */
export type TAdmittedEntry = { id: number; eventId: number; userId: string | null };

/** Polling intervals the server hands out: often near the front, rarely far back, never hammering. */
const MIN_RETRY = 2;
const MAX_RETRY = 30;
const clamp = (n: number) => Math.max(MIN_RETRY, Math.min(MAX_RETRY, Math.round(n)));

/**
 * Where a visitor stands: not in the queue, waiting (position, how many ahead, an estimate and a
 * progress share), admitted (with until when the pass lasts), past their pass, sold out, or no
 * queue at all. `retryAfter` is when to ask again: the page polls at the pace the server sets.
 */
export async function getQueueStatus(
  options: TStatusOptions,
  input: { slug: string; sessionId?: string | undefined; userId?: string | undefined },
): Promise<TQueueStatus & { admittedSessionId: string | null; admittedEntry: TAdmittedEntry | null }> {
  const { db, locale } = options;
  const event = await findQueueEventCached(db, input.slug);
  if (!event?.published) throw queueError('queue_not_found', locale);
  const now = Date.now();
  const base = {
    eventId: event.id,
    slug: event.slug,
    name: event.name,
    onSaleAt: event.onSaleAt?.toISOString() ?? null,
    position: null,
    ahead: null,
    estimatedWaitSeconds: null,
    progress: 0,
    retryAfter: null,
    passExpiresAt: null,
    passNeeds: null,
    admittedSessionId: null,
    admittedEntry: null,
  };
  if (!isQueueActive(event, options.enabled, now)) return { ...base, state: 'closed' };
  if (event.free <= 0) return { ...base, state: 'soldout', retryAfter: MAX_RETRY };
  const entry = await findEntry(db, event.id, input.sessionId, input.userId);
  const toStart = event.onSaleAt ? Math.max(0, (event.onSaleAt.getTime() - now) / 1000) : 0;
  if (!entry) return { ...base, state: 'none' };
  if (entry.admittedAt) {
    const until = entry.admittedAt.getTime() + options.passSeconds * 1000;
    if (until <= now) return { ...base, state: 'expired', progress: 1 };
    return {
      ...base,
      state: 'admitted',
      progress: 1,
      passExpiresAt: new Date(until).toISOString(),
      admittedSessionId: entry.sessionId,
      admittedEntry: { id: entry.id, eventId: entry.eventId, userId: entry.userId },
    };
  }
  const perMinute = admissionRatePerMinute(event, options.holdSeconds);
  // Before the draw nobody has a place yet: the page counts down to the start instead.
  if (entry.rank === null)
    return {
      ...base,
      state: 'waiting',
      estimatedWaitSeconds: Math.ceil(toStart),
      retryAfter: clamp(toStart > 60 ? toStart / 4 : Math.min(toStart + 1, 5)),
    };
  // Admission takes ranks in order, so who is still ahead is who ranked ahead minus who got in.
  const queue = await rows<{ admitted: number }>(
    db,
    sql`select admitted from event_queues where event_id = ${event.id}`,
  );
  const admitted = Number(queue[0]?.admitted ?? 0);
  const ahead =
    entry.placesBefore !== null
      ? Math.max(0, entry.placesBefore - admitted)
      : await countAhead(db, event.id, entry.rank, entry.id);
  const position = ahead + 1;
  const wait = Math.ceil(toStart + (position / perMinute) * 60);
  return {
    ...base,
    state: 'waiting',
    position,
    ahead,
    estimatedWaitSeconds: wait,
    progress: admitted + position > 0 ? Math.min(0.99, admitted / (admitted + position)) : 0,
    retryAfter: clamp(wait / 10),
  };
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

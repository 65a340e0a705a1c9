import type { TQueueStatus } from '@ingressos/contracts';
import type { TQueueEntry } from './join-queue.ts';
import { admissionRatePerMinute, isQueueActive, type TQueueEvent } from './queue-event.ts';

/** The queue's settings a status depends on (WAITING_ROOM, the cart's hold time, the pass's length). */
export type TStatusRules = { enabled: boolean; holdSeconds: number; passSeconds: number };

/** The admitted place, for the route to give its pass to one account (claim-pass.ts). */
export type TAdmittedEntry = { id: number; eventId: number; userId: string | null };

export type TStatusWithEntry = TQueueStatus & {
  admittedSessionId: string | null;
  admittedEntry: TAdmittedEntry | null;
};

/** Polling intervals the server hands out: often near the front, rarely far back, never hammering. */
const MIN_RETRY = 2;
const MAX_RETRY = 30;
const clamp = (n: number) => Math.max(MIN_RETRY, Math.min(MAX_RETRY, Math.round(n)));

/**
 * The status of `entry` (undefined: none) given the event and how many it admitted so far: no
 * I/O, so the status read's fast path (queue-view.ts) answers with the very body the route would.
 */
export function statusOf(
  options: TStatusRules,
  event: TQueueEvent,
  entry:
    | Pick<TQueueEntry, 'id' | 'eventId' | 'sessionId' | 'userId' | 'rank' | 'placesBefore' | 'admittedAt'>
    | undefined,
  admitted: number,
  now: number,
): TStatusWithEntry {
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
  const ahead = Math.max(0, (entry.placesBefore ?? 0) - admitted);
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

import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import type { TQueueEntry } from './join-queue.ts';
import { admissionRatePerMinute, findQueueEventCached, isQueueActive } from './queue-event.ts';
import { statusOf, type TStatusRules, type TStatusWithEntry } from './queue-status.ts';

/**
 * Issue 37: what this process knows of its queues, so a status poll far from the front costs no
 * query. A waiting place's `places_before` never changes while it waits (only admission, a rejoin
 * after a spent pass or an account moving its place change the row), and the visitors still ahead
 * are that minus the event's `admitted` counter. So the process remembers the waiting places it
 * has read or written (by event and cart session) and reads every event's counter with one query
 * at most every ADMITTED_MS; a poll of a remembered place answers from these. Near the front, past
 * the on-sale time before the draw, for anything not remembered or remembered too long ago, the
 * read goes to the database as before: admission, the pass and its cookie are always decided there.
 */
const ADMITTED_MS = 250;
/** A remembered place is trusted this long (another process may have moved an account's place): longer than the slowest poll (30 s), or the back of the queue would always miss. */
const TRUST_MS = 120_000;
/** Positions closer to the front than this many seconds of admissions are read from the database. */
const NEAR_FRONT_SECONDS = 10;
const NEAR_FRONT_MIN = 20;
/** Before the on-sale time, until this close to it: then the draw may have given a rank. */
const DRAW_MARGIN_MS = 2_000;
const MAX_REMEMBERED = 200_000;

type TPlace = Pick<TQueueEntry, 'id' | 'eventId' | 'sessionId' | 'userId' | 'rank' | 'placesBefore'>;
type TView = {
  places: Map<string, { place: TPlace; at: number }>;
  admitted: Map<number, number>;
  admittedAt: number;
  reading: Promise<void> | null;
};

const viewsByDb = new WeakMap<TDb, TView>();

function viewOf(db: TDb): TView {
  let view = viewsByDb.get(db);
  if (!view) {
    view = { places: new Map(), admitted: new Map(), admittedAt: 0, reading: null };
    viewsByDb.set(db, view);
  }
  return view;
}

const keyOf = (eventId: number, sessionId: string) => `${eventId}:${sessionId}`;

/** Notes what the database just said of a place: remembered while it waits, forgotten otherwise. */
export function notePlace(db: TDb, entry: TQueueEntry, waiting: boolean): void {
  const view = viewOf(db);
  const key = keyOf(entry.eventId, entry.sessionId);
  if (!waiting || entry.admittedAt) {
    view.places.delete(key);
    return;
  }
  if (view.places.size >= MAX_REMEMBERED) view.places.clear();
  const { id, eventId, sessionId, userId, rank, placesBefore } = entry;
  view.places.set(key, { place: { id, eventId, sessionId, userId, rank, placesBefore }, at: Date.now() });
}

/** A place this process moved away from a session (an account joining from another browser). */
export function forgetPlace(db: TDb, eventId: number, sessionId: string): void {
  viewOf(db).places.delete(keyOf(eventId, sessionId));
}

/** Tests that change queues behind the view's back. */
export const forgetQueueView = (db: TDb) => viewsByDb.delete(db);

/** Every event's admitted counter, at most ADMITTED_MS old (one query for all, whoever asks). */
async function admittedOf(db: TDb, view: TView, eventId: number, now: number): Promise<number | undefined> {
  if (now - view.admittedAt >= ADMITTED_MS && !view.reading) {
    view.reading = rows<{ event_id: number; admitted: number }>(
      db,
      sql`select event_id, admitted from event_queues`,
    )
      .then((result) => {
        view.admitted = new Map(result.map((row) => [row.event_id, Number(row.admitted)]));
        view.admittedAt = Date.now();
      })
      .finally(() => {
        view.reading = null;
      });
    // Until the first read nothing is known; later ones answer from the last while the next runs.
    if (view.admittedAt === 0) await view.reading.catch(() => {});
    else view.reading.catch(() => {});
  }
  return view.admitted.get(eventId);
}

/**
 * The status of a remembered waiting place far from the front, or of an event without an active
 * queue or sold out; null when the database must answer (the route's slow path).
 */
export async function fastQueueStatus(
  options: TStatusRules & { db: TDb },
  slug: string,
  sessionId: string | undefined,
): Promise<TStatusWithEntry | null> {
  const { db } = options;
  const event = await findQueueEventCached(db, slug);
  if (!event?.published) return null;
  const now = Date.now();
  if (!isQueueActive(event, options.enabled, now) || event.free <= 0)
    return statusOf(options, event, undefined, 0, now);
  if (!sessionId) return null;
  const view = viewOf(db);
  const remembered = view.places.get(keyOf(event.id, sessionId));
  if (!remembered || now - remembered.at > TRUST_MS) return null;
  const entry = { ...remembered.place, admittedAt: null };
  if (entry.rank === null) {
    const opens = event.onSaleAt?.getTime() ?? 0;
    return now < opens - DRAW_MARGIN_MS ? statusOf(options, event, entry, 0, now) : null;
  }
  if (entry.placesBefore === null) return null;
  const admitted = await admittedOf(db, view, event.id, now);
  if (admitted === undefined) return null;
  const perSecond = admissionRatePerMinute(event, options.holdSeconds) / 60;
  const margin = Math.max(NEAR_FRONT_MIN, Math.ceil(perSecond * NEAR_FRONT_SECONDS));
  if (entry.placesBefore - admitted <= margin) return null;
  return statusOf(options, event, entry, admitted, now);
}

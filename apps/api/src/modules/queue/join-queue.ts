import type { TLocale } from '@ingressos/domain';
import type { TDb } from '../../db/client.ts';
import { FRESH_PLAN } from '../../db/fresh-plan.ts';
import { newSessionId } from '../../db/ids.ts';
import { and, eq, type SQL, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { queueEntries } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { queueError } from './queue-error.ts';
import { findQueueEventCached, isQueueActive } from './queue-event.ts';
import { forgetPlace, notePlace } from './queue-view.ts';
import { takePlaceInBatch } from './take-places.ts';

export type TQueueOptions = { db: TDb; locale: TLocale; enabled: boolean };
/** Joining needs the pass's length: a visitor whose pass ran out may take a new place at the back. */
export type TJoinOptions = TQueueOptions & { passSeconds: number };

export type TQueueEntry = typeof queueEntries.$inferSelect;

/**
 * Takes a place in an event's queue: one per browser session and one per account. Joining again
 * returns the same place (a reload, a double click, a second tab). A visitor who arrives before
 * the on-sale time gets no rank yet: the draw at the start gives every early arrival a random one.
 * After the start the rank is the microseconds since it, read from the database's clock, so every
 * process ranks by the same clock. A visitor whose pass ran out without buying joins again at the
 * back, like anyone arriving now: the place they had is spent.
 */
export async function joinQueue(
  options: TJoinOptions,
  input: { slug: string; sessionId?: string | undefined; userId?: string | undefined },
): Promise<{ sessionId: string; entry: TQueueEntry; eventId: number; admitted?: number }> {
  const { db, locale } = options;
  const event = await findQueueEventCached(db, input.slug);
  if (!event?.published) throw queueError('queue_not_found', locale);
  if (!isQueueActive(event, options.enabled)) throw queueError('queue_closed', locale);
  const sessionId = input.sessionId ?? newSessionId();
  const userId = input.userId ?? null;

  // Issue 37: a new place is taken in a batch with the other joins of the moment (take-places.ts),
  // which also answers the place this browser or account already has.
  const taken = await takePlaceInBatch(db, event.id, { sessionId, userId });
  if (taken.placed) {
    notePlace(db, taken.placed, true);
    return { sessionId, entry: taken.placed, eventId: event.id, admitted: taken.admitted };
  }
  const mine =
    taken.existing.find((row) => row.sessionId === sessionId) ??
    taken.existing[0] ??
    (await findEntry(db, event.id, sessionId, userId));
  if (!mine) throw new Error('queue entry vanished');
  const spent = mine.admittedAt && mine.admittedAt.getTime() + options.passSeconds * 1000 <= Date.now();
  if (spent) {
    const again = await takePlace(db, event.id, (tx, values) =>
      tx
        .update(queueEntries)
        .set({ ...values, admittedAt: null, sessionId })
        // Only while the admission is still the spent one: two tabs rejoining take one place.
        .where(
          and(
            eq(queueEntries.id, mine.id),
            sql`${queueEntries.admittedAt} <= now() - make_interval(secs => ${options.passSeconds})`,
          ),
        )
        .returning(),
    );
    const entry = again ?? (await findEntry(db, event.id, sessionId, userId));
    if (!entry) throw new Error('queue entry vanished');
    return { sessionId: entry.sessionId, entry, eventId: event.id };
  }
  // An account's place follows it to the browser it joins from last: one place, one browser.
  if (userId && mine.userId === userId && mine.sessionId !== sessionId) {
    const [moved] = await db
      .update(queueEntries)
      .set({ sessionId })
      .where(eq(queueEntries.id, mine.id))
      .returning()
      .catch(() => [mine]);
    // (Other processes may show the old browser its remembered place for a while: queue-view.ts.)
    if (moved !== mine) forgetPlace(db, event.id, mine.sessionId);
    return { sessionId: moved!.sessionId, entry: moved!, eventId: event.id };
  }
  return { sessionId: mine.sessionId, entry: mine, eventId: event.id };
}

type TPlace = { rank: SQL; placesBefore: SQL };

/**
 * A spent place taken again at the back of the line, written by `write` (new places go in batches:
 * take-places.ts, which ranks and counts them the same way).
 * The rank is the microseconds since the on-sale time on the database's clock; before it, none
 * (the draw gives one). `placesBefore` is how many joined before, from the join counter.
 */
async function takePlace(
  db: TDb,
  eventId: number,
  write: (tx: TDb, place: TPlace) => Promise<TQueueEntry[]>,
): Promise<TQueueEntry | undefined> {
  // The on-sale time from the row itself, never from a cached copy: it decides early or late.
  const since = sql`coalesce((select on_sale_at from events where id = ${eventId}), 'epoch'::timestamptz)`;
  const late = sql`clock_timestamp() >= ${since}`;
  // The join counter: how many took a place before this one (early arrivals get theirs at the draw).
  await db.execute(
    sql`insert into event_queues (event_id, clock)
      values (${eventId}, greatest(now(), (select on_sale_at from events where id = ${eventId})))
      on conflict do nothing`,
  );
  // Counted and written together: a write that matches nothing (the other tab won) takes its count
  // back, so the winner's place is not one further than it is (the counter's row lock orders them).
  return withTransaction(db, async (tx) => {
    const counted = await rows<{ joined: number }>(
      tx,
      sql`update event_queues set joined = joined + 1 where event_id = ${eventId} returning joined`,
    );
    const before = Number(counted[0]?.joined ?? 1) - 1;
    const [written] = await write(tx, {
      rank: sql`case when ${late} then (extract(epoch from clock_timestamp() - ${since}) * 1000000)::bigint end`,
      placesBefore: sql`case when ${late} then ${before}::bigint end`,
    });
    if (!written)
      await tx.execute(sql`update event_queues set joined = joined - 1 where event_id = ${eventId}`);
    return written;
  });
}

/**
 * The place of this browser, else of this account: a probe by each key (an index lookup each),
 * planned at each run (FRESH_PLAN: a plan kept from when the queue was small scans it).
 */
export async function findEntry(
  db: TDb,
  eventId: number,
  sessionId: string | undefined,
  userId: string | null | undefined,
): Promise<TQueueEntry | undefined> {
  if (!sessionId && !userId) return undefined;
  const [entry] = await db
    .select()
    .from(queueEntries)
    .where(
      sql`${sql.raw(FRESH_PLAN)} ${queueEntries.id} = coalesce(
        (select id from queue_entries where event_id = ${eventId} and session_id = ${sessionId ?? null}::text),
        (select id from queue_entries where event_id = ${eventId} and user_id = ${userId ?? null}::text))`,
    );
  return entry;
}

import type { TDb } from '../../db/client.ts';
import { desc } from '../../db/orm.ts';
import { trackingLocalEvents } from '../../db/schema/index.ts';
import type { TTracker } from './tracker.ts';

/** Keeps each event in `tracking_local_events` (hashed data only), once per (name, id). */
export function createLocalTracker(db: TDb): TTracker {
  return {
    kind: 'local',
    async send(pixel, catalogueEventId, event) {
      const inserted = await db
        .insert(trackingLocalEvents)
        .values({
          eventName: event.event_name,
          eventId: event.event_id,
          catalogueEventId,
          pixelId: pixel.pixelId,
          body: event as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing()
        .returning({ id: trackingLocalEvents.id });
      return { duplicate: inserted.length === 0 };
    },
  };
}

export async function listLocalPixelEvents(db: TDb, limit = 100) {
  return db.select().from(trackingLocalEvents).orderBy(desc(trackingLocalEvents.createdAt)).limit(limit);
}

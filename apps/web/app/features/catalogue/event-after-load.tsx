import { useEffect } from 'react';
import EventTracking from './event-tracking.tsx';
import type { TEventView } from './event-view.server.ts';
import { freshStock } from './fresh-stock.ts';

/**
 * The view with the stock the snapshot file gives now, for the view the page had (a later view
 * asks again); the view's other fields are `of`'s own.
 */
export type TFreshStock = { of: TEventView; event: TEventView };

/**
 * What the event page does once it is on screen, out of its first script: the page view's
 * tracking, and (issue 18) the stock read again from the snapshot file, since the page may
 * have been kept by a cache since a lot sold out. Draws nothing.
 */
export default function EventAfterLoad({
  event,
  onFresh,
}: {
  event: TEventView;
  onFresh: (fresh: TFreshStock) => void;
}) {
  useEffect(() => {
    if (event.past) return;
    let live = true;
    void freshStock(event).then((fresh) => {
      if (live && fresh) onFresh({ of: event, event: fresh });
    });
    return () => {
      live = false;
    };
  }, [event, onFresh]);
  return <EventTracking event={event} />;
}

import type { TEventSummary } from '@ingressos/contracts';
import { useEffect } from 'react';
import { readSnapshot } from '~/shared/api-client.ts';

/** An event's price line as its stock makes it: from what price, or sold out. */
export type TListStock = Pick<TEventSummary, 'minValue' | 'soldOut'>;

/** The cards' stock a snapshot file gives now, for the list the page had (a later list asks again). */
export type TFreshList = { of: TEventSummary[]; stock: Map<number, TListStock> };

/**
 * Issue 18: a list of event cards (home, a group) as its snapshot file says now. A kept page (this
 * process's copy, a CDN's up to 35 s old) may show from-prices of lots sold out since; after load
 * the browser reads the file the loader read and takes each card's stock from it. Answers the
 * stock of the events that moved, by id, or null when none did or the file is not there.
 */
export async function freshEvents(
  file: string,
  events: TEventSummary[],
): Promise<Map<number, TListStock> | null> {
  const snapshot = await readSnapshot<{ events: TEventSummary[] }>(file);
  if (!snapshot?.events) return null;
  const shown = new Map(events.map((event) => [event.id, event]));
  const moved = new Map<number, TListStock>();
  for (const now of snapshot.events) {
    const before = shown.get(now.id);
    if (before && (before.minValue !== now.minValue || before.soldOut !== now.soldOut))
      moved.set(now.id, { minValue: now.minValue, soldOut: now.soldOut });
  }
  return moved.size > 0 ? moved : null;
}

/** Asks once per list the page shows, and hands what moved to the page. */
export function useFreshEvents(file: string, events: TEventSummary[], onFresh: (fresh: TFreshList) => void) {
  useEffect(() => {
    let live = true;
    void freshEvents(file, events).then((stock) => {
      if (live && stock) onFresh({ of: events, stock });
    });
    return () => {
      live = false;
    };
  }, [file, events, onFresh]);
}

/** The cards with the stock of now, when the page has it for this very list. */
export function withStock(events: TEventSummary[], fresh: TFreshList | undefined, of: TEventSummary[]) {
  const stock = fresh?.of === of ? fresh.stock : undefined;
  return stock ? events.map((event) => ({ ...event, ...stock.get(event.id) })) : events;
}

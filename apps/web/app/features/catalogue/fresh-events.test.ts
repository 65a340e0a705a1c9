import type { TEventSummary } from '@ingressos/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshEvents } from './fresh-events.ts';
import { serveSnapshot } from './serve-snapshot.ts';

/** Cards as the home page has them (only what the stock touches matters here). */
const cards = [
  { id: 1, name: 'Show', minValue: 100, soldOut: false },
  { id: 2, name: 'Teatro', minValue: 80, soldOut: false },
] as unknown as TEventSummary[];

const serve = serveSnapshot;

describe("the stock of now for a kept home page's cards", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the from-price and sold-out state of the events that moved from the next-events file', async () => {
    const calls = serve({
      events: [
        { id: 1, name: 'Renamed in the file', minValue: null, soldOut: false },
        { id: 2, name: 'Teatro', minValue: 80, soldOut: false },
        { id: 3, name: 'Not on the page', minValue: 10, soldOut: true },
      ],
    });
    const moved = await freshEvents('nextEvents.json', cards);
    expect(calls).toEqual(['/assets/api/nextEvents.json']);
    expect(moved).toEqual(new Map([[1, { minValue: null, soldOut: false }]]));
  });

  it('answers nothing when nothing moved or the file is missing', async () => {
    serve({ events: cards });
    expect(await freshEvents('nextEvents.json', cards)).toBeNull();
    serve({ Message: 'not found' }, 404);
    expect(await freshEvents('nextEvents.json', cards)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { currentLot, lotInWindow, nextLotBoundary } from './catalogue.ts';

const NOW = new Date('2027-03-01T12:00:00-03:00');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
const lot = (
  number: number,
  window: { start?: number; end?: number } = {},
  stock: { capacity?: number; sold?: number; held?: number; disabled?: boolean } = {},
) => ({
  number,
  capacity: stock.capacity ?? 10,
  sold: stock.sold ?? 0,
  held: stock.held ?? 0,
  disabled: stock.disabled ?? false,
  salesStartAt: window.start === undefined ? null : at(window.start),
  salesEndAt: window.end === undefined ? null : at(window.end),
});

describe('currentLot with sale windows (issue 34)', () => {
  it('gives way to the next lot when a lot’s salesEndAt has passed, sold out or not', () => {
    expect(currentLot([lot(1, { end: -1 }), lot(2)], NOW)?.number).toBe(2);
    expect(currentLot([lot(1, { end: 1 }), lot(2)], NOW)?.number).toBe(1);
  });

  it('waits for a lot’s salesStartAt, and so do the lots after it', () => {
    expect(currentLot([lot(1, {}, { sold: 10 }), lot(2, { start: 2 }), lot(3)], NOW)).toBeUndefined();
    expect(currentLot([lot(1, {}, { sold: 10 }), lot(2, { start: -2 }), lot(3)], NOW)?.number).toBe(2);
  });

  it('skips disabled and sold-out lots, keeps a lot whose units sit in carts', () => {
    expect(currentLot([lot(1, {}, { disabled: true }), lot(2, { end: 5 })], NOW)?.number).toBe(2);
    expect(currentLot([lot(1, {}, { sold: 4, held: 6 }), lot(2)], NOW)?.number).toBe(1);
    expect(currentLot([lot(1, { end: -1 }), lot(2, { end: -0.5 })], NOW)).toBeUndefined();
  });

  it('treats the window as start inclusive, end exclusive', () => {
    expect(lotInWindow(lot(1, { start: 0 }), NOW)).toBe(true);
    expect(lotInWindow(lot(1, { end: 0 }), NOW)).toBe(false);
  });

  it('knows the next boundary, to rebuild the storefront when a window opens or closes', () => {
    expect(nextLotBoundary([lot(1, { start: -1, end: 3 }), lot(2, { start: 2 })], NOW)).toBe(
      new Date(at(2)).getTime(),
    );
    expect(nextLotBoundary([lot(1, { end: -1 }), lot(2)], NOW)).toBeNull();
  });
});

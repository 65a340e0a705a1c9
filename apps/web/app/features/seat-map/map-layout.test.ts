import { describe, expect, it } from 'vitest';
import { centerOf, homeBox, pinch, placeRadius, sectionLabelAt, stageOf } from './map-layout.ts';
import type { TMapPlace, TMapSection } from './map-types.ts';

const place = (id: number, x: number, y: number, table = false): TMapPlace => ({
  id,
  alias: String(id),
  location: `A${id}`,
  x,
  y,
  status: 'Disponivel',
  table,
  seats: table ? 4 : 1,
  lotId: 1,
});
const section = (places: TMapPlace[]): TMapSection => ({ id: 1, name: 'Pista', places, tickets: [] });

describe('seat map layout', () => {
  it('starts at the places with a margin and room above for the stage', () => {
    expect(homeBox([place(1, 0, 0), place(2, 100, 40)])).toEqual({ x: -50, y: -120, w: 200, h: 210 });
  });

  it('writes a section name above its outer edge: a table is wider than a seat', () => {
    expect(placeRadius(section([place(1, 0, 0)]))).toBe(11);
    expect(placeRadius(section([place(1, 0, 0, true)]))).toBe(34);
    expect(sectionLabelAt(section([place(1, 100, 100, true)]))).toEqual({ x: 66, y: 56 });
  });

  it('draws the stage across the middle of the top', () => {
    expect(stageOf({ x: 0, y: 0, w: 100, h: 50 })).toEqual({
      rect: { x: 20, y: 10, width: 60, height: 36 },
      text: { x: 50, y: 34 },
    });
    expect(centerOf({ x: 10, y: 20, w: 100, h: 50 })).toEqual({ x: 60, y: 45 });
  });

  it('turns a pinch into a zoom factor around the fingers’ midpoint in map units', () => {
    const box = { x: 0, y: 0, w: 200, h: 100 };
    const rect = { left: 0, top: 0, width: 100, height: 50 };
    // Fingers moving apart (10 → 20 px) zoom in by half, around (15, 0) px = (30, 0) map units.
    expect(pinch({ x: 10, y: 0 }, { x: 20, y: 0 }, { x: 0, y: 0 }, box, rect)).toEqual({
      factor: 0.5,
      mid: { x: 20, y: 0 },
    });
    expect(pinch({ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 0 }, box, rect)).toBeNull();
  });
});

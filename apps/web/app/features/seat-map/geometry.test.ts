import { describe, expect, it } from 'vitest';
import { fitBox, nextPlace, panBox, zoomBox } from './geometry.ts';

const grid = [
  { id: 'A1', x: 0, y: 0 },
  { id: 'A2', x: 30, y: 0 },
  { id: 'A3', x: 60, y: 0 },
  { id: 'B1', x: 0, y: 32 },
  { id: 'B2', x: 30, y: 32 },
];

describe('seat map geometry', () => {
  it('fits all places with a margin', () => {
    expect(fitBox(grid, 10)).toEqual({ x: -10, y: -10, w: 80, h: 52 });
  });

  it('zooms around a point, within limits', () => {
    const home = { x: 0, y: 0, w: 800, h: 400 };
    const closer = zoomBox(home, 0.5, { x: 400, y: 200 }, home);
    expect(closer).toEqual({ x: 200, y: 100, w: 400, h: 200 });
    // Never farther than the whole map, never closer than 8x.
    expect(zoomBox(home, 4, { x: 400, y: 200 }, home).w).toBe(800);
    expect(zoomBox(home, 0.01, { x: 400, y: 200 }, home).w).toBe(100);
  });

  it('pans without losing the map', () => {
    const home = { x: 0, y: 0, w: 800, h: 400 };
    const box = { x: 200, y: 100, w: 400, h: 200 };
    expect(panBox(box, 50, -20, home)).toEqual({ x: 250, y: 80, w: 400, h: 200 });
    expect(panBox(box, 10_000, 0, home).x).toBe(600);
  });

  it('walks a row with left/right and changes row with up/down', () => {
    const at = (id: string) => grid.find((p) => p.id === id)!;
    expect(nextPlace(grid, at('A1'), 'ArrowRight')?.id).toBe('A2');
    expect(nextPlace(grid, at('A3'), 'ArrowRight')).toBeUndefined();
    expect(nextPlace(grid, at('A2'), 'ArrowDown')?.id).toBe('B2');
    expect(nextPlace(grid, at('B1'), 'ArrowUp')?.id).toBe('A1');
    expect(nextPlace(grid, at('B2'), 'ArrowLeft')?.id).toBe('B1');
  });
});

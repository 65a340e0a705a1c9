import { describe, expect, it } from 'vitest';
import { isSwipeRight } from './swipe.ts';

describe('isSwipeRight', () => {
  it('accepts a clear rightward swipe', () => {
    expect(isSwipeRight({ x: 50, y: 300 }, { x: 250, y: 320 })).toBe(true);
  });

  it('rejects a short move, a leftward move and a mostly vertical scroll', () => {
    expect(isSwipeRight({ x: 50, y: 300 }, { x: 90, y: 300 })).toBe(false);
    expect(isSwipeRight({ x: 250, y: 300 }, { x: 50, y: 300 })).toBe(false);
    expect(isSwipeRight({ x: 50, y: 100 }, { x: 130, y: 400 })).toBe(false);
  });
});

/** A swipe counts when it moves mostly sideways by at least this many pixels. */
export const SWIPE_MIN_PX = 60;

export type TPoint = { x: number; y: number };

/** True when the touch went from `start` to `end` rightwards, more across than down. */
export function isSwipeRight(start: TPoint, end: TPoint): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return dx >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5;
}

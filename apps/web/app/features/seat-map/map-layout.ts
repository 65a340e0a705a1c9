import { fitBox, type TPoint, type TViewBox } from './geometry.ts';
import type { TMapSection } from './map-types.ts';

/** Pure layout of the seat map's drawing: where the map starts, how big a place is, where labels go. */
export const TABLE_RADIUS = 34;
export const SEAT_RADIUS = 11;

/** The box the map starts at: every place with a margin, and room above for the stage. */
export function homeBox(places: readonly TPoint[]): TViewBox {
  const box = fitBox(places, 50);
  return { ...box, y: box.y - 70, h: box.h + 70 };
}

/** A section's name sits above its places' outer edge, so a table never covers it. */
export const placeRadius = (section: TMapSection) =>
  section.places.some((place) => place.table) ? TABLE_RADIUS : SEAT_RADIUS;

/** Where a section's name is written: at its places' top-left corner, 10 units above. */
export function sectionLabelAt(section: TMapSection): TPoint {
  const box = fitBox(section.places, placeRadius(section));
  return { x: box.x, y: box.y - 10 };
}

/** The stage: a bar across the middle 60% of the map's top. */
export function stageOf(home: TViewBox) {
  return {
    rect: { x: home.x + home.w * 0.2, y: home.y + 10, width: home.w * 0.6, height: 36 },
    text: { x: home.x + home.w / 2, y: home.y + 34 },
  };
}

export const centerOf = (box: TViewBox): TPoint => ({ x: box.x + box.w / 2, y: box.y + box.h / 2 });

type TRect = { left: number; top: number; width: number; height: number };

/**
 * A pinch from `last` to `now` against a still finger at `other`: the zoom factor (the distances'
 * ratio; below 1 zooms in) and its centre in map units. Null when a distance is zero.
 */
export function pinch(last: TPoint, now: TPoint, other: TPoint, box: TViewBox, rect: TRect) {
  const before = Math.hypot(last.x - other.x, last.y - other.y);
  const after = Math.hypot(now.x - other.x, now.y - other.y);
  if (!(before > 0 && after > 0)) return null;
  const mid = {
    x: box.x + (((now.x + other.x) / 2 - rect.left) * box.w) / rect.width,
    y: box.y + (((now.y + other.y) / 2 - rect.top) * box.h) / rect.height,
  };
  return { factor: before / after, mid };
}

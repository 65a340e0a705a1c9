/** Pure geometry of the seat map: the visible box (zoom and pan) and arrow-key moves. */
export type TViewBox = { x: number; y: number; w: number; h: number };
export type TPoint = { x: number; y: number };

/** The smallest box around the points, with a margin, that the map starts at. */
export function fitBox(points: readonly TPoint[], margin = 40): TViewBox {
  if (points.length === 0) return { x: 0, y: 0, w: 100, h: 100 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, w: Math.max(...xs) + margin - x, h: Math.max(...ys) + margin - y };
}

/**
 * Scales the box by `factor` (below 1 zooms in) keeping `center` where it is on screen, between
 * `maxZoom` times closer than `home` and `home` itself.
 */
export function zoomBox(
  box: TViewBox,
  factor: number,
  center: TPoint,
  home: TViewBox,
  maxZoom = 8,
): TViewBox {
  const w = Math.min(home.w, Math.max(home.w / maxZoom, box.w * factor));
  const scale = w / box.w;
  const h = box.h * scale;
  return clampBox(
    { x: center.x - (center.x - box.x) * scale, y: center.y - (center.y - box.y) * scale, w, h },
    home,
  );
}

/** Moves the box by map units, never leaving the map entirely. */
export function panBox(box: TViewBox, dx: number, dy: number, home: TViewBox): TViewBox {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy }, home);
}

function clampBox(box: TViewBox, home: TViewBox): TViewBox {
  const x = Math.min(Math.max(box.x, home.x - box.w / 2), home.x + home.w - box.w / 2);
  const y = Math.min(Math.max(box.y, home.y - box.h / 2), home.y + home.h - box.h / 2);
  return { ...box, x, y };
}

export type TDirection = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/**
 * The place an arrow key moves to: the nearest one on that side, preferring places in line
 * (same row for left/right), so arrows walk a row and then jump to the row above or below.
 */
export function nextPlace<T extends TPoint>(
  places: readonly T[],
  from: T,
  direction: TDirection,
): T | undefined {
  let best: T | undefined;
  let bestScore = Infinity;
  for (const place of places) {
    if (place === from) continue;
    const dx = place.x - from.x;
    const dy = place.y - from.y;
    const along =
      direction === 'ArrowLeft' ? -dx : direction === 'ArrowRight' ? dx : direction === 'ArrowUp' ? -dy : dy;
    const across = direction === 'ArrowLeft' || direction === 'ArrowRight' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0.5) continue;
    const score = along + across * 3;
    if (score < bestScore) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}

import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { panBox, type TPoint, type TViewBox, zoomBox } from './geometry.ts';
import { centerOf, homeBox, pinch } from './map-layout.ts';
import type { TMapPlace } from './map-types.ts';

/** Movement, in screen pixels, past which a press is a drag and not a click on a seat. */
const DRAG_PX = 6;

/**
 * The map's visible box: zoom buttons, drag to pan, pinch to zoom. `wasDrag()` tells a click that
 * ends a drag from a click on a seat.
 */
export function useMapView(places: TMapPlace[]) {
  const home = useMemo(() => homeBox(places), [places]);
  const [box, setBox] = useState<TViewBox>(home);
  const svg = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, TPoint>());
  const dragged = useRef(0);

  /** Screen pixels to map units at the current zoom. */
  const scale = () => box.w / (svg.current?.getBoundingClientRect().width || box.w);

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    if (others.length === 1) {
      // Pinch: the change in distance between two fingers zooms around their midpoint.
      const zoom = pinch(last, now, others[0]![1], box, svg.current!.getBoundingClientRect());
      if (zoom) setBox((b) => zoomBox(b, zoom.factor, zoom.mid, home));
      dragged.current = DRAG_PX;
      return;
    }
    dragged.current += Math.abs(now.x - last.x) + Math.abs(now.y - last.y);
    if (dragged.current >= DRAG_PX) {
      const k = scale();
      setBox((b) => panBox(b, (last.x - now.x) * k, (last.y - now.y) * k, home));
    }
  }

  const release = (e: PointerEvent<SVGSVGElement>) => pointers.current.delete(e.pointerId);
  const center = centerOf(box);
  return {
    svg,
    box,
    home,
    zoomIn: () => setBox((b) => zoomBox(b, 0.7, center, home)),
    zoomOut: () => setBox((b) => zoomBox(b, 1 / 0.7, center, home)),
    reset: () => setBox(home),
    wasDrag: () => dragged.current >= DRAG_PX,
    handlers: {
      onPointerDown: (e: PointerEvent<SVGSVGElement>) => {
        pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
        if (pointers.current.size === 1) dragged.current = 0;
      },
      onPointerMove,
      onPointerUp: release,
      onPointerCancel: release,
      onPointerLeave: release,
    },
  };
}

import type { TAvailability } from '@ingressos/domain';
import { isOnSale } from '@ingressos/domain/availability';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatMoney } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import {
  fitBox,
  nextPlace,
  panBox,
  type TDirection,
  type TPoint,
  type TViewBox,
  zoomBox,
} from './geometry.ts';
import styles from './seat-map.module.css';

export type TMapPlace = {
  id: number;
  alias: string;
  location: string;
  x: number;
  y: number;
  status: TAvailability;
  table: boolean;
  seats: number;
  /** The lot the cart holds it under unless the buyer picks another ticket type: the section's first on sale. */
  lotId: number | null;
};
/** A ticket type on sale in a section (Inteira, Meia-entrada...): its current lot and price per place. */
export type TMapTicket = { lotId: number; name: string; value: number; taxTotal: number };
export type TMapSection = { id: number; name: string; places: TMapPlace[]; tickets: TMapTicket[] };

const selectable = (place: TMapPlace) => isOnSale(place.status);
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
/** Movement, in screen pixels, past which a press is a drag and not a click on a seat. */
const DRAG_PX = 6;

const TABLE_RADIUS = 34;
const SEAT_RADIUS = 11;
/** A section's name sits above its places' outer edge, so a table never covers it. */
const placeRadius = (section: TMapSection) =>
  section.places.some((place) => place.table) ? TABLE_RADIUS : SEAT_RADIUS;

/**
 * The SVG map of an event: seats and tables coloured by status. Free places are checkboxes:
 * click or tap, or walk them with the arrow keys and press Enter or Space. Sold, held and blocked
 * places cannot be chosen. Drag to pan and pinch (or the buttons) to zoom.
 */
export function SeatMap({
  sections,
  currency,
  readOnly,
  onAdd,
}: {
  sections: TMapSection[];
  currency: 'BRL' | 'USD';
  readOnly: boolean;
  /** Holds the chosen places, each under its `lotId`; answers the ids that went into the cart. */
  onAdd: (places: TMapPlace[]) => Promise<number[]>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const places = useMemo(() => sections.flatMap((s) => s.places), [sections]);
  const home = useMemo(() => {
    const box = fitBox(places, 50);
    return { ...box, y: box.y - 70, h: box.h + 70 };
  }, [places]);
  const [box, setBox] = useState<TViewBox>(home);
  const [selected, setSelected] = useState<number[]>([]);
  /** The ticket type (its lot) chosen per place, when the section sells more than one. */
  const [lots, setLots] = useState<Record<number, number>>({});
  const ticketsOf = useMemo(
    () => new Map(sections.flatMap((s) => s.places.map((p) => [p.id, s.tickets] as const))),
    [sections],
  );
  const [focused, setFocused] = useState<number>(() => (places.find(selectable) ?? places[0])?.id ?? 0);
  const [message, setMessage] = useState('');
  // Issue 20: a jump to a section (/eventmap/x#section-3) starts the keyboard on its first free place.
  const { hash } = useLocation();
  useEffect(() => {
    const section = sections.find((each) => `#section-${each.id}` === hash);
    const first = section?.places.find(selectable);
    if (first) setFocused(first.id);
  }, [hash, sections]);
  const svg = useRef<SVGSVGElement>(null);
  const nodes = useRef(new Map<number, SVGElement>());
  const pointers = useRef(new Map<number, TPoint>());
  const dragged = useRef(0);

  const statusText = (place: TMapPlace) =>
    selected.includes(place.id) ? t('map.selected') : t(`map.status.${place.status}`);
  /** Issue 20: a seat says its row and number (its location), its price and its state. */
  const placeName = (place: TMapPlace) => {
    const lotId = lots[place.id] ?? place.lotId;
    const ticket = ticketsOf.get(place.id)?.find((each) => each.lotId === lotId);
    const status = statusText(place);
    if (!ticket || !selectable(place)) return t('map.place', { location: place.location, status });
    const value = ticket.value === 0 ? t('event.free') : formatMoney(ticket.value, currency);
    return t('map.placePriced', { location: place.location, price: value, status });
  };

  function toggle(place: TMapPlace) {
    if (readOnly || !selectable(place)) {
      setMessage(t('map.unavailable', { place: place.location, status: t(`map.status.${place.status}`) }));
      return;
    }
    setMessage('');
    setSelected((list) =>
      list.includes(place.id) ? list.filter((id) => id !== place.id) : [...list, place.id],
    );
  }

  function onKeyDown(event: KeyboardEvent, place: TMapPlace) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(place);
    } else if (ARROWS.has(event.key)) {
      event.preventDefault();
      const next = nextPlace(places, place, event.key as TDirection);
      if (next) {
        setFocused(next.id);
        nodes.current.get(next.id)?.focus();
      }
    }
  }

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
      const other = others[0]![1];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      if (before > 0 && after > 0) {
        const rect = svg.current!.getBoundingClientRect();
        const mid = {
          x: box.x + (((now.x + other.x) / 2 - rect.left) * box.w) / rect.width,
          y: box.y + (((now.y + other.y) / 2 - rect.top) * box.h) / rect.height,
        };
        setBox((b) => zoomBox(b, before / after, mid, home));
      }
      dragged.current = DRAG_PX;
      return;
    }
    dragged.current += Math.abs(now.x - last.x) + Math.abs(now.y - last.y);
    if (dragged.current >= DRAG_PX) {
      const k = scale();
      setBox((b) => panBox(b, (last.x - now.x) * k, (last.y - now.y) * k, home));
    }
  }

  const center = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
  const chosen = places
    .filter((p) => selected.includes(p.id))
    .map((p) => ({ ...p, lotId: lots[p.id] ?? p.lotId }));
  const price = (ticket: TMapTicket) =>
    `${ticket.name} — ${ticket.value === 0 ? t('event.free') : formatMoney(ticket.value, currency)}${
      ticket.taxTotal > 0 ? ` ${t('event.fee', { fee: formatMoney(ticket.taxTotal, currency) })}` : ''
    }`;

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        <button type="button" onClick={() => setBox((b) => zoomBox(b, 0.7, center, home))}>
          {t('map.zoomIn')}
        </button>
        <button type="button" onClick={() => setBox((b) => zoomBox(b, 1 / 0.7, center, home))}>
          {t('map.zoomOut')}
        </button>
        <button type="button" onClick={() => setBox(home)}>
          {t('map.reset')}
        </button>
      </div>
      <p id="map-help" className={styles.help}>
        {t('map.instructions')}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group holds the seat checkboxes */}
      <svg
        ref={svg}
        className={styles.map}
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="group"
        aria-label={t('map.name')}
        aria-describedby="map-help"
        onPointerDown={(e) => {
          pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          if (pointers.current.size === 1) dragged.current = 0;
        }}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => pointers.current.delete(e.pointerId)}
        onPointerCancel={(e) => pointers.current.delete(e.pointerId)}
        onPointerLeave={(e) => pointers.current.delete(e.pointerId)}
      >
        <rect
          className={styles.stage}
          x={home.x + home.w * 0.2}
          y={home.y + 10}
          width={home.w * 0.6}
          height={36}
          rx={8}
        />
        <text className={styles.stageText} x={home.x + home.w / 2} y={home.y + 34} textAnchor="middle">
          {t('map.stage')}
        </text>
        {sections.map((section) => (
          // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> named as its section's group of seats
          // biome-ignore lint/a11y/useSemanticElements: an SVG cannot hold a fieldset
          <g key={section.id} id={`section-${section.id}`} role="group" aria-label={section.name}>
            <text
              className={styles.sectionName}
              x={fitBox(section.places, placeRadius(section)).x}
              y={fitBox(section.places, placeRadius(section)).y - 10}
            >
              {section.name}
            </text>
            {section.places.map((place) => {
              const isSelected = selected.includes(place.id);
              const common = {
                ref: (node: SVGElement | null) => {
                  if (node) nodes.current.set(place.id, node);
                  else nodes.current.delete(place.id);
                },
                className: styles.place,
                role: 'checkbox',
                'aria-checked': isSelected,
                'aria-disabled': readOnly || !selectable(place),
                'aria-label': placeName(place),
                'data-status': isSelected ? 'selected' : place.status,
                'data-alias': place.alias,
                tabIndex: place.id === focused ? 0 : -1,
                onFocus: () => setFocused(place.id),
                onClick: () => {
                  if (dragged.current < DRAG_PX) toggle(place);
                },
                onKeyDown: (event: KeyboardEvent) => onKeyDown(event, place),
              };
              return place.table ? (
                <g key={place.id} {...common}>
                  <circle cx={place.x} cy={place.y} r={TABLE_RADIUS} />
                  <text x={place.x} y={place.y + 5} textAnchor="middle">
                    {place.alias}
                  </text>
                </g>
              ) : (
                <circle key={place.id} {...common} cx={place.x} cy={place.y} r={SEAT_RADIUS} />
              );
            })}
          </g>
        ))}
      </svg>
      <Legend />
      <p role="status" className={styles.message}>
        {message}
      </p>
      <section aria-labelledby="escolhidos" className={styles.selection}>
        <h2 id="escolhidos">{t('map.selection')}</h2>
        {chosen.length === 0 ? (
          <p>{t('map.none')}</p>
        ) : (
          <ul>
            {chosen.map((place) => {
              const tickets = ticketsOf.get(place.id) ?? [];
              const current = tickets.find((ticket) => ticket.lotId === place.lotId);
              return (
                <li key={place.id}>
                  <span className={styles.chosen}>
                    {place.location}
                    {tickets.length > 1 ? (
                      <select
                        aria-label={t('map.ticketType', { place: place.location })}
                        value={place.lotId ?? ''}
                        onChange={(e) => setLots((l) => ({ ...l, [place.id]: Number(e.target.value) }))}
                      >
                        {tickets.map((ticket) => (
                          <option key={ticket.lotId} value={ticket.lotId}>
                            {price(ticket)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      current && <span className={styles.price}>{price(current)}</span>
                    )}
                  </span>
                  <button
                    type="button"
                    onClick={() => toggle(place)}
                    aria-label={t('map.remove', { place: place.location })}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className={styles.add}
          disabled={chosen.length === 0 || busy || readOnly}
          aria-busy={busy}
          onClick={async () => {
            setBusy(true);
            const ids = await onAdd(chosen);
            setBusy(false);
            if (ids.length > 0) {
              setSelected((list) => list.filter((id) => !ids.includes(id)));
              setAdded(true);
            }
          }}
        >
          {busy ? t('cart.map.adding') : t('cart.map.add')}
        </button>
        {added && (
          <Link to="/carrinho" className={styles.goToCart}>
            {t('cart.goToCart')}
          </Link>
        )}
      </section>
    </div>
  );
}

function Legend() {
  const { t } = useI18n();
  const items = ['Disponivel', 'selected', 'Reservado', 'Indisponivel', 'Desativado'] as const;
  return (
    <ul className={styles.legend} aria-label={t('map.legend')}>
      {items.map((item) => (
        <li key={item}>
          <span className={styles.swatch} data-status={item} aria-hidden="true" />
          {item === 'selected' ? t('map.selected') : t(`map.status.${item}`)}
        </li>
      ))}
    </ul>
  );
}

import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import { nextPlace, type TDirection } from './geometry.ts';
import type { TMapPlace, TMapSection } from './map-types.ts';
import { selectable, ticketOfPlace, ticketsByPlace, toggleId } from './selection.ts';

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * What the buyer picked on the map and how the keyboard walks it: the chosen places and their
 * ticket types, the focused place, the message for a place that cannot be chosen, and each
 * place's spoken name.
 */
export function useSeatSelection(
  sections: TMapSection[],
  places: TMapPlace[],
  currency: 'BRL' | 'USD',
  readOnly: boolean,
) {
  const { t } = useI18n();
  const { price: shown } = useMoney();
  const [selected, setSelected] = useState<number[]>([]);
  /** The ticket type (its lot) chosen per place, when the section sells more than one. */
  const [lots, setLots] = useState<Record<number, number>>({});
  const ticketsOf = useMemo(() => ticketsByPlace(sections), [sections]);
  const [focused, setFocused] = useState<number>(() => (places.find(selectable) ?? places[0])?.id ?? 0);
  const [message, setMessage] = useState('');
  // Issue 20: a jump to a section (/eventmap/x#section-3) starts the keyboard on its first free place.
  const { hash } = useLocation();
  useEffect(() => {
    const section = sections.find((each) => `#section-${each.id}` === hash);
    const first = section?.places.find(selectable);
    if (first) setFocused(first.id);
  }, [hash, sections]);
  const nodes = useRef(new Map<number, SVGElement>());

  const statusText = (place: TMapPlace) =>
    selected.includes(place.id) ? t('map.selected') : t(`map.status.${place.status}`);
  /** Issue 20: a seat says its row and number (its location), its price and its state. */
  const placeName = (place: TMapPlace) => {
    const ticket = ticketOfPlace(place, lots, ticketsOf);
    const status = statusText(place);
    if (!ticket || !selectable(place)) return t('map.place', { location: place.location, status });
    const value = ticket.value === 0 ? t('event.free') : shown(ticket.value, currency);
    return t('map.placePriced', { location: place.location, price: value, status });
  };

  function toggle(place: TMapPlace) {
    if (readOnly || !selectable(place)) {
      setMessage(t('map.unavailable', { place: place.location, status: t(`map.status.${place.status}`) }));
      return;
    }
    setMessage('');
    setSelected((list) => toggleId(list, place.id));
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

  return {
    selected,
    setSelected,
    lots,
    setLots,
    ticketsOf,
    focused,
    setFocused,
    message,
    nodes,
    placeName,
    toggle,
    onKeyDown,
  };
}

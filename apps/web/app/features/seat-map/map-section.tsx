import type { KeyboardEvent, RefObject } from 'react';
import { SEAT_RADIUS, sectionLabelAt, TABLE_RADIUS } from './map-layout.ts';
import type { TMapPlace, TMapSection } from './map-types.ts';
import styles from './seat-map.module.css';
import { selectable } from './selection.ts';

type TPlaceProps = {
  selected: number[];
  readOnly: boolean;
  focused: number;
  nodes: RefObject<Map<number, SVGElement>>;
  placeName: (place: TMapPlace) => string;
  onFocus: (place: TMapPlace) => void;
  onClick: (place: TMapPlace) => void;
  onKeyDown: (event: KeyboardEvent, place: TMapPlace) => void;
};

/** A section of the map: its name and its places, each a checkbox (a seat, or a table with its alias). */
export function MapSection({ section, ...props }: TPlaceProps & { section: TMapSection }) {
  const label = sectionLabelAt(section);
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG <g> named as its section's group of seats
    // biome-ignore lint/a11y/useSemanticElements: an SVG cannot hold a fieldset
    <g id={`section-${section.id}`} role="group" aria-label={section.name}>
      <text className={styles.sectionName} x={label.x} y={label.y}>
        {section.name}
      </text>
      {section.places.map((place) => (
        <MapPlace key={place.id} place={place} {...props} />
      ))}
    </g>
  );
}

function MapPlace({ place, ...p }: TPlaceProps & { place: TMapPlace }) {
  const isSelected = p.selected.includes(place.id);
  const common = {
    ref: (node: SVGElement | null) => {
      if (node) p.nodes.current.set(place.id, node);
      else p.nodes.current.delete(place.id);
    },
    className: styles.place,
    role: 'checkbox',
    'aria-checked': isSelected,
    'aria-disabled': p.readOnly || !selectable(place),
    'aria-label': p.placeName(place),
    'data-status': isSelected ? 'selected' : place.status,
    'data-alias': place.alias,
    tabIndex: place.id === p.focused ? 0 : -1,
    onFocus: () => p.onFocus(place),
    onClick: () => p.onClick(place),
    onKeyDown: (event: KeyboardEvent) => p.onKeyDown(event, place),
  };
  return place.table ? (
    <g {...common}>
      <circle cx={place.x} cy={place.y} r={TABLE_RADIUS} />
      <text x={place.x} y={place.y + 5} textAnchor="middle">
        {place.alias}
      </text>
    </g>
  ) : (
    <circle {...common} cx={place.x} cy={place.y} r={SEAT_RADIUS} />
  );
}

import { useMemo } from 'react';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import { stageOf } from './map-layout.ts';
import { Legend } from './map-legend.tsx';
import { MapSection } from './map-section.tsx';
import { MapSelection } from './map-selection.tsx';
import { MapToolbar } from './map-toolbar.tsx';
import type { TMapPlace, TMapSection, TMapTicket } from './map-types.ts';
import styles from './seat-map.module.css';
import { chosenPlaces } from './selection.ts';
import { useMapView } from './use-map-view.ts';
import { useSeatSelection } from './use-seat-selection.ts';

export type { TMapPlace, TMapSection, TMapTicket } from './map-types.ts';

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
  const { price: shown } = useMoney();
  const places = useMemo(() => sections.flatMap((s) => s.places), [sections]);
  const view = useMapView(places);
  const sel = useSeatSelection(sections, places, currency, readOnly);
  const { box, home } = view;
  const stage = stageOf(home);
  const price = (ticket: TMapTicket) =>
    `${ticket.name} — ${ticket.value === 0 ? t('event.free') : shown(ticket.value, currency)}${
      ticket.taxTotal > 0 ? ` ${t('event.fee', { fee: shown(ticket.taxTotal, currency) })}` : ''
    }`;

  return (
    <div className={styles.wrap}>
      <MapToolbar view={view} />
      <p id="map-help" className={styles.help}>
        {t('map.instructions')}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group holds the seat checkboxes */}
      <svg
        ref={view.svg}
        className={styles.map}
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="group"
        aria-label={t('map.name')}
        aria-describedby="map-help"
        {...view.handlers}
      >
        <rect className={styles.stage} {...stage.rect} rx={8} />
        <text className={styles.stageText} {...stage.text} textAnchor="middle">
          {t('map.stage')}
        </text>
        {sections.map((section) => (
          <MapSection
            key={section.id}
            section={section}
            selected={sel.selected}
            readOnly={readOnly}
            focused={sel.focused}
            nodes={sel.nodes}
            placeName={sel.placeName}
            onFocus={(place) => sel.setFocused(place.id)}
            onClick={(place) => {
              if (!view.wasDrag()) sel.toggle(place);
            }}
            onKeyDown={sel.onKeyDown}
          />
        ))}
      </svg>
      <Legend />
      <p role="status" className={styles.message}>
        {sel.message}
      </p>
      <MapSelection
        chosen={chosenPlaces(places, sel.selected, sel.lots)}
        ticketsOf={sel.ticketsOf}
        readOnly={readOnly}
        price={price}
        onLot={(placeId, lotId) => sel.setLots((l) => ({ ...l, [placeId]: lotId }))}
        onRemove={sel.toggle}
        onAdd={onAdd}
        onAdded={(ids) => sel.setSelected((list) => list.filter((id) => !ids.includes(id)))}
      />
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import type { TMapPlace, TMapTicket } from './map-types.ts';
import styles from './seat-map.module.css';

/**
 * The places picked so far, each with its ticket type (a select when the section sells more than
 * one) and a remove button; then the button that holds them in the cart.
 */
export function MapSelection(props: {
  chosen: TMapPlace[];
  ticketsOf: Map<number, TMapTicket[]>;
  readOnly: boolean;
  price: (ticket: TMapTicket) => string;
  onLot: (placeId: number, lotId: number) => void;
  onRemove: (place: TMapPlace) => void;
  /** Holds the chosen places; answers the ids that went into the cart. */
  onAdd: (places: TMapPlace[]) => Promise<number[]>;
  onAdded: (ids: number[]) => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const { chosen, readOnly } = props;
  return (
    <section aria-labelledby="escolhidos" className={styles.selection}>
      <h2 id="escolhidos">{t('map.selection')}</h2>
      {chosen.length === 0 ? (
        <p>{t('map.none')}</p>
      ) : (
        <ul>
          {chosen.map((place) => (
            <ChosenPlace key={place.id} place={place} {...props} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className={styles.add}
        disabled={chosen.length === 0 || busy || readOnly}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          const ids = await props.onAdd(chosen);
          setBusy(false);
          if (ids.length > 0) {
            props.onAdded(ids);
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
  );
}

function ChosenPlace({
  place,
  ticketsOf,
  price,
  onLot,
  onRemove,
}: {
  place: TMapPlace;
  ticketsOf: Map<number, TMapTicket[]>;
  price: (ticket: TMapTicket) => string;
  onLot: (placeId: number, lotId: number) => void;
  onRemove: (place: TMapPlace) => void;
}) {
  const { t } = useI18n();
  const tickets = ticketsOf.get(place.id) ?? [];
  const current = tickets.find((ticket) => ticket.lotId === place.lotId);
  return (
    <li>
      <span className={styles.chosen}>
        {place.location}
        {tickets.length > 1 ? (
          <select
            aria-label={t('map.ticketType', { place: place.location })}
            value={place.lotId ?? ''}
            onChange={(e) => onLot(place.id, Number(e.target.value))}
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
        onClick={() => onRemove(place)}
        aria-label={t('map.remove', { place: place.location })}
      >
        ×
      </button>
    </li>
  );
}

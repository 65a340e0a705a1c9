import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { plural } from '~/i18n/plural.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import type { TEventView, TSectionView, TTicketView } from './event-view.server.ts';
import { QuantityPicker } from './quantity-picker.tsx';
import styles from './tickets.module.css';

/** Sections and their tickets with the lot on sale, its price and fee, and a quantity for each. */
export function TicketSelector({
  event,
  onAdd,
}: {
  event: TEventView;
  /** Puts the chosen lots in the cart; answers whether anything went in. */
  onAdd: (lines: { lotId: number; quantity: number }[]) => Promise<boolean>;
}) {
  const { t, locale } = useI18n();
  const { price: shown } = useMoney();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const tickets = event.sections.flatMap((s) => s.tickets);
  const count = tickets.reduce((sum, ticket) => sum + (quantities[ticket.id] ?? 0), 0);
  const total = tickets.reduce(
    (sum, ticket) => sum + (quantities[ticket.id] ?? 0) * (ticket.value + ticket.taxTotal),
    0,
  );
  const room = event.maxPerCart - count;
  const addButton = useRef<HTMLButtonElement>(null);
  const goToCart = useRef<HTMLAnchorElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  // Issue 20: the button turns disabled once the tickets are in: focus goes on to 'Ir para o carrinho'.
  useEffect(() => {
    if (!moveFocus) return;
    setMoveFocus(false);
    // The focus helpers come with the shell's after-hydration chunk, out of this page's first script.
    void import('~/ui/focus.ts').then(({ focusIsLost, focusNextMeaningful }) => {
      if (focusIsLost() || document.activeElement === addButton.current)
        focusNextMeaningful(addButton.current, { preferred: [goToCart.current] });
    });
  }, [moveFocus]);

  return (
    <>
      {event.sections.map((section) => (
        <section key={section.id} className={styles.section} aria-labelledby={`section-${section.id}`}>
          <h3 id={`section-${section.id}`}>{section.name}</h3>
          <MapNote section={section} slug={event.slug} />
          <ul className={styles.tickets}>
            {section.tickets.map((ticket) => (
              <li key={ticket.id} className={styles.ticket}>
                <TicketInfo ticket={ticket} currency={event.currency} perSeat={section.kind !== 'ticket'} />
                {!section.hasMap && ticket.onSale && (
                  <QuantityPicker
                    label={`${section.name} — ${ticket.name}`}
                    value={quantities[ticket.id] ?? 0}
                    min={ticket.minQtd}
                    max={Math.min(ticket.maxQtd, ticket.available, (quantities[ticket.id] ?? 0) + room)}
                    onChange={(value) => setQuantities((q) => ({ ...q, [ticket.id]: value }))}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className={styles.summary}>
        <p>
          <strong>{t('event.total', { total: shown(total, event.currency) })}</strong>{' '}
          <span>{plural(t, locale, 'event.count', count)}</span>
        </p>
        {room <= 0 && <p role="status">{t('event.cartLimit', { n: event.maxPerCart })}</p>}
        <button
          ref={addButton}
          type="button"
          disabled={count === 0}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          onClick={async () => {
            if (busy) return;
            setBusy(true);
            const lines = tickets
              .filter((ticket) => (quantities[ticket.id] ?? 0) > 0)
              .map((ticket) => ({ lotId: ticket.lotId, quantity: quantities[ticket.id]! }));
            const ok = await onAdd(lines);
            setBusy(false);
            if (ok) {
              setQuantities({});
              setAdded(true);
              setMoveFocus(true);
            }
          }}
        >
          {t('event.addToCart')}
        </button>
        {added && (
          <Link ref={goToCart} to="/carrinho" className={styles.goToCart}>
            {t('cart.goToCart')}
          </Link>
        )}
      </div>
    </>
  );
}

function MapNote({ section, slug }: { section: TSectionView; slug: string }) {
  const { t } = useI18n();
  if (!section.hasMap) return null;
  return (
    <p className={styles.mapNote}>
      {section.kind === 'table' && <span>{t('event.tableWhole', { seats: section.maxQtd })} · </span>}
      <Link to={`/eventmap/${slug}#section-${section.id}`}>
        {section.kind === 'table' ? t('event.chooseTable') : t('event.chooseSeats')}
      </Link>
    </p>
  );
}

function TicketInfo({
  ticket,
  currency,
  perSeat,
}: {
  ticket: TTicketView;
  currency: 'BRL' | 'USD';
  perSeat: boolean;
}) {
  const { t } = useI18n();
  const { price: shown } = useMoney();
  const sold = ticket.availability === 'Indisponivel' || ticket.availability === 'Desativado';
  return (
    <div className={styles.info}>
      <p className={styles.name}>
        {ticket.name} <span className={styles.lot}>{t('event.lot', { number: ticket.lotNumber })}</span>
        {ticket.halfPrice && (
          <Link to="/meia-entrada" className={styles.half}>
            {t('event.halfPrice')}
          </Link>
        )}
      </p>
      <p className={styles.price}>
        {ticket.value === 0 ? t('event.free') : shown(ticket.value, currency)}
        {perSeat && <span className={styles.muted}> {t('event.perSeat')}</span>}
        {ticket.taxTotal > 0 && (
          <span className={styles.muted}> {t('event.fee', { fee: shown(ticket.taxTotal, currency) })}</span>
        )}
      </p>
      <p className={sold ? styles.soldOut : styles.status} data-availability={ticket.availability}>
        {t(ticket.halfSoldOut ? 'event.halfSoldOut' : `event.status.${ticket.availability}`)}
        {ticket.minQtd > 1 && ` · ${t('event.minimum', { min: ticket.minQtd })}`}
      </p>
      {ticket.lots.length > 1 && (
        <p className={styles.lots}>
          {ticket.lots.map((lot) => (
            <span key={lot.number} data-lot={lot.number}>
              {t('event.lot', { number: lot.number })}
              {lot.number < ticket.lotNumber && `: ${t('event.lotSoldOut')}`}
              {lot.number > ticket.lotNumber && `: ${t('event.lotSoon')}`}
            </span>
          ))}
        </p>
      )}
      {ticket.onlineNote && <p className={styles.muted}>{ticket.onlineNote}</p>}
    </div>
  );
}

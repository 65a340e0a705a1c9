import type { TCart } from '@ingressos/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '~/i18n/format.ts';
import { ConversionNote } from '~/ui/conversion-note.tsx';
import { trapTab } from '~/ui/focus.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import { clearCart } from './cart-actions.ts';
import styles from './cart-summary.module.css';

/**
 * Spec §2 "purchase summary": the event, what is held, and a total without the processing fee.
 * Issue 20: Tab stays inside while it is open; Escape and × give focus back to the cart icon
 * (`onClose(true)`); its own navigations leave focus to the next page.
 */
export default function CartSummary({
  cart,
  onClose,
}: {
  cart: TCart;
  onClose: (returnFocus: boolean) => void;
}) {
  const { t, locale } = useI18n();
  const { price: shown } = useMoney();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const first = cart.items[0]!;
  const count = (type: 0 | 1 | 2) =>
    cart.items
      .filter((item) => item.type === type)
      .reduce((n, item) => n + (type === 0 ? item.quantity : 1), 0);

  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
      else if (ref.current) trapTab(ref.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      ref={ref}
      className={styles.summary}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <div className={styles.head}>
        <h2 id={titleId}>{t('cart.summary')}</h2>
        <button
          type="button"
          className={styles.close}
          onClick={() => onClose(true)}
          aria-label={t('app.close')}
        >
          ×
        </button>
      </div>
      <p className={styles.event}>
        <strong>{first.eventName}</strong>
        <br />
        {first.eventCity}/{first.eventState} · {formatDate(first.eventDate, locale, { dateStyle: 'short' })}{' '}
        {first.hour}
      </p>
      <ul className={styles.counts}>
        <li>{t('cart.tickets', { count: count(0) })}</li>
        <li>{t('cart.tables', { count: count(2) })}</li>
        <li>{t('cart.seats', { count: count(1) })}</li>
      </ul>
      <dl className={styles.totals}>
        <dt>{t('cart.subtotal')}</dt>
        <dd>{shown(cart.totals.subtotal, cart.currency)}</dd>
        <dt>{t('cart.convenienceFee')}</dt>
        <dd>{shown(cart.totals.convenienceFee, cart.currency)}</dd>
        <dt>{t('cart.total')}</dt>
        <dd>
          <strong>{shown(cart.totals.summaryTotal, cart.currency)}</strong>
        </dd>
      </dl>
      <ConversionNote charged={cart.currency} />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const ok = await clearCart(t);
            setBusy(false);
            if (ok) {
              onClose(false);
              navigate('/');
            }
          }}
        >
          {t('cart.clear')}
        </button>
        {pathname !== '/carrinho' && (
          <button
            type="button"
            className={styles.primary}
            disabled={cart.incompleteTables.length > 0}
            onClick={() => {
              onClose(false);
              navigate('/carrinho');
            }}
          >
            {t('cart.goToCart')}
          </button>
        )}
      </div>
    </div>
  );
}

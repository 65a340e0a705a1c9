import type { TCart, TCartItem } from '@ingressos/contracts';
import { useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { pushAnalytics } from '~/shared/tracking.ts';
import { cartLineItem, itemsValue } from '~/shared/tracking-items.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import { addLines, setCart } from './cart-actions.ts';
import styles from './cart-page.module.css';

/**
 * Issue 31: the seats of an open table in the cart, one more or one fewer at a time (the table
 * is not sold whole). Below its minimum the line says so; the payment refuses it until completed.
 * The last seat leaves with the line's own remove button.
 */
export function TableSeats({
  item,
  table,
  currency,
}: {
  item: TCartItem;
  /** The table's name as the line says it ('Mesa 21'). */
  table: string;
  currency: TCart['currency'];
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const at = item.coordinates!;
  const short = item.quantity < at.min;

  const addSeat = async () => {
    setBusy(true);
    try {
      await addLines([{ lotId: item.lotId, quantity: 1, controlledPlaceId: at.controlledPlaceId }], t, {
        quiet: true,
      });
    } finally {
      setBusy(false);
    }
  };
  const removeSeat = async () => {
    setBusy(true);
    try {
      const result = await api('removeFromCart', {
        body: { lotId: item.lotId, controlledPlaceId: at.controlledPlaceId, quantity: 1 },
      });
      // Spec §4: a removal answered with an HTTP error status shows 'Carrinho expirado'.
      if (!result.ok) {
        toast.error(t('cart.expired'));
        return;
      }
      setCart(result.body.cart);
      const items = [cartLineItem(item, 1)];
      pushAnalytics('remove_from_cart', { currency, value: itemsValue(items), items });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.seats}>
      <fieldset className={styles.stepper}>
        <legend className="visually-hidden">{t('cart.tableSeats', { table })}</legend>
        <button
          type="button"
          onClick={removeSeat}
          disabled={busy || item.quantity <= 1}
          aria-label={t('cart.removeSeat', { table })}
        >
          −
        </button>
        <output aria-live="polite">{item.quantity}</output>
        <button
          type="button"
          onClick={addSeat}
          disabled={busy || at.available === 0}
          aria-label={t('cart.addSeat', { table })}
        >
          +
        </button>
      </fieldset>
      <span className={short ? styles.short : styles.muted}>
        {short ? t('cart.tableShort', { min: at.min }) : t('cart.tableMin', { min: at.min })}
      </span>
    </div>
  );
}

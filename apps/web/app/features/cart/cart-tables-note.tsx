import { useEffect } from 'react';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './cart-page.module.css';
import { useCartState } from './cart-store.ts';

/**
 * Issue 31: on an event's seat map, the open tables this buyer already holds and how many seats
 * (the map sends a short table here from the payment), so choosing the table again reads as
 * "one more seat". Nothing when the cart holds none of this event.
 */
export function CartTablesNote({ slug }: { slug: string }) {
  const { t } = useI18n();
  const { cart, active } = useCartState();
  // The map is where a short table is completed, possibly changed in another tab since: read it now.
  useEffect(() => {
    if (active) void import('./cart-actions.ts').then(({ syncCart }) => syncCart());
  }, [active]);
  const tables = (cart?.items ?? []).filter(
    (item) => item.slug === slug && item.coordinates?.SeatsTable && !item.bookAsAWhole,
  );
  if (tables.length === 0) return null;
  return (
    <section aria-labelledby="cart-tables" className={styles.tablesNote}>
      <h2 id="cart-tables">{t('cart.tablesNote.title')}</h2>
      <ul>
        {tables.map((item) => {
          const at = item.coordinates!;
          return (
            <li key={item.lineId} className={item.quantity < at.min ? styles.short : undefined}>
              {t('cart.tablesNote.line', {
                table: t('cart.table', { table: at.tableNumber ?? at.alias }),
                count: item.quantity,
                min: at.min,
              })}
            </li>
          );
        })}
      </ul>
      <p>{t('cart.tablesNote.hint')}</p>
    </section>
  );
}

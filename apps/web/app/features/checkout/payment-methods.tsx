import type { TCart } from '@ingressos/contracts';
import { CardIcon, PixIcon } from '~/ui/checkout-icons.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';

/** Card or Pix (Pix only where the cart's currency allows it), and the card form when chosen. */
export function PaymentMethods({
  cart,
  method,
  setMethod,
  pixOffered,
  card,
}: {
  cart: TCart;
  method: 'credit_card' | 'pix';
  setMethod: (method: 'credit_card' | 'pix') => void;
  pixOffered: boolean;
  card: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      <fieldset className={styles.methods}>
        <legend>{t('checkout.method')}</legend>
        {cart.creditCardPaymentMethod !== false && (
          <label className={styles.method}>
            <input
              type="radio"
              name="method"
              checked={method === 'credit_card'}
              onChange={() => setMethod('credit_card')}
            />
            <CardIcon />
            {t('checkout.card')}
          </label>
        )}
        {pixOffered && (
          <label className={styles.method}>
            <input type="radio" name="method" checked={method === 'pix'} onChange={() => setMethod('pix')} />
            <PixIcon />
            {t('checkout.pix')}
          </label>
        )}
      </fieldset>
      {!pixOffered && <p className={styles.secure}>{t('checkout.pixReaisOnly')}</p>}
      {method === 'credit_card' && card}
    </>
  );
}

import type { TCart } from '@ingressos/contracts';
import { type Ref, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import { setCart } from './cart-actions.ts';
import styles from './cart-page.module.css';

/** Spec §5 "Refund protection": when the service is active a choice is required. */
export function ProtectionChoice({
  cart,
  missing,
  onChosen,
  ref,
}: {
  cart: TCart;
  missing: boolean;
  onChosen: () => void;
  ref: Ref<HTMLFieldSetElement>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const choose = async (provider: 'bilheto' | 'none') => {
    setBusy(true);
    const result = await api('cartProtection', { body: { provider } });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.message || t('cart.unknownError'));
      return;
    }
    setCart(result.body.cart);
    onChosen();
  };
  const current = cart.protection?.provider ?? null;
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      className={styles.protection}
      aria-describedby={missing ? 'protection-error' : undefined}
      aria-invalid={missing || undefined}
    >
      <legend>{t('cart.protectionLegend')}</legend>
      <p className={styles.muted}>{t('cart.protectionHelp')}</p>
      <label>
        <input
          type="radio"
          name="protection"
          checked={current === 'bilheto'}
          disabled={busy}
          onChange={() => choose('bilheto')}
        />{' '}
        {t('cart.protectionYes', { percent: cart.refund.percent })}
      </label>
      <label>
        <input
          type="radio"
          name="protection"
          checked={current === 'none'}
          disabled={busy}
          onChange={() => choose('none')}
        />{' '}
        {t('cart.protectionNo')}
      </label>
      {missing && (
        <p id="protection-error" className={styles.error} role="alert">
          {t('cart.protectionRequired')}
        </p>
      )}
    </fieldset>
  );
}

import type { TCart } from '@ingressos/contracts';
import { type Ref, type RefObject, useRef, useState } from 'react';
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
  saving,
  ref,
}: {
  cart: TCart;
  missing: boolean;
  onChosen: () => void;
  /** The save in flight, if any: 'Continuar' waits for it (resolves whether the choice was saved). */
  saving: RefObject<Promise<boolean> | null>;
  ref: Ref<HTMLFieldSetElement>;
}) {
  const { t } = useI18n();
  // Issue 20: the radios stay enabled while a choice saves, so focus and the arrow keys stay on
  // them; the choice shows at once, saves in order (the last one wins) and is confirmed politely.
  const [chosen, setChosen] = useState<'bilheto' | 'none' | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef<'bilheto' | 'none' | null>(null);
  const label = (provider: 'bilheto' | 'none') =>
    provider === 'bilheto'
      ? t('cart.protectionYes', { percent: cart.refund.percent })
      : t('cart.protectionNo');
  const choose = (provider: 'bilheto' | 'none') => {
    setChosen(provider);
    setSaved('');
    latest.current = provider;
    const run = queue.current.then(async () => {
      if (latest.current !== provider) return true;
      setBusy(true);
      const result = await api('cartProtection', { body: { provider } });
      setBusy(false);
      if (!result.ok) {
        setChosen(null);
        toast.error(result.message || t('cart.unknownError'));
        return false;
      }
      setCart(result.body.cart);
      if (latest.current === provider) setSaved(t('cart.protectionSaved', { choice: label(provider) }));
      onChosen();
      return true;
    });
    queue.current = run.then(() => undefined);
    saving.current = run;
  };
  const current = chosen ?? cart.protection?.provider ?? null;
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      className={styles.protection}
      aria-describedby={missing ? 'protection-error' : undefined}
      aria-invalid={missing || undefined}
      aria-busy={busy || undefined}
    >
      <legend>{t('cart.protectionLegend')}</legend>
      <p className={styles.muted}>{t('cart.protectionHelp')}</p>
      <label>
        <input
          type="radio"
          name="protection"
          checked={current === 'bilheto'}
          onChange={() => choose('bilheto')}
        />{' '}
        {label('bilheto')}
      </label>
      <label>
        <input type="radio" name="protection" checked={current === 'none'} onChange={() => choose('none')} />{' '}
        {label('none')}
      </label>
      <p className="visually-hidden" role="status" aria-live="polite">
        {saved}
      </p>
      {missing && (
        <p id="protection-error" className={styles.error} role="alert">
          {t('cart.protectionRequired')}
        </p>
      )}
    </fieldset>
  );
}

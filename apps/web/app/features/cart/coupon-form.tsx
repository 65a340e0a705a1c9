import type { TCart } from '@ingressos/contracts';
import { useId, useState } from 'react';
import { plural } from '~/i18n/plural.ts';
import type { TMessageKey } from '~/i18n/pt-BR.ts';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import { setCart } from './cart-actions.ts';
import styles from './cart-page.module.css';

/** The request schema speaks Portuguese; these keys give the same four messages in either language. */
const CLIENT_MESSAGES: Record<string, TMessageKey> = {
  'Nenhum lote para validar o cupom.': 'cart.coupon.noLot',
  'Nenhum evento para validar o cupom.': 'cart.coupon.noEvent',
  'Nenhum cupom para validar.': 'cart.coupon.noCode',
  'Nenhum canal para validar o cupom.': 'cart.coupon.noChannel',
};

/**
 * Spec §5 "Coupon": the form checks the request with the server's own schema before sending
 * (the four client-side messages), then the server discounts as many units as coupons remain.
 */
export function CouponForm({ cart }: { cart: TCart }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const lots = new Map<number, number>();
    for (const item of cart.items) lots.set(item.lotId, (lots.get(item.lotId) ?? 0) + item.quantity);
    // The schema (and zod with it, ~85 kB) loads when a coupon is applied, not with the cart page.
    const { CHANNEL, ZValidatePromotionRequest } = await import('@ingressos/contracts/cart');
    const parsed = ZValidatePromotionRequest.safeParse({
      lotRequesteds: [...lots].map(([lotId, quantity]) => ({ lotId, quantity })),
      eventId: cart.eventId ?? undefined,
      promoCode: code,
      channel: CHANNEL.SITE,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setError(CLIENT_MESSAGES[message] ? t(CLIENT_MESSAGES[message]) : message);
      return;
    }
    setError('');
    setBusy(true);
    const result = await api('validatePromotion', { body: parsed.data });
    setBusy(false);
    if (!result.ok) {
      setError(result.message || t('cart.unknownError'));
      return;
    }
    if (result.body.cart) setCart(result.body.cart);
    setCode('');
    toast.success(
      plural(t, locale, 'cart.couponApplied', result.body.quantityCuponsApplied, {
        code: result.body.promoCode,
      }),
    );
  };

  return (
    <form className={styles.coupon} onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('cart.couponLabel')}</label>
      <div className={styles.couponRow}>
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" disabled={busy}>
          {t('cart.couponApply')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

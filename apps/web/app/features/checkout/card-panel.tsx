import type { TCheckoutGateway, TInstallmentOption } from '@ingressos/contracts';
import { cardBrand, type TCardBrand } from '@ingressos/domain/card-brand';
import { type RefObject, useEffect, useState } from 'react';
import { formatMoney } from '~/i18n/format.ts';
import { PadlockIcon } from '~/ui/checkout-icons.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';

const BRAND_NAMES: Record<TCardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
};

/**
 * The brand from the number field the gateway's script drew (read through the input events that
 * bubble to our container; a gateway whose number lives in an iframe shows none, and says it itself).
 */
function useBrand(container: RefObject<HTMLDivElement | null>) {
  const [brand, setBrand] = useState<TCardBrand | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onInput = (event: Event) => {
      const input = event.target as HTMLInputElement;
      if (input.autocomplete === 'cc-number') setBrand(cardBrand(input.value));
    };
    element.addEventListener('input', onInput);
    return () => element.removeEventListener('input', onInput);
  }, [container]);
  return brand;
}

/** The card fields (owned by the gateway's script), the brand seen so far, and the installment table. */
export function CardPanel({
  container,
  ready,
  failure,
  gateway,
  cart,
  installments,
  count,
  setCount,
}: {
  container: RefObject<HTMLDivElement | null>;
  ready: boolean;
  failure: string;
  gateway: TCheckoutGateway | null;
  cart: { currency: string };
  installments: TInstallmentOption[];
  count: number;
  setCount: (count: number) => void;
}) {
  const { t } = useI18n();
  const brand = useBrand(container);
  return (
    <div className={styles.card}>
      {gateway?.testMode && <p className={styles.sandbox}>{t('checkout.sandboxHint')}</p>}
      {ready ? null : <p role={failure ? 'alert' : undefined}>{failure || t('checkout.cardFormLoading')}</p>}
      <div className={styles.brandRow} aria-live="polite">
        {brand && (
          <span className={styles.brand} data-brand={brand}>
            {t('checkoutUi.brand', { brand: BRAND_NAMES[brand] })}
          </span>
        )}
      </div>
      {/* The gateway's script owns this element's children: React renders none. */}
      <div ref={container} className={styles.cardForm} aria-busy={!ready} />
      {installments.length > 0 && (
        <Installments cart={cart} installments={installments} count={count} setCount={setCount} />
      )}
      <p className={styles.secure}>
        <PadlockIcon />
        {t('checkoutUi.secure')}
      </p>
    </div>
  );
}

/** Count, value per installment, total, interest-free marked: one radio per plan the API offers. */
function Installments({
  cart,
  installments,
  count,
  setCount,
}: {
  cart: { currency: string };
  installments: TInstallmentOption[];
  count: number;
  setCount: (count: number) => void;
}) {
  const { t, locale } = useI18n();
  const money = (value: number) => formatMoney(value, cart.currency);
  const chosen = installments.find((option) => option.installments === count) ?? installments[0]!;
  const terms = (option: TInstallmentOption) =>
    option.noInterest || option.interestRate === 0
      ? t('checkoutUi.interestFree')
      : t('checkoutUi.interest', { rate: new Intl.NumberFormat(locale).format(option.interestRate) });
  return (
    <details className={styles.installments}>
      <summary>
        <span className={styles.label}>{t('checkout.installments')}</span>
        <span className={styles.chosen}>
          {t('checkoutUi.installmentsCell', { count: chosen.installments })} {money(chosen.installmentValue)}{' '}
          · {terms(chosen)}
        </span>
      </summary>
      <fieldset className={styles.planTable}>
        <legend className={styles.visuallyHidden}>{t('checkoutUi.installments')}</legend>
        <div className={styles.planHead} aria-hidden="true">
          <span>{t('checkoutUi.installmentsCount')}</span>
          <span>{t('checkoutUi.installmentValue')}</span>
          <span>{t('checkoutUi.installmentsTotal')}</span>
        </div>
        {installments.map((option) => (
          <label key={option.installments} className={styles.planRow}>
            <input
              type="radio"
              name="installments"
              value={option.installments}
              checked={option.installments === count}
              onChange={() => setCount(option.installments)}
            />
            <span className={styles.planCount}>
              {t('checkoutUi.installmentsCell', { count: option.installments })}
            </span>
            <span>{money(option.installmentValue)}</span>
            <span>
              {money(option.totalValue)}{' '}
              <span className={option.interestRate === 0 ? styles.free : styles.muted}>{terms(option)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}

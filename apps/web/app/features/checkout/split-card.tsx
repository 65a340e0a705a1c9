import type { TCheckoutGateway, TInstallmentOption } from '@ingressos/contracts';
import type { RefObject } from 'react';
import { formatMoney } from '~/i18n/format.ts';
import { PadlockIcon } from '~/ui/checkout-icons.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';
import split from './split-payment.module.css';

/** The card paid now: its amount, the gateway's card fields and its installments. */
export function SplitCard(props: {
  position: number;
  amount: number;
  currency: string;
  gateway: TCheckoutGateway | null;
  container: RefObject<HTMLDivElement | null>;
  ready: boolean;
  failure: string;
  plans: TInstallmentOption[];
  installments: number;
  onInstallments: (count: number) => void;
}) {
  const { t } = useI18n();
  const { position, ready, failure, plans } = props;
  const money = (value: number) => formatMoney(value, props.currency);
  return (
    <div className={styles.card}>
      <h3 className={split.partTitle}>
        {t('split.part', { position: String(position + 1) })} · {money(props.amount)}
      </h3>
      {props.gateway?.testMode && <p className={styles.sandbox}>{t('checkout.sandboxHint')}</p>}
      {ready ? null : <p role={failure ? 'alert' : undefined}>{failure || t('checkout.cardFormLoading')}</p>}
      {/* The gateway's script owns this element's children: React renders none. */}
      <div ref={props.container} className={styles.cardForm} aria-busy={!ready} />
      {plans.length > 0 && (
        <label className={split.field}>
          <span>{t('split.installments', { position: String(position + 1) })}</span>
          <select
            value={props.installments}
            onChange={(event) => props.onInstallments(Number(event.target.value))}
          >
            {plans.map((option) => (
              <option key={option.installments} value={option.installments}>
                {t('split.installmentOption', {
                  count: String(option.installments),
                  value: money(option.installmentValue),
                  total: money(option.totalValue),
                })}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className={styles.secure}>
        <PadlockIcon />
        {t('checkoutUi.secure')}
      </p>
    </div>
  );
}

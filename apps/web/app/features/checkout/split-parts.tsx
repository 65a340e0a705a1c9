import type { TMultiplePayment } from '@ingressos/contracts';
import { formatMoney } from '~/i18n/format.ts';
import type { TMessageKey } from '~/i18n/index.ts';
import { useI18n } from '~/ui/i18n.tsx';
import split from './split-payment.module.css';

/** Each card of the split: amount, masked card, installments and status. */
export function PartsList({ state, currency }: { state: TMultiplePayment; currency: string }) {
  const { t } = useI18n();
  const money = (value: number) => formatMoney(value, currency);
  const label = (status: string) => {
    const key = `split.status.${status}` as TMessageKey;
    return t(key) === key ? status : t(key);
  };
  return (
    <div className={split.parts}>
      <h3 className={split.partTitle}>{t('split.parts')}</h3>
      <ol>
        {state.payments.map((part) => (
          <li key={part.position} data-status={part.status} className={split.part}>
            <span className={split.partName}>{t('split.part', { position: String(part.position + 1) })}</span>
            <span>{money(part.value)}</span>
            <span className={split.partCard}>
              {part.card ? `${part.card.brand.toUpperCase()} ${part.card.masked.slice(-9)}` : '—'}
              {part.card && part.installments > 1 ? ` · ${part.installments}x` : ''}
            </span>
            <span className={split.badge} data-status={part.status}>
              {label(part.status)}
            </span>
          </li>
        ))}
      </ol>
      {state.remaining > 0 && (
        <p className={split.rest}>{t('split.remaining', { amount: money(state.remaining) })}</p>
      )}
    </div>
  );
}

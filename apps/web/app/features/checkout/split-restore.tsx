import type { TCheckoutGateway, TPendingMultipleTransaction } from '@ingressos/contracts';
import { formatMoney } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';
import split from './split-payment.module.css';
import { SplitPayment } from './split-payment.tsx';

/**
 * A split interrupted by a reload or a closed tab (GET api/PendingMultipleTransaction): the order's
 * summary and the cards still to pay.
 */
export function SplitRestore({
  pending,
  gateway,
}: {
  pending: NonNullable<TPendingMultipleTransaction['result']>;
  gateway: TCheckoutGateway | null;
}) {
  const { t } = useI18n();
  const money = (value: number) => formatMoney(value, pending.cart.currency);
  return (
    <div className={split.restore}>
      <p role="status" className={styles.sandbox}>
        {t('split.restored', { event: pending.event.name })}
      </p>
      <div className={split.parts}>
        <h2 className={split.partTitle}>{t('split.summary')}</h2>
        <ul className={split.lines}>
          {pending.cart.lines.map((line) => (
            <li key={`${line.sectionName}-${line.ticketName}-${line.placeAlias ?? ''}`}>
              <span>
                {line.quantity}× {line.eventName} — {line.sectionName} — {line.ticketName}
                {line.placeAlias ? ` (${line.placeAlias})` : ''}
              </span>
              <span>{money(line.unitPrice * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className={split.rest}>{money(pending.cart.total)}</p>
      </div>
      <SplitPayment
        total={pending.cart.total}
        currency={pending.cart.currency}
        eventId={pending.event.id}
        gateway={gateway}
        restored={pending.split}
      />
    </div>
  );
}

import type { TOrderReceipt } from '@ingressos/contracts';
import { pluralKey } from '~/i18n/plural.ts';
import { ConversionNote } from '~/ui/conversion-note.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import styles from './order.module.css';
import { OrderCard } from './order-card.tsx';
import { brandName } from './order-state.ts';

/** How it was paid, and what the total is made of. */
export function OrderPayment({ receipt }: { receipt: TOrderReceipt }) {
  const { t, locale } = useI18n();
  const { price } = useMoney();
  const money = (value: number) => price(value, receipt.currency);
  const { payment } = receipt;
  const method =
    payment.method === 'free'
      ? t('order.free')
      : payment.method === 'pix'
        ? t('order.pix')
        : payment.method === 'multiple'
          ? t('order.multiple', { n: payment.cards.length })
          : payment.method === 'hosted'
            ? payment.cardBrand && payment.cardLast4
              ? t('order.hostedCard', { brand: brandName(payment.cardBrand), last4: payment.cardLast4 })
              : t('order.hosted')
            : payment.cardBrand && payment.cardLast4
              ? t('order.card', { brand: brandName(payment.cardBrand), last4: payment.cardLast4 })
              : t('order.cardPlain');
  const rows: [string, number, boolean?][] = [[t('order.subtotal'), receipt.subtotal]];
  if (receipt.fees === null) {
    const rest = receipt.total - receipt.interest - receipt.subtotal + receipt.discount;
    if (rest > 0) rows.push([t('order.feesProtection'), rest]);
  } else {
    if (receipt.fees > 0) rows.push([t('order.fees'), receipt.fees]);
    if (receipt.protection) rows.push([t('order.protection'), receipt.protection]);
  }
  if (receipt.discount > 0) rows.push([t('order.discount'), -receipt.discount, true]);
  if (receipt.interest > 0) rows.push([t('order.interest'), receipt.interest]);
  return (
    <OrderCard id="order-payment" title={t('order.payment')}>
      <dl className={styles.totals}>
        {rows.map(([label, value, discount]) => (
          <div key={label} className={discount ? styles.discount : undefined}>
            <dt>{label}</dt>
            <dd>{discount ? `− ${money(-value)}` : money(value)}</dd>
          </div>
        ))}
        <div className={styles.total}>
          <dt>{t('order.total')}</dt>
          <dd>{money(receipt.total)}</dd>
        </div>
      </dl>
      <ConversionNote charged={receipt.currency} total={receipt.total} paid />
      <p className={styles.method}>{method}</p>
      {receipt.seller.commissioner && (
        <p className={styles.muted} data-testid="order-seller">
          {t('order.soldBy', { name: receipt.seller.commissioner.name })}
        </p>
      )}
      {payment.method === 'multiple' && (
        <ul className={styles.muted}>
          {payment.cards.map((card, k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cards keep their order
            <li key={k}>
              {card.brand && card.last4
                ? t('order.multipleCard', {
                    brand: brandName(card.brand),
                    last4: card.last4,
                    amount: money(card.amount),
                  })
                : t('order.multipleCardPlain', { amount: money(card.amount) })}{' '}
              {t(pluralKey(locale, 'order.installments', card.installments), {
                n: card.installments,
                value: money(card.installmentValue),
                total: money(card.amount),
              })}
            </li>
          ))}
        </ul>
      )}
      {(payment.method === 'credit_card' || payment.method === 'hosted') && (
        <p className={styles.muted}>
          {t(pluralKey(locale, 'order.installments', payment.installments), {
            n: payment.installments,
            value: money(payment.installmentValue),
            total: money(receipt.total),
          })}
        </p>
      )}
    </OrderCard>
  );
}

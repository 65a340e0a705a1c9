import { formatMoney } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './payment.module.css';
import split from './split-payment.module.css';
import { MAX_CARDS, MIN_CENTS } from './split-plan.ts';

/** The plan before the first card: how many cards, each amount but the last, and what remains for it. */
export function SplitAmounts(props: {
  total: number;
  currency: string;
  count: number;
  inputs: string[];
  rest: number;
  invalid: string;
  onCount: (count: number) => void;
  onInput: (index: number, value: string) => void;
  toggle: React.ReactNode;
}) {
  const { t } = useI18n();
  const { count, currency, invalid } = props;
  const money = (value: number) => formatMoney(value, currency);
  const fields = Array.from({ length: count - 1 }, (_, i) => ({ id: `amount-${count}-${i + 1}`, i }));
  return (
    <>
      {props.toggle}
      <p className={split.intro}>
        {t('split.intro', {
          total: money(props.total),
          max: String(MAX_CARDS),
          minimum: money(MIN_CENTS / 100),
        })}
      </p>
      <label className={split.field}>
        <span>{t('split.cards')}</span>
        <select value={count} onChange={(event) => props.onCount(Number(event.target.value))}>
          {Array.from({ length: MAX_CARDS - 1 }, (_, i) => i + 2).map((n) => (
            <option key={n} value={n}>
              {t('split.cardsOption', { count: String(n) })}
            </option>
          ))}
        </select>
      </label>
      <div className={split.amounts}>
        {fields.map(({ id, i }) => (
          <label key={id} className={split.field}>
            <span>{t('split.amount', { position: String(i + 1) })}</span>
            <span className={split.money}>
              <span aria-hidden="true">{currency === 'BRL' ? 'R$' : 'U$'}</span>
              <input
                inputMode="decimal"
                value={props.inputs[i] ?? ''}
                onChange={(event) => props.onInput(i, event.target.value)}
              />
            </span>
          </label>
        ))}
        <p className={split.rest} aria-live="polite">
          {t('split.rest', { position: String(count), amount: money(Math.max(props.rest, 0) / 100) })}
        </p>
      </div>
      {invalid && (
        <p role="alert" className={styles.error}>
          {invalid}
        </p>
      )}
    </>
  );
}

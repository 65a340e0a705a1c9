import { rateDayText, wantsConversion } from '@ingressos/domain/currency';
import { formatMoney, MONEY_SYMBOLS } from '@ingressos/domain/money';
import { useI18n } from './i18n.tsx';
import styles from './money.module.css';
import { codeOf, loadedNote, useMoney } from './money.tsx';

/**
 * Near converted prices: the rate's day and value, and that the charge is in the event's currency
 * (`paid`: it was). With no rate known it says the prices stay in their own currency; where nothing
 * converts (reais for a visitor in R$, an event priced in dollars) it draws nothing. `total` (what is charged) adds 'Valor cobrado: R$ …'.
 * Its own module: the event page loads it only for a visitor it converts for (routes/event.tsx).
 */
export function ConversionNote({
  charged: chargedIn,
  paid = false,
  total,
  className = '',
}: {
  charged: string;
  paid?: boolean;
  total?: number;
  className?: string;
}) {
  const { t, locale } = useI18n();
  const { currency, rate, converted } = useMoney();
  const charged = codeOf(chargedIn);
  if (!wantsConversion(charged, currency)) return null;
  if (!rate || !converted(charged))
    return (
      <div className={`${styles.note} ${className}`} data-conversion-note>
        <p>{t('currency.unavailable', { charged: MONEY_SYMBOLS[charged] ?? '' })}</p>
      </div>
    );
  const [year = '', month = '', day = ''] = rate.date.split('-');
  const date =
    locale === 'pt-BR'
      ? rateDayText(rate.date)
      : `${t('calendar.months').split(' ')[Number(month) - 1] ?? month} ${Number(day)}, ${year}`;
  const approximate = t(paid ? 'currency.approximatePaid' : 'currency.approximate', {
    shown: MONEY_SYMBOLS[currency] ?? '',
    charged: MONEY_SYMBOLS[charged] ?? '',
  });
  const rateText = t('currency.rate', {
    date,
    one: formatMoney(1, 'USD'),
    rate: `R$\u00a0${rate.usdBrl.toFixed(4).replace('.', ',')}`,
  });
  // Beside a total (a summary's narrow column) one fact a line; above a list, one line.
  return (
    <div className={`${styles.note} ${className}`} data-conversion-note>
      {total === undefined ? (
        <p>
          {approximate} <span className={styles.rate}>{rateText}</span>
        </p>
      ) : (
        <div>
          <p>{approximate}</p>
          <p className={styles.charged}>{t('currency.charged', { amount: formatMoney(total, charged) })}</p>
          <p className={styles.rate}>{rateText}</p>
        </div>
      )}
    </div>
  );
}

loadedNote.current = ConversionNote;

export default ConversionNote;

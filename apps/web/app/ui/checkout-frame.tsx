import type { TCart, TCartItem, THolder, TInstallmentOption } from '@ingressos/contracts';
import { hideCpf } from '@ingressos/domain/cpf';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDate, type TTranslate } from '~/i18n/format.ts';
import { plural } from '~/i18n/plural.ts';
import { ClockIcon } from '~/ui/checkout-icons.tsx';
import { ConversionNote } from '~/ui/conversion-note.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import { clock, useHoldEnd, useSecondsLeft } from '~/ui/use-seconds-left.ts';
import styles from './checkout-frame.module.css';

export type TCheckoutStep = 'cart' | 'identification' | 'payment';
const STEPS = ['cart', 'identification', 'payment', 'tickets'] as const;

/** Carrinho → Identificação → Pagamento → Ingressos, the current one marked for screen readers too. */
export function CheckoutSteps({ current }: { current: TCheckoutStep }) {
  const { t } = useI18n();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t('checkoutUi.steps')} className={styles.steps}>
      <ol>
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={index === at ? 'step' : undefined}
            className={index < at ? styles.done : index === at ? styles.current : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {index < at ? '✓' : index + 1}
            </span>
            <span className={styles.stepName}>{t(`checkoutUi.step.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The cart's countdown on every step. Drawn only after hydration: the server's clock and the
 * browser's differ by the time the page travels, and a different text would be a hydration mismatch.
 */
export function CheckoutTimer({ cartId, exp }: { cartId: string; exp: string }) {
  const { t } = useI18n();
  const left = useSecondsLeft(useHoldEnd(cartId, exp));
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Before the clock is known (server, hydration) the pill keeps its place with the same text,
  // unseen: filled in later, it would wrap below the heading at 375 px and push the page down.
  if (!mounted || left === null)
    return (
      <p className={`${styles.timer} ${styles.timerPending}`} aria-hidden="true">
        <ClockIcon />
        {t('cart.timeLeft', { time: '00:00' })}
      </p>
    );
  return (
    <p className={`${styles.timer} ${left < 120 ? styles.timerLow : ''}`} role="timer">
      <ClockIcon />
      {left > 0 ? t('cart.timeLeft', { time: clock(left) }) : t('checkoutUi.timerOver')}
    </p>
  );
}

/** Seat 'Fila F, lugar F7' or 'Mesa 3', as the cart names them. */
export function placeOf(item: TCartItem, t: TTranslate) {
  const at = item.coordinates;
  if (!at) return '';
  return at.SeatsTable
    ? t('cart.table', { table: at.tableNumber ?? at.alias })
    : t('cart.seat', { row: at.row ?? '-', seat: at.alias });
}

/** Poster, name, date and hour in the event's own time zone, venue and city. */
export function EventFacts({ item }: { item: TCartItem }) {
  const { t, locale } = useI18n();
  const timeZone = item.timeZone || 'America/Sao_Paulo';
  const date = formatDate(item.eventDate, locale, {
    timeZone,
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
  const hour = formatDate(item.eventDate, locale, { timeZone, hour: '2-digit', minute: '2-digit' });
  return (
    <div className={styles.event}>
      <img className={styles.poster} src={item.images.poster} alt="" width={72} height={96} />
      <div>
        <p className={styles.eventName}>{item.eventName}</p>
        <p className={styles.muted}>{t('checkoutUi.when', { date, hour })}</p>
        <p className={styles.muted}>
          {item.place} · {item.eventCity}/{item.eventState}
        </p>
      </div>
    </div>
  );
}

/** Every amount of the cart, the installment plan when one was chosen. */
export function Totals({ cart, plan }: { cart: TCart; plan?: TInstallmentOption | undefined }) {
  const { t } = useI18n();
  const { price } = useMoney();
  const money = (value: number) => price(value, cart.currency);
  const charged = plan ? plan.totalValue : cart.totals.total;
  return (
    <>
      <dl className={styles.totals}>
        <dt>{t('cart.subtotal')}</dt>
        <dd>{money(cart.totals.subtotal)}</dd>
        <dt>{t('cart.convenienceFee')}</dt>
        <dd>{money(cart.totals.convenienceFee)}</dd>
        {cart.totals.processingFee > 0 && (
          <>
            <dt>{t('cart.processingFee')}</dt>
            <dd>{money(cart.totals.processingFee)}</dd>
          </>
        )}
        {cart.refund.IsActive && cart.protection?.provider === 'bilheto' && (
          <>
            <dt>{t('cart.protection')}</dt>
            <dd>{money(cart.totals.protection)}</dd>
          </>
        )}
        {cart.totals.discount > 0 && (
          <>
            <dt>{t('cart.discount')}</dt>
            <dd>− {money(cart.totals.discount)}</dd>
          </>
        )}
        {plan && plan.totalValue > cart.totals.total && (
          <>
            <dt>{t('checkoutUi.interestLine')}</dt>
            <dd>{money(plan.totalValue - cart.totals.total)}</dd>
          </>
        )}
        <dt className={styles.grand}>{t('cart.total')}</dt>
        <dd className={styles.grand}>{money(charged)}</dd>
        {plan && plan.installments > 1 && (
          <dd className={styles.plan}>
            {t('checkoutUi.installmentsLine', {
              count: plan.installments,
              value: money(plan.installmentValue),
            })}
          </dd>
        )}
      </dl>
      <ConversionNote charged={cart.currency} total={charged} />
    </>
  );
}

/**
 * The order beside the form: on a desktop always open; on a phone a <details> the buyer opens.
 * It comes from the server folded (a native <details> opens without JavaScript too): opened by
 * the page on a desktop, where CSS already shows its content, so nothing moves on either screen
 * (folding it after hydration pushed the form up: CLS 0.17 on a phone).
 */
export function OrderSummary({
  cart,
  holders,
  plan,
}: {
  cart: TCart;
  holders?: Record<number, THolder[]>;
  plan?: TInstallmentOption | undefined;
}) {
  const { t, locale } = useI18n();
  const { price: shown } = useMoney();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && !window.matchMedia('(max-width: 860px)').matches) ref.current.open = true;
  }, []);
  const first = cart.items[0]!;
  const units = cart.items.reduce((n, item) => n + item.quantity, 0);
  const charged = plan ? plan.totalValue : cart.totals.total;
  return (
    <aside className={styles.aside} aria-label={t('checkoutUi.summary')}>
      <details ref={ref} className={styles.details}>
        <summary className={styles.summaryToggle}>
          <span className={styles.summaryTitle}>{t('checkoutUi.summary')}</span>
          <span className={styles.summaryTotal}>{shown(charged, cart.currency)}</span>
        </summary>
        <EventFacts item={first} />
        <p className={styles.muted}>{plural(t, locale, 'checkoutUi.count', units)}</p>
        <ul className={styles.lines}>
          {cart.items.map((item, index) => {
            const unit = item.promoTicket ? item.valuePromo : item.value;
            const place = placeOf(item, t);
            const named = (holders?.[index] ?? []).filter((holder) => holder.document);
            return (
              <li key={item.lineId}>
                <div>
                  <p className={styles.lineName}>
                    {item.sectionName} — {item.ticketName}
                    {place ? ` · ${place}` : ''}
                  </p>
                  <p className={styles.muted}>
                    {t('checkoutUi.line', { count: item.quantity, value: shown(unit, cart.currency) })}
                  </p>
                  {named.length > 0 && (
                    <p className={styles.muted}>
                      {t('checkoutUi.holders', {
                        cpfs: named.map((holder) => hideCpf(holder.document)).join(', '),
                      })}
                    </p>
                  )}
                </div>
                <p className={styles.lineTotal}>{shown(unit * item.quantity, cart.currency)}</p>
              </li>
            );
          })}
        </ul>
        <Totals cart={cart} plan={plan} />
      </details>
    </aside>
  );
}

/** One checkout step: title, steps, the cart timer, the form and the order summary beside it. */
export function CheckoutLayout({
  title,
  step,
  cart,
  holders,
  plan,
  timer = true,
  children,
}: {
  title: string;
  step: TCheckoutStep;
  cart: TCart;
  holders?: Record<number, THolder[]>;
  plan?: TInstallmentOption | undefined;
  timer?: boolean;
  children: ReactNode;
}) {
  return (
    <article className={styles.page}>
      <CheckoutSteps current={step} />
      <div className={styles.head}>
        <h1>{title}</h1>
        {timer && <CheckoutTimer cartId={cart.id} exp={cart.exp} />}
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>{children}</div>
        <OrderSummary cart={cart} holders={holders} plan={plan} />
      </div>
    </article>
  );
}

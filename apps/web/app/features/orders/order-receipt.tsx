import type { TOrderAnswer } from '@ingressos/contracts';
import { apiPath } from '@ingressos/contracts/endpoints';
import { Link } from 'react-router';
import { pluralKey } from '~/i18n/plural.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import styles from './order.module.css';
import { OrderCard } from './order-card.tsx';
import { OrderPayment } from './order-payment.tsx';
import { orderState, type TOrderState } from './order-state.ts';
import { OrderStatusBanner } from './order-status-banner.tsx';

/** Dates written on the server (in the event's and the buyer's zone), so the browser renders the same text. */
export type TOrderDates = { event: string; placed: string };

/** /pedido/:orderId: the order's outcome, what was bought, how it was paid, and what comes next. */
export function OrderReceipt({ answer, dates }: { answer: TOrderAnswer; dates: TOrderDates }) {
  const { t, locale } = useI18n();
  const { price: shown } = useMoney();
  const { receipt } = answer;
  const state = orderState(answer);
  const { event } = receipt;
  return (
    <article className={styles.page}>
      <header className={styles.head}>
        <h1>{t('order.title', { number: receipt.number })}</h1>
        <p className={styles.muted}>{t('order.placedAt', { date: dates.placed })}</p>
      </header>
      <OrderStatusBanner
        state={state}
        message={answer.message}
        free={receipt.payment.method === 'free'}
        cartKept={receipt.cartKept}
        eventSlug={receipt.event.slug}
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          <section className={styles.card} aria-labelledby="order-event">
            <h2 id="order-event" className={styles.visuallyHidden}>
              {t('order.event')}
            </h2>
            <div className={styles.event}>
              <img src={event.poster} alt="" width={96} height={128} />
              <div>
                <p className={styles.date}>{dates.event}</p>
                <p className={styles.eventName}>
                  <Link to={`/events/${event.slug}`}>{event.name}</Link>
                </p>
                <p className={styles.muted}>
                  {event.venue} · {event.city}/{event.state}
                </p>
                <p className={styles.muted}>{event.address}</p>
              </div>
            </div>
          </section>
          <section className={styles.card} aria-labelledby="order-items">
            <h2 id="order-items" className={styles.cardTitle}>
              {t('order.items')}{' '}
              <span className={styles.count}>
                {t(pluralKey(locale, 'order.itemsCount', receipt.items.length), { n: receipt.items.length })}
              </span>
            </h2>
            <ul className={styles.items}>
              {receipt.items.map((item) => (
                <li key={item.unit}>
                  <div>
                    <p className={styles.itemName}>
                      {item.sectionName} · {item.ticketName}
                      {item.placeAlias ? ` · ${item.placeAlias}` : ''}
                    </p>
                    <p className={styles.muted}>
                      {item.holderName
                        ? t('order.holder', { name: item.holderName, cpf: item.holderCpf })
                        : t('order.holderCpf', { cpf: item.holderCpf })}
                    </p>
                  </div>
                  <p className={styles.price}>
                    {item.unitPrice === 0 ? t('event.free') : shown(item.unitPrice, receipt.currency)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside className={styles.aside} aria-label={t('order.summary')}>
          <OrderPayment receipt={receipt} />
          {state === 'approved' && (
            <div className={styles.actions}>
              <Link className={styles.button} to={`/detalhes-do-ingresso/${event.id}`}>
                {t('order.tickets')}
              </Link>
              <a
                className={styles.ghost}
                href={`/home/PrintTickets?orderId=${answer.orderId}`}
                download="ingressos.pdf"
              >
                {t('order.pdf')}
              </a>
              {!event.past && (
                <a
                  className={styles.ghost}
                  href={apiPath('orderCalendar', { id: answer.orderId })}
                  download={`${event.slug}.ics`}
                >
                  {t('order.calendar')}
                </a>
              )}
            </div>
          )}
        </aside>
        <NextSteps state={state} />
      </div>
    </article>
  );
}

function NextSteps({ state }: { state: TOrderState }) {
  const { t } = useI18n();
  if (state !== 'approved' && state !== 'processing' && state !== 'review' && state !== 'pix') return null;
  const steps =
    state === 'approved'
      ? (['order.next.tickets', 'order.next.entry', 'order.next.transfer'] as const)
      : (['order.next.waiting', 'order.next.entry', 'order.next.transfer'] as const);
  return (
    <OrderCard id="order-next" title={t('order.next')}>
      <ol className={styles.steps}>
        {steps.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </OrderCard>
  );
}

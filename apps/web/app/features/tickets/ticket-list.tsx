import type { TMyEvent, TMyTicketsAnswer } from '@ingressos/contracts';
import { isAwaitingPayment, wasRefunded } from '@ingressos/domain/order-lifecycle';
import { Link } from 'react-router';
import { pluralKey } from '~/i18n/plural.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { TicketCard } from './ticket-card.tsx';
import styles from './tickets.module.css';

export type TTicketTab = 'upcoming' | 'past';

/** Orders of the list that have no ticket to show: awaiting payment or refunded, each with its page. */
function OrderNotices({ events }: { events: TMyEvent[] }) {
  const { t } = useI18n();
  const notices = events.flatMap((event) =>
    event.orders
      .filter((order) => isAwaitingPayment(order.status) || wasRefunded(order.status))
      .map((order) => ({ event, order })),
  );
  if (notices.length === 0) return null;
  return (
    <ul className={styles.notices}>
      {notices.map(({ event, order }) => (
        <li
          key={order.id}
          className={isAwaitingPayment(order.status) ? styles.noticeWait : styles.noticeInfo}
        >
          <span>
            <strong>{event.eventName}</strong> ·{' '}
            {isAwaitingPayment(order.status) ? t('tickets.awaiting') : t('tickets.refunded')}
          </span>
          <Link to={`/pedido/${order.id}`}>
            {isAwaitingPayment(order.status) ? t('tickets.awaitingLink') : t('tickets.orderLink')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Every ticket of the chosen tab as its own card, grouped by event in date order. */
export function TicketList({
  answer,
  tab,
  basePath,
}: {
  answer: TMyTicketsAnswer;
  tab: TTicketTab;
  basePath: string;
}) {
  const { t, locale } = useI18n();
  const events = tab === 'past' ? answer.past : answer.upcoming;
  // Tickets sent away still show (as transferred) but are no longer the buyer's to count.
  const count = (list: TMyEvent[]) =>
    list.reduce((n, e) => n + e.tickets.filter((ticket) => ticket.status !== 'transferred').length, 0);
  const tabs: { id: TTicketTab; label: string; n: number; href: string }[] = [
    { id: 'upcoming', label: t('tickets.upcoming'), n: count(answer.upcoming), href: basePath },
    { id: 'past', label: t('tickets.past'), n: count(answer.past), href: `${basePath}?aba=realizados` },
  ];
  const tickets = events.flatMap((event) => event.tickets.map((ticket) => ({ event, ticket })));
  return (
    <>
      <nav className={styles.tabs} aria-label={t('tickets.tabsLabel')}>
        {tabs.map((item) => (
          <Link
            key={item.id}
            to={item.href}
            aria-current={item.id === tab ? 'page' : undefined}
            className={styles.tab}
          >
            {item.label}
            {item.n > 0 && (
              <span className={styles.tabCount}>
                {t(pluralKey(locale, 'tickets.count', item.n), { n: item.n })}
              </span>
            )}
          </Link>
        ))}
      </nav>
      <OrderNotices events={events} />
      {tickets.length === 0 ? (
        <div className={styles.empty}>
          <p>{tab === 'past' ? t('tickets.nonePast') : t('tickets.none')}</p>
          <Link className={styles.button} to="/">
            {t('tickets.findEvents')}
          </Link>
        </div>
      ) : (
        <ul className={styles.list}>
          {tickets.map(({ event, ticket }, index) => (
            <li key={ticket.id}>
              <TicketCard
                event={event}
                ticket={ticket}
                n={index + 1}
                total={tickets.length}
                wallet={answer.wallet}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

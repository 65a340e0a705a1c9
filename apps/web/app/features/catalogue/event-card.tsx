import type { TEventSummary } from '@ingressos/contracts';
import { currencyCode } from '@ingressos/domain';
import { wantsConversion } from '@ingressos/domain/currency';
import { Link } from 'react-router';
import { ConversionNote } from '~/ui/conversion-note.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import { useMoney } from '~/ui/money.tsx';
import styles from './card.module.css';
import { shortDate } from './dates.ts';

/** One event in a list: the whole card is the link to its page. */
export function EventCard({ event, eager = false }: { event: TEventSummary; eager?: boolean }) {
  const { t, locale } = useI18n();
  const { price: shown } = useMoney();
  const price =
    event.soldOut || event.minValue === null
      ? t('event.soldOut')
      : event.minValue === 0
        ? t('event.free')
        : t('event.from', { price: shown(event.minValue, currencyCode(event.currency)) });
  return (
    <article className={styles.card}>
      <img
        src={event.images.poster}
        alt=""
        width={300}
        height={400}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.body}>
        <p className={styles.date}>
          <time dateTime={event.date}>
            {shortDate(event, t, locale)} · {event.hour}
          </time>
        </p>
        <h3 className={styles.title}>
          <Link to={`/events/${event.slug}`}>{event.name}</Link>
        </h3>
        <p className={styles.where}>
          {event.place} · {event.city}/{event.state}
        </p>
        <p className={event.soldOut ? styles.soldOut : styles.price}>{price}</p>
        {event.exclusive && <p className={styles.tag}>{t('event.exclusive')}</p>}
      </div>
    </article>
  );
}

export function EventGrid({ events, eagerFirst = 0 }: { events: TEventSummary[]; eagerFirst?: number }) {
  return (
    <ul className={styles.grid}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} eager={index < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}

/**
 * commerce §1: above a list whose prices the visitor sees converted, the rate's day and that the
 * charge stays in the event's currency (once per page; nothing when every price is its own).
 */
export function ListConversionNote({ events }: { events: TEventSummary[] }) {
  const { currency } = useMoney();
  const other = events.find((event) => wantsConversion(currencyCode(event.currency), currency));
  return other ? <ConversionNote charged={currencyCode(other.currency)} /> : null;
}

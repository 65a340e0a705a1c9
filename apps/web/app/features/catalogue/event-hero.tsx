import { Link } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { useServerMarkup } from '~/ui/server-markup.tsx';
import { longDate } from './dates.ts';
import styles from './event.module.css';
import type { TEventView } from './event-view.server.ts';

const readSrc = (element: HTMLElement) => element.getAttribute('src');

/** Poster and the facts a buyer checks first: what, when, where, and any condition of entry. */
export function EventHero({ event }: { event: TEventView }) {
  const { t, locale } = useI18n();
  // Written into the page by the server for the first paint, not repeated in the page's data
  // (issue 18; see posterImage); a navigation in the page shows the poster's file instead.
  const posterId = `poster-${event.slug}`;
  const inPage = useServerMarkup(posterId, readSrc);
  return (
    <header className={styles.hero}>
      <img
        id={posterId}
        className={styles.poster}
        src={inPage ?? event.poster}
        alt={t('event.posterAlt', { name: event.name })}
        width={300}
        height={400}
        fetchPriority="high"
      />
      <div className={styles.facts}>
        <p className={styles.category}>{event.category}</p>
        <h1>{event.name}</h1>
        {event.past && (
          <p className={styles.past} role="status">
            <strong>{t('event.past')}</strong> {t('event.pastText')}
          </p>
        )}
        <p className={styles.when}>
          <time dateTime={event.date}>
            {t('event.at', { date: longDate(event.date, event.timeZone, locale), hour: event.hour })}
          </time>
        </p>
        <address className={styles.where}>
          <strong>{event.place}</strong>
          <br />
          {t('event.address', {
            address: event.address,
            number: event.addressNumber,
            district: event.district,
          })}
          <br />
          {t('event.cityState', { city: event.city, state: event.state })}
        </address>
        <ul className={styles.badges}>
          <li>
            {event.ageRating === 'L' ? t('event.ageFree') : t('event.ageRating', { rating: event.ageRating })}
          </li>
          {event.exclusiveIssuers.length > 0 && <li className={styles.notice}>{t('event.exclusive')}</li>}
          {event.facial && <li className={styles.notice}>{t('event.facial')}</li>}
          {event.currency === 'USD' && <li>{t('event.usd')}</li>}
          {event.foreigner && <li>{t('event.foreigner')}</li>}
        </ul>
        {event.exclusiveIssuers.length > 0 && (
          <p>{t('event.exclusiveText', { issuers: event.exclusiveIssuers.join(', ') })}</p>
        )}
        {event.facial && <p>{t('event.facialText')}</p>}
        <p className={styles.producer}>
          {t('event.producer', { name: event.producer })}
          {event.group && (
            <>
              {' · '}
              <Link to={`/eventgroup/${event.group.slug}`}>
                {t('event.partOf', { group: event.group.name })}
              </Link>
            </>
          )}
        </p>
      </div>
    </header>
  );
}

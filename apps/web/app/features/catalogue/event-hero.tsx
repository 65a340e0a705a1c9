import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, LONG_DAY } from '~/i18n/format.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { useServerMarkup } from '~/ui/server-markup.tsx';
import styles from './event.module.css';
import type { TEventView } from './event-view.server.ts';

const readSrc = (element: HTMLElement) => element.getAttribute('src');
const readText = (element: HTMLElement) => element.textContent;

/** The id of the hero's "when" line, which the page's loader writes (routes/event.tsx). */
export const whenId = (slug: string) => `quando-${slug}`;

/** Poster and the facts a buyer checks first: what, when, where, and any condition of entry. */
export function EventHero({ event }: { event: TEventView }) {
  const { t, locale } = useI18n();
  // Written into the page by the server for the first paint, not repeated in the page's data
  // (issue 18; see posterImage); a navigation in the page shows the poster's file instead.
  const posterId = `poster-${event.slug}`;
  const inPage = useServerMarkup(posterId, readSrc);
  // "sábado, 14 de março de 2027 às 21:00" on the venue's calendar: written by the server and read
  // back from the page at hydration, so the page's script neither formats a date (Intl's start-up
  // is ~30 ms of a phone's main thread: issue 18) nor carries the code that avoids it; a
  // navigation in the page, or a start moved since (the snapshot read after load), formats it here.
  const whenInPage = useServerMarkup(whenId(event.slug), readText);
  const [servedFor] = useState(event.date);
  const when =
    whenInPage !== null && servedFor === event.date
      ? whenInPage
      : t('event.at', {
          date: formatDate(event.date, locale, { timeZone: event.timeZone, ...LONG_DAY }),
          hour: event.hour,
        });
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
          <time id={whenId(event.slug)} dateTime={event.date}>
            {when}
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

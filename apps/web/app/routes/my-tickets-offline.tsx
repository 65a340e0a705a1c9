import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import rotatingStyles from '~/features/tickets/rotating-qr.module.css';
import { RotatingQr } from '~/features/tickets/rotating-qr.tsx';
import styles from '~/features/tickets/tickets.module.css';
import { requestServices } from '~/server-context.ts';
import { readOfflineTickets, type TOfflineRecord } from '~/shared/offline-tickets.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/my-tickets-offline.ts';

/** The page holds no one's data: the same shell for everyone, the tickets come from the device. */
export function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  return { locale, brand: site.brandName };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('tickets.offlineTitle'), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * /meus-ingressos/offline (issue 35): the rotating tickets saved on this device by My tickets,
 * each with its code computed here every 15 seconds. The service worker (public/sw-tickets.js)
 * answers with this page when a ticket page cannot be reached: a venue with no signal.
 */
export default function MyTicketsOffline() {
  const { t } = useI18n();
  const [record, setRecord] = useState<TOfflineRecord | null | undefined>(undefined);
  useEffect(() => setRecord(readOfflineTickets()), []);
  return (
    <article className={styles.page}>
      <h1>{t('tickets.offlineTitle')}</h1>
      {record === undefined ? null : record === null || record.tickets.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('tickets.offlineNone')}</p>
          <Link className={styles.button} to="/meus-ingressos">
            {t('page.myTickets')}
          </Link>
        </div>
      ) : (
        <>
          <p className={styles.muted}>{t('tickets.offlineNote')}</p>
          <ul className={styles.list}>
            {record.tickets.map((ticket, index) => (
              <li key={ticket.id}>
                <section
                  className={rotatingStyles.offlineTicket}
                  aria-label={t('tickets.ticketLabel', { n: index + 1, total: record.tickets.length })}
                >
                  <p className={styles.date}>{ticket.event.date}</p>
                  <h2 className={styles.name}>{ticket.event.name}</h2>
                  <p className={styles.muted}>
                    {ticket.event.place} · {ticket.event.city}
                  </p>
                  <p>
                    <strong>
                      {ticket.section} · {ticket.ticket}
                      {ticket.place ? ` · ${ticket.place}` : ''}
                    </strong>
                  </p>
                  <RotatingQr rotating={ticket.rotating} n={index + 1} size="big" />
                  <p className={styles.qrHolder}>{ticket.holder}</p>
                </section>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

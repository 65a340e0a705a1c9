import type { TMyEvent } from '@ingressos/contracts';
import { Link, useLocation } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import styles from '~/ui/panels.module.css';
import type { Route } from './+types/my-tickets.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const user = await loadUser(context);
  if (!user) return { locale, brand: site.brandName, tickets: null, auth: await loadAuthScreen(context) };
  const answer = await serverApi(context)('myTickets');
  return { locale, brand: site.brandName, tickets: answer.ok ? answer.body : null, auth: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(createTranslator(loaderData.locale)('page.myTickets'), loaderData.brand) }];
}

function EventCard({ event }: { event: TMyEvent }) {
  const { t } = useI18n();
  const awaiting = event.orders.some((o) => o.status === 1);
  const refunded = event.orders.some((o) => o.status === 6);
  return (
    <li className={styles.event}>
      <h3>{event.eventName}</h3>
      <p>{event.date}</p>
      <p>
        {event.place} · {event.city}
      </p>
      <p>{t('tickets.count', { n: event.tickets.length })}</p>
      {awaiting && <p className={styles.warning}>{t('tickets.awaiting')}</p>}
      {refunded && <p>{t('tickets.refunded')}</p>}
      {event.tickets.length > 0 && (
        <p>
          <Link to={`/detalhes-do-ingresso/${event.eventId}`}>{t('tickets.details')}</Link> ·{' '}
          <a href={`/home/PrintTickets?eventId=${event.eventId}`} download="ingressos.pdf">
            {t('tickets.pdf')}
          </a>
        </p>
      )}
    </li>
  );
}

/** /meus-ingressos and /Home/MyShops: the buyer's orders and tickets by event, upcoming and past. */
export default function MyTickets({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  // The page's own address: a loader's request URL is /meus-ingressos.data when it revalidates.
  const { pathname } = useLocation();
  if (loaderData.auth) return <LazyAuthScreen data={loaderData.auth} redirectTo={pathname} />;
  const tickets = loaderData.tickets;
  const empty = !tickets || (tickets.upcoming.length === 0 && tickets.past.length === 0);
  return (
    <PageFrame title={t('page.myTickets')}>
      {empty && <p>{t('tickets.none')}</p>}
      {tickets && tickets.upcoming.length > 0 && (
        <section aria-labelledby="upcoming">
          <h2 id="upcoming">{t('tickets.upcoming')}</h2>
          <ul className={styles.tickets}>
            {tickets.upcoming.map((event) => (
              <EventCard key={event.eventId} event={event} />
            ))}
          </ul>
        </section>
      )}
      {tickets && tickets.past.length > 0 && (
        <section aria-labelledby="past">
          <h2 id="past">{t('tickets.past')}</h2>
          <ul className={styles.tickets}>
            {tickets.past.map((event) => (
              <EventCard key={event.eventId} event={event} />
            ))}
          </ul>
        </section>
      )}
    </PageFrame>
  );
}

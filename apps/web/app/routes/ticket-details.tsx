import { Link } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { TicketCard } from '~/features/tickets/ticket-card.tsx';
import styles from '~/features/tickets/tickets.module.css';
import { pluralKey } from '~/i18n/plural.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/ticket-details.ts';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const user = await loadUser(context);
  const eventId = Number(params.eventId);
  if (!user)
    return { locale, brand: site.brandName, eventId, event: null, auth: await loadAuthScreen(context) };
  const answer =
    Number.isInteger(eventId) && eventId > 0
      ? await serverApi(context)('myTickets', { query: { eventId } })
      : null;
  const event = answer?.ok ? ([...answer.body.upcoming, ...answer.body.past][0] ?? null) : null;
  return {
    locale,
    brand: site.brandName,
    eventId,
    event,
    wallet: answer?.ok ? answer.body.wallet : undefined,
    auth: null,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.ticketDetails'), loaderData.brand) }];
}

/** /detalhes-do-ingresso/:eventId: every ticket of the event in the account, each with its QR code. */
export default function TicketDetails({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  if (loaderData.auth)
    return (
      <LazyAuthScreen data={loaderData.auth} redirectTo={`/detalhes-do-ingresso/${loaderData.eventId}`} />
    );
  const { event } = loaderData;
  const owned = event?.tickets.filter((ticket) => ticket.status !== 'transferred') ?? [];
  if (!event || event.tickets.length === 0)
    return (
      <article className={styles.page}>
        <h1>{t('page.ticketDetails')}</h1>
        <div className={styles.empty}>
          <p>{t('tickets.notFound')}</p>
          <Link className={styles.button} to="/meus-ingressos">
            {t('page.myTickets')}
          </Link>
        </div>
      </article>
    );
  return (
    <article className={styles.page}>
      <h1>{event.eventName}</h1>
      <p className={styles.muted}>
        <span>{t(pluralKey(locale, 'tickets.count', owned.length), { n: owned.length })}</span> ·{' '}
        <Link to="/meus-ingressos">{t('page.myTickets')}</Link>
      </p>
      {owned.length === 0 && <p>{t('tickets.notFound')}</p>}
      <ul className={styles.list}>
        {event.tickets.map((ticket, index) => (
          <li key={ticket.id}>
            <TicketCard
              event={event}
              ticket={ticket}
              n={index + 1}
              total={event.tickets.length}
              wallet={loaderData.wallet}
            />
          </li>
        ))}
      </ul>
    </article>
  );
}

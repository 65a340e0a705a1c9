import { Link } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import styles from '~/ui/panels.module.css';
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
  return { locale, brand: site.brandName, eventId, event, auth: null };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(createTranslator(loaderData.locale)('page.ticketDetails'), loaderData.brand) }];
}

/** /detalhes-do-ingresso/:eventId: every ticket of the event in the account, each with its QR code. */
export default function TicketDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.auth)
    return (
      <LazyAuthScreen data={loaderData.auth} redirectTo={`/detalhes-do-ingresso/${loaderData.eventId}`} />
    );
  const { event } = loaderData;
  if (!event || event.tickets.length === 0)
    return (
      <PageFrame title={t('page.ticketDetails')}>
        <p>{t('tickets.notFound')}</p>
      </PageFrame>
    );
  return (
    <PageFrame title={event.eventName}>
      <p>{event.date}</p>
      <p>
        {event.place} · {event.city}
      </p>
      <p>
        <a href={`/home/PrintTickets?eventId=${event.eventId}`} download="ingressos.pdf">
          {t('tickets.pdf')}
        </a>
      </p>
      <ul className={styles.tickets}>
        {event.tickets.map((ticket, index) => (
          <li key={ticket.id} className={styles.event}>
            <h2>
              {ticket.sectionName} · {ticket.ticketName}
            </h2>
            {ticket.placeAlias && <p>{ticket.placeAlias}</p>}
            <p>{t('tickets.holder', { cpf: ticket.holderCpf })}</p>
            {ticket.transfer && (
              <p className={styles.notice}>
                {t('tickets.transferPending', { cpf: ticket.transfer.destinationCpf })} ·{' '}
                <Link to="/transferencias">{t('tickets.transfersLink')}</Link>
              </p>
            )}
            {!ticket.transfer && !event.past && (
              <p>
                <Link
                  className={styles.secondary}
                  to={`/transferencia-ingresso?ticketId=${ticket.id}`}
                  aria-label={t('tickets.transferAria', { n: index + 1 })}
                >
                  {t('tickets.transfer')}
                </Link>
              </p>
            )}
            <img className={styles.qr} src={ticket.qrSvg} alt={t('tickets.qrAlt', { n: index + 1 })} />
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

import { useLocation } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { TransferForm } from '~/features/transfers/transfer-form.tsx';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/transfer-ticket.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const url = new URL(request.url);
  const ticketId = url.searchParams.get('ticketId') ?? '';
  const base = { locale, brand: site.brandName };
  const user = await loadUser(context);
  if (!user) return { ...base, auth: await loadAuthScreen(context), ticket: null, reason: null, ownCpf: '' };
  const api = serverApi(context);
  const mine = UUID.test(ticketId) ? await api('myTickets') : null;
  const events = mine?.ok ? [...mine.body.upcoming, ...mine.body.past] : [];
  const event = events.find((e) => e.tickets.some((x) => x.id === ticketId));
  const found = event?.tickets.find((x) => x.id === ticketId && x.status !== 'transferred');
  const ticket =
    event && found
      ? {
          id: found.id,
          eventId: event.eventId,
          eventName: event.eventName,
          date: event.date,
          place: `${event.place} · ${event.city}`,
          name: `${found.sectionName} · ${found.ticketName}`,
          holderCpf: found.holderCpf,
        }
      : null;
  let reason: string | null = null;
  if (ticket) {
    const can = await api('canTransfer', { body: { ticketId: ticket.id } });
    reason = can.ok ? can.body.message : (can.error?.Message ?? null);
  }
  return { ...base, auth: null, ticket, reason, ownCpf: user.cpf };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.transferTicket'), loaderData.brand) }];
}

/** /transferencia-ingresso?ticketId=: send one of my tickets to someone else's CPF. */
export default function TransferTicket({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  // The page's own address: a loader's request URL ends in .data when it revalidates.
  const location = useLocation();
  if (loaderData.auth)
    return <LazyAuthScreen data={loaderData.auth} redirectTo={location.pathname + location.search} />;
  const { ticket, reason } = loaderData;
  if (!ticket)
    return (
      <PageFrame title={t('page.transferTicket')}>
        <p>{t('transfers.unavailable')}</p>
      </PageFrame>
    );
  return (
    <PageFrame title={t('page.transferTicket')}>
      <p>
        <strong>{ticket.eventName}</strong>
      </p>
      <p>{ticket.date}</p>
      <p>{ticket.place}</p>
      <p>
        {t('transfers.ticket')}: {ticket.name} · {t('tickets.holder', { cpf: ticket.holderCpf })}
      </p>
      {reason ? (
        <p role="alert">{reason}</p>
      ) : (
        <TransferForm ticketId={ticket.id} ownCpf={loaderData.ownCpf} />
      )}
    </PageFrame>
  );
}

import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { loadQr } from '~/features/tickets/qr-loader.ts';
import { TicketList } from '~/features/tickets/ticket-list.tsx';
import styles from '~/features/tickets/tickets.module.css';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { offlineTicketsOf, prepareOfflineView, saveOfflineTickets } from '~/shared/offline-tickets.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/my-tickets.ts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const user = await loadUser(context);
  const tab =
    new URL(request.url).searchParams.get('aba') === 'realizados' ? ('past' as const) : ('upcoming' as const);
  const base = { locale, brand: site.brandName, tab };
  if (!user) return { ...base, userId: null, tickets: null, auth: await loadAuthScreen(context) };
  const answer = await serverApi(context)('myTickets');
  // An answer that failed keeps the device's saved tickets as they were (null: nothing to save).
  const tickets = answer.ok ? answer.body : null;
  return {
    ...base,
    userId: user.id,
    tickets: tickets ?? { upcoming: [], past: [] },
    saved: tickets,
    auth: null,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.myTickets'), loaderData.brand) }];
}

/** /meus-ingressos and /Home/MyShops: every ticket of the account as its own card, upcoming and past. */
export default function MyTickets({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  // The page's own address: a loader's request URL is /meus-ingressos.data when it revalidates.
  const { pathname } = useLocation();
  const saved = 'saved' in loaderData ? loaderData.saved : null;
  const hasOffline = saved ? offlineTicketsOf(saved).length > 0 : false;
  // Issue 35: the holder's rotating tickets stay on the device for a venue with no signal; the
  // record is replaced at each visit, so a ticket that left the account leaves the device too.
  useEffect(() => {
    if (!saved || !loaderData.userId) return;
    const kept = offlineTicketsOf(saved);
    saveOfflineTickets(loaderData.userId, kept);
    if (kept.length > 0) void loadQr().then(prepareOfflineView);
  }, [saved, loaderData.userId]);
  if (loaderData.auth) return <LazyAuthScreen data={loaderData.auth} redirectTo={pathname} />;
  return (
    <article className={styles.page}>
      <h1>{t('page.myTickets')}</h1>
      {hasOffline && (
        <p className={styles.muted}>
          {t('tickets.rotatingNote')} <Link to="/meus-ingressos/offline">{t('tickets.offlineLink')}</Link>
        </p>
      )}
      {loaderData.tickets && (
        <TicketList answer={loaderData.tickets} tab={loaderData.tab} basePath={pathname} />
      )}
    </article>
  );
}

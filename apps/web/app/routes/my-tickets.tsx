import { useLocation } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { TicketList } from '~/features/tickets/ticket-list.tsx';
import styles from '~/features/tickets/tickets.module.css';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/my-tickets.ts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const user = await loadUser(context);
  const tab =
    new URL(request.url).searchParams.get('aba') === 'realizados' ? ('past' as const) : ('upcoming' as const);
  const base = { locale, brand: site.brandName, tab };
  if (!user) return { ...base, tickets: null, auth: await loadAuthScreen(context) };
  const answer = await serverApi(context)('myTickets');
  return { ...base, tickets: answer.ok ? answer.body : { upcoming: [], past: [] }, auth: null };
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
  if (loaderData.auth) return <LazyAuthScreen data={loaderData.auth} redirectTo={pathname} />;
  return (
    <article className={styles.page}>
      <h1>{t('page.myTickets')}</h1>
      {loaderData.tickets && (
        <TicketList answer={loaderData.tickets} tab={loaderData.tab} basePath={pathname} />
      )}
    </article>
  );
}

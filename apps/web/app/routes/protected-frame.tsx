import { useLocation } from 'react-router';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import type { TMessageKey } from '~/i18n/index.ts';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/protected-frame.ts';

/**
 * Pages that need a login and whose screens arrive with their own issue (my tickets, payment,
 * identification): anonymous visitors get the login and register screen; the issue that fills a
 * page replaces this module, keeping `loadUser` + `AuthScreen`.
 */
const TITLES: Record<string, TMessageKey> = {
  myTickets: 'page.myTickets',
  myShops: 'page.myTickets',
  payment: 'page.payment',
  identification: 'page.identification',
};

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const user = await loadUser(context);
  return { locale, brand: site.brandName, auth: user ? null : await loadAuthScreen(context) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const key = TITLES[matches.at(-1)?.id ?? ''];
  if (!loaderData || !key) return [];
  return [{ title: pageTitle(createTranslator(loaderData.locale)(key), loaderData.brand) }];
}

export default function ProtectedFrame({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  if (loaderData.auth) return <LazyAuthScreen data={loaderData.auth} redirectTo={pathname + search} />;
  const key = TITLES[matches.at(-1)?.id ?? ''];
  return key ? <PageFrame title={t(key)} /> : null;
}

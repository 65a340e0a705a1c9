import { CURRENCY_COOKIE, isDisplayCurrency } from '@ingressos/domain/currency';
import { safeRedirect } from '@ingressos/domain/safe-redirect';
import { redirect } from 'react-router';
import { requestServices } from '~/server-context.ts';
import type { Route } from './+types/moeda.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The currency switch (commerce §1), as the language's /idioma: remembers BRL or USD in a cookie
 * and returns to the page it came from, so it works with no script.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const currency = url.searchParams.get('currency');
  // Only same-site paths: anything else would make this an open redirect.
  const target = safeRedirect(url.searchParams.get('redirect'));
  if (!isDisplayCurrency(currency)) return redirect(target);
  const { secureCookies } = context.get(requestServices);
  const cookie = `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
  return redirect(target, { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
}

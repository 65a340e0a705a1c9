import { isLocale, LOCALE_COOKIE } from '@ingressos/domain';
import { safeRedirect } from '@ingressos/domain/safe-redirect';
import { redirect } from 'react-router';
import { requestServices } from '~/server-context.ts';
import type { Route } from './+types/idioma.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The language switch: remembers the choice in a cookie and returns to the page it came from. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = url.searchParams.get('lang');
  // Only same-site paths: anything else would make this an open redirect.
  const target = safeRedirect(url.searchParams.get('redirect'));
  if (!isLocale(lang)) return redirect(target);
  const { secureCookies } = context.get(requestServices);
  const cookie = `${LOCALE_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
  return redirect(target, { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
}

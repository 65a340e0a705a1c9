import { redirect } from 'react-router';
import { loginAction } from '~/features/accounts/actions.server.ts';
import { loadAuthScreen, loadUser, safeRedirect } from '~/features/accounts/api.server.ts';
import { AuthScreen } from '~/features/accounts/auth-screen.tsx';
import { requestServices } from '~/server-context.ts';
import { pageTranslator } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/login.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirect'));
  if (await loadUser(context)) throw redirect(redirectTo);
  const { locale, site } = context.get(requestServices);
  return { locale, brand: site.brandName, redirectTo, auth: await loadAuthScreen(context) };
}

export const action = ({ request, context }: Route.ActionArgs) => loginAction(request, context);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    { title: pageTitle(pageTranslator(matches)('page.login'), loaderData.brand) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return <AuthScreen data={loaderData.auth} redirectTo={loaderData.redirectTo} />;
}

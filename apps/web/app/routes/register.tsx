import { useEffect } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { registerAction } from '~/features/accounts/actions.server.ts';
import { loadAuthScreen, loadUser, safeRedirect } from '~/features/accounts/api.server.ts';
import { CountryNamesProvider } from '~/features/accounts/country-names.tsx';
import { RegisterForm } from '~/features/accounts/register-form.tsx';
import { requestServices } from '~/server-context.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/register.ts';
import styles from './register.module.css';

/** /cadastrar and /cadastrar-mobile (route ids register and registerMobile). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirect'));
  if (await loadUser(context)) throw redirect(redirectTo);
  const { locale, site } = context.get(requestServices);
  return { locale, brand: site.brandName, redirectTo, auth: await loadAuthScreen(context) };
}

export const action = ({ request, context }: Route.ActionArgs) => registerAction(request, context);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.register'), loaderData.brand) }];
}

export default function Register({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const mobile = matches.at(-1)?.id === 'registerMobile';
  // Spec §2: screens up to 768 px use /cadastrar-mobile.
  useEffect(() => {
    if (!mobile && window.matchMedia('(max-width: 768px)').matches) {
      navigate(`/cadastrar-mobile${window.location.search}`, { replace: true });
    }
  }, [mobile, navigate]);
  return (
    <div className={mobile ? styles.mobile : styles.desktop}>
      <PageFrame title={t('register.title')}>
        <p className={styles.lead}>{t('register.lead')}</p>
        <CountryNamesProvider value={loaderData.auth.countryNames}>
          <RegisterForm
            captcha={loaderData.auth.captcha}
            states={loaderData.auth.states}
            redirectTo={loaderData.redirectTo}
          />
        </CountryNamesProvider>
        <p className={styles.login}>
          {t('register.haveAccount')}{' '}
          <Link
            to={`/login${loaderData.redirectTo !== '/' ? `?redirect=${encodeURIComponent(loaderData.redirectTo)}` : ''}`}
          >
            {t('register.loginLink')}
          </Link>
        </p>
      </PageFrame>
    </div>
  );
}

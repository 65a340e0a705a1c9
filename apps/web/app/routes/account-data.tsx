import { AccountDataForm } from '~/features/accounts/account-data-form.tsx';
import { accountCall, invalidBody } from '~/features/accounts/actions.server.ts';
import { loadAuthScreen, loadUser, safeRedirect } from '~/features/accounts/api.server.ts';
import { countryNames } from '~/features/accounts/countries.ts';
import { CountryNamesProvider } from '~/features/accounts/country-names.tsx';
import { readJsonObject } from '~/features/accounts/form-body.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { COMPLETE_PROFILE_PARAM } from '~/features/accounts/require-profile-for-payment.server.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import styles from '~/ui/forms.module.css';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/account-data.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const url = new URL(request.url);
  const base = { locale, brand: site.brandName };
  const user = await loadUser(context);
  if (!user) return { ...base, auth: await loadAuthScreen(context), account: null };
  const api = serverApi(context);
  const [states, cities] = await Promise.all([
    api('states'),
    user.stateIBGE ? api('cities', { params: { stateId: user.stateIBGE } }) : null,
  ]);
  return {
    ...base,
    auth: null,
    account: {
      user,
      states: states.ok ? states.body : null,
      cities: cities?.ok ? cities.body : null,
      countryNames: countryNames(locale),
      completeProfile: url.searchParams.get(COMPLETE_PROFILE_PARAM) === '1',
      redirectTo: url.searchParams.has('redirect') ? safeRedirect(url.searchParams.get('redirect')) : null,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonObject(request);
  return body ? accountCall(context, 'updateMyAccount', body) : invalidBody(context);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.accountData'), loaderData.brand) }];
}

export default function AccountData({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { auth, account } = loaderData;
  if (auth || !account) return auth ? <LazyAuthScreen data={auth} redirectTo="/dados-da-conta" /> : null;
  return (
    <PageFrame title={t('page.accountData')}>
      {account.completeProfile && (
        <p className={styles.warning} role="alert">
          {t('account.completeProfile')}
        </p>
      )}
      <CountryNamesProvider value={account.countryNames}>
        <AccountDataForm
          user={account.user}
          states={account.states}
          cities={account.cities}
          redirectTo={account.redirectTo}
        />
      </CountryNamesProvider>
    </PageFrame>
  );
}

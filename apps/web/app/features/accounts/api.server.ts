import type { TCaptchaConfig, TState, TUser } from '@ingressos/contracts/accounts';
import type { RouterContextProvider } from 'react-router';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { countryNames } from './countries.ts';

type TContext = Readonly<RouterContextProvider>;

/** The logged-in user, or null. */
export async function loadUser(context: TContext): Promise<TUser | null> {
  const answer = await serverApi(context)('authentication');
  return answer.ok ? answer.body.user : null;
}

export type TAuthScreenData = {
  captcha: TCaptchaConfig;
  states: TState[] | null;
  /** The phone picker's country names as the server renders them (features/accounts/country-names.tsx). */
  countryNames: Record<string, string>;
};

/** What the login and register panels need: the captcha settings, the states list, the country names. */
export async function loadAuthScreen(context: TContext): Promise<TAuthScreenData> {
  const api = serverApi(context);
  const [captcha, states] = await Promise.all([api('captchaConfig'), api('states')]);
  return {
    captcha: captcha.ok ? captcha.body : { provider: 'local', siteKey: null },
    states: states.ok ? states.body : null,
    countryNames: countryNames(context.get(requestServices).locale),
  };
}

/** Only same-site paths: anything else would make the redirect parameter an open redirect. */
export { safeRedirect } from '@ingressos/domain/safe-redirect';

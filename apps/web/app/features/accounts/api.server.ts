import type { TApiError } from '@ingressos/contracts';
import type { TAuthenticationResponse, TCaptchaConfig, TState, TUser } from '@ingressos/contracts/accounts';
import { apiPath } from '@ingressos/contracts/endpoints';
import type { RouterContextProvider } from 'react-router';
import { requestServices } from '~/server-context.ts';
import { countryNames } from './countries.ts';

type TContext = Readonly<RouterContextProvider>;

export type TApiAnswer<T> =
  | { ok: true; status: number; body: T; headers: Headers }
  | { ok: false; status: number; error: TApiError | null; headers: Headers };

/** Calls this product's API in-process (with the visitor's cookie) and reads its JSON. */
export async function callApi<T>(
  context: TContext,
  path: string,
  init?: RequestInit,
): Promise<TApiAnswer<T>> {
  const response = await context.get(requestServices).api(path, init);
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, status: response.status, body: body as T, headers: response.headers };
  const error = body && typeof body === 'object' && 'Message' in body ? (body as TApiError) : null;
  return { ok: false, status: response.status, error, headers: response.headers };
}

/** A JSON POST to our API, with an optional captcha answer header. */
export function postJson<T>(
  context: TContext,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return callApi<T>(context, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The API's Set-Cookie headers (session cookie set or cleared), to pass on to the browser. */
export function cookiesOf(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append('Set-Cookie', cookie);
  return out;
}

/** The logged-in user, or null. */
export async function loadUser(context: TContext): Promise<TUser | null> {
  const answer = await callApi<TAuthenticationResponse>(context, apiPath('authentication'));
  return answer.ok ? answer.body.user : null;
}

export type TAuthScreenData = {
  captcha: TCaptchaConfig;
  states: TState[] | null;
  /** The phone picker's country names as the server renders them (features/accounts/country-names.tsx). */
  countryNames: Record<string, string>;
};

/** What the login and register panels need: the captcha settings and the states list. */
export async function loadAuthScreen(context: TContext): Promise<TAuthScreenData> {
  const [captcha, states] = await Promise.all([
    callApi<TCaptchaConfig>(context, apiPath('captchaConfig')),
    callApi<TState[]>(context, apiPath('states')),
  ]);
  return {
    captcha: captcha.ok ? captcha.body : { provider: 'local', siteKey: null },
    states: states.ok ? states.body : null,
    countryNames: countryNames(context.get(requestServices).locale),
  };
}

/** Only same-site paths: anything else would make the redirect parameter an open redirect. */
export { safeRedirect } from '@ingressos/domain/safe-redirect';

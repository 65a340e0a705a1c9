import type { TEndpointName } from '@ingressos/contracts/endpoints';
import type { RouterContextProvider } from 'react-router';
import { requestServices } from '~/server-context.ts';
import { callEndpoint, type TCallArgs, type TSend } from './api-client.ts';

/**
 * The typed client for loaders and actions: the same calls as the browser's `api`, answered by
 * this process's own app in-process (services.api passes the visitor's cookies, language and
 * address along).
 */
export function serverApi(context: Readonly<RouterContextProvider>) {
  return typedApi(context.get(requestServices).api);
}

/** The typed client over a request services' `api` (for code handed that function alone). */
export function typedApi(send: TSend) {
  return <N extends TEndpointName>(name: N, ...[options]: TCallArgs<N>) => callEndpoint(send, name, options);
}

/** The API's Set-Cookie headers (session cookie set or cleared), to pass on to the browser. */
export function cookiesOf(headers: Headers | null): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append('Set-Cookie', cookie);
  return out;
}

import type { TApiError } from '@ingressos/contracts';
import type { TEndpointSchemas } from '@ingressos/contracts/endpoint-schemas';
import { apiPath, ENDPOINTS, type TEndpointName, type TPathParams } from '@ingressos/contracts/endpoints';
import type { z } from 'zod';
import { accented } from './accented.ts';

/**
 * The one client of this product's API, typed by the endpoint table: `api('addToCart', { body })`
 * sends what the call's schema takes (z.input) and answers what its answer schema gives
 * (z.output). Only types come from the schema table, so the browser ships no zod for it. Browsers
 * call over fetch with the same-origin cookies (the session's and the cart's, HttpOnly; a POST
 * carries its Origin, which the CSRF check reads); loaders and actions call the same app in
 * process through `serverApi` (api.server.ts), with the visitor's cookies.
 */

type TSchemas<N extends TEndpointName> = TEndpointSchemas[N];
export type TRequestBody<N extends TEndpointName> =
  TSchemas<N> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type TAnswer<N extends TEndpointName> =
  TSchemas<N> extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;
type TQueryOf<N extends TEndpointName> =
  TSchemas<N> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

type TParamsPart<N extends TEndpointName> = keyof TPathParams<N> extends never
  ? { params?: undefined }
  : { params: TPathParams<N> };
type TBodyPart<N extends TEndpointName> = [TRequestBody<N>] extends [never]
  ? { body?: undefined }
  : // biome-ignore lint/complexity/noBannedTypes: "every field optional" is exactly `{} extends T`
    {} extends TRequestBody<N>
    ? { body?: TRequestBody<N> }
    : { body: TRequestBody<N> };
type TQueryPart<N extends TEndpointName> = [TQueryOf<N>] extends [never]
  ? { query?: undefined }
  : { query?: TQueryOf<N> };
export type TCallOptions<N extends TEndpointName> = TParamsPart<N> &
  TBodyPart<N> &
  TQueryPart<N> & { headers?: Record<string, string> };
/** Options may be left out when nothing in them is required. */
export type TCallArgs<N extends TEndpointName> =
  // biome-ignore lint/complexity/noBannedTypes: see TBodyPart
  {} extends TCallOptions<N> ? [options?: TCallOptions<N>] : [options: TCallOptions<N>];

/**
 * What a call gave. Failures keep apart what a person is told differently (spec): no connection
 * (`network`, status 0), an answer with nothing usable (`server`), or the API's error body (`http`,
 * whose `message` is the text to show).
 */
export type TApiResult<T> =
  | { ok: true; status: number; body: T; headers: Headers }
  | {
      ok: false;
      status: number;
      kind: 'http';
      /** The API's `Message`: the text to show. */
      message: string;
      error: TApiError;
      /** The answer's JSON as sent (a 402 payment answer, a phone-code error…). */
      body: Record<string, unknown>;
      headers: Headers;
    }
  | {
      ok: false;
      status: number;
      kind: 'network' | 'server';
      message: '';
      error: null;
      body: Record<string, unknown> | null;
      headers: Headers | null;
    };

/** Sends one request: the browser's fetch, or the in-process app on the server. */
export type TSend = (url: string, init: RequestInit) => Promise<Response>;

const buildPath = apiPath as (name: TEndpointName, params?: unknown, query?: unknown) => string;

export async function callEndpoint<N extends TEndpointName>(
  send: TSend,
  name: N,
  options: TCallOptions<N> = {} as TCallOptions<N>,
): Promise<TApiResult<TAnswer<N>>> {
  const { method } = ENDPOINTS[name];
  const read = method === 'GET';
  // fetch's default credentials ('same-origin') send the session and cart cookies. Every write
  // sends JSON (at least {}), so no route meets an empty body.
  const response = await send(buildPath(name, options.params, options.query), {
    method,
    headers: read ? options.headers : { 'content-type': 'application/json', ...options.headers },
    body: read ? undefined : JSON.stringify(options.body ?? {}),
  }).catch(() => null);
  const body = response && ((await response.json().catch(() => null)) as Record<string, unknown> | null);
  const status = response?.status ?? 0;
  const headers = response?.headers ?? null;
  if (response?.ok) return { ok: true, status, body: body as TAnswer<N>, headers: response.headers };
  const error = typeof body?.Message === 'string' ? (body as TApiError) : null;
  const kind = !response ? 'network' : error ? 'http' : 'server';
  return {
    ok: false,
    status,
    kind,
    message: accented(error?.Message ?? ''),
    error,
    body,
    headers,
  } as TApiResult<TAnswer<N>>;
}

const browserSend: TSend = (url, init) => fetch(url, init);

/**
 * Spec §7: a static snapshot file of a catalogue call (`getEventTicketsBySlug/<slug>.json`…), the
 * bytes the page's loader read first; asked again (an ETag makes it a 304 when unchanged) so a
 * page kept by a cache shows the stock of now (issue 18). Null when there is none.
 */
export async function readSnapshot<T>(file: string): Promise<T | null> {
  const response = await fetch(`/assets/api/${file}`, { cache: 'no-cache' }).catch(() => null);
  return response?.ok ? ((await response.json().catch(() => null)) as T | null) : null;
}

/** A call from the browser. */
export function api<N extends TEndpointName>(name: N, ...[options]: TCallArgs<N>) {
  return callEndpoint(browserSend, name, options);
}

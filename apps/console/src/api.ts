import type { TApiError } from '@ingressos/contracts';
import type { TEndpointSchemas } from '@ingressos/contracts/endpoint-schemas';
import { apiPath, ENDPOINTS, type TEndpointName, type TPathParams } from '@ingressos/contracts/endpoints';
import type { z } from 'zod';

/**
 * The console's one client of the API, typed by the shared endpoint table the way the storefront's
 * is (apps/web/app/shared/api-client.ts): `api('staffOrder', { params })` sends what the schema
 * takes and answers what its response schema gives. Only types come from the schemas, so the
 * bundle ships no zod for them. Same-origin cookies carry the staff session (`staff_sid`).
 */
type TSchemas<N extends TEndpointName> = TEndpointSchemas[N];
export type TBody<N extends TEndpointName> =
  TSchemas<N> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type TAnswer<N extends TEndpointName> =
  TSchemas<N> extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;
type TQuery<N extends TEndpointName> =
  TSchemas<N> extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

export type TCallOptions<N extends TEndpointName> = (keyof TPathParams<N> extends never
  ? { params?: undefined }
  : { params: TPathParams<N> }) &
  ([TBody<N>] extends [never] ? { body?: undefined } : { body: TBody<N> }) &
  ([TQuery<N>] extends [never] ? { query?: undefined } : { query?: TQuery<N> }) & {
    headers?: Record<string, string>;
  };

export type TResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; code: string; message: string };

const buildPath = apiPath as (name: TEndpointName, params?: unknown, query?: unknown) => string;

/** Told when the staff session is gone (401): the app goes back to the login screen. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

export function url<N extends TEndpointName>(
  name: N,
  params?: TPathParams<N>,
  query?: Record<string, string>,
) {
  return buildPath(name, params, query);
}

export async function api<N extends TEndpointName>(
  name: N,
  options: TCallOptions<N> = {} as TCallOptions<N>,
): Promise<TResult<TAnswer<N>>> {
  const { method } = ENDPOINTS[name];
  const read = method === 'GET';
  const response = await fetch(buildPath(name, options.params, options.query), {
    method,
    headers: read ? options.headers : { 'content-type': 'application/json', ...options.headers },
    body: read ? undefined : JSON.stringify(options.body ?? {}),
  }).catch(() => null);
  const body = response && ((await response.json().catch(() => null)) as Record<string, unknown> | null);
  const status = response?.status ?? 0;
  if (response?.ok) return { ok: true, status, body: body as TAnswer<N> };
  const error = typeof body?.Message === 'string' ? (body as TApiError) : null;
  const code = error?.code ?? (response ? 'server' : 'network');
  if (status === 401 && code !== 'staff_login_failed') onSignedOut();
  return { ok: false, status, code: String(code), message: error?.Message ?? '' };
}

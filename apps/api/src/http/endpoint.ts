import { ENDPOINTS, type TEndpointName } from '@ingressos/contracts/endpoints';

/**
 * Where a route is mounted, from the endpoint table (packages/contracts endpoints.ts, which the
 * typed web client is built from): its method and path, written once. `mountedAt` is the prefix
 * the route file is mounted under in app.ts ('/api' for most), taken off the path.
 *
 *   .on(...endpoint('login', '/api'), async (c) => ...)
 */
export function endpoint<N extends TEndpointName, M extends string = ''>(
  name: N,
  mountedAt?: M,
): [method: (typeof ENDPOINTS)[N]['method'], path: TPathUnder<(typeof ENDPOINTS)[N]['path'], M>] {
  const { method, path } = ENDPOINTS[name];
  const prefix = mountedAt ?? '';
  if (prefix && !path.startsWith(`${prefix}/`))
    throw new Error(`The endpoint ${name} (${path}) is not under ${prefix}`);
  // The literal type keeps Hono's typed path parameters (c.req.param('id') is a string).
  return [method, path.slice(prefix.length) as TPathUnder<(typeof ENDPOINTS)[N]['path'], M>];
}

/** A path with the prefix it is mounted under taken off, as a literal type. */
type TPathUnder<P extends string, M extends string> = P extends `${M}${infer Rest}` ? Rest : never;

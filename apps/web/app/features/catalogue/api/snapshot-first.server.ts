import type { TRequestServices } from '~/server-context.ts';
import type { TApiResult as TCallResult } from '~/shared/api-client.ts';

export type TApiResult<T> = { ok: true; body: T; source: 'snapshot' | 'api' } | { ok: false; status: number };

/**
 * Spec §7: read the static snapshot first (with a cache-busting timestamp) and fall back to the API
 * on any answer but 200. Both are calls to this product's own HTTP surface, like the browser's.
 */
export async function snapshotFirst<T>(
  api: TRequestServices['api'],
  snapshot: string,
  fallback: () => Promise<TCallResult<T>>,
): Promise<TApiResult<T>> {
  const fromSnapshot = await api(`/assets/api/${snapshot}?t=${Date.now()}`);
  if (fromSnapshot.status === 200)
    return { ok: true, body: (await fromSnapshot.json()) as T, source: 'snapshot' };
  await fromSnapshot.body?.cancel();
  const fromApi = await fallback();
  return fromApi.status === 200 && fromApi.ok
    ? { ok: true, body: fromApi.body, source: 'api' }
    : { ok: false, status: fromApi.status };
}

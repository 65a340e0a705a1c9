import type { TRequestServices } from '~/server-context.ts';

export type TApiResult<T> = { ok: true; body: T; source: 'snapshot' | 'api' } | { ok: false; status: number };

/**
 * Spec §7: read the static snapshot first (with a cache-busting timestamp) and fall back to the API
 * on any answer but 200. Both are calls to this product's own HTTP surface, like the browser's.
 */
export async function snapshotFirst<T>(
  api: TRequestServices['api'],
  snapshot: string,
  fallback: () => Promise<Response>,
): Promise<TApiResult<T>> {
  const fromSnapshot = await api(`/assets/api/${snapshot}?t=${Date.now()}`);
  if (fromSnapshot.status === 200)
    return { ok: true, body: (await fromSnapshot.json()) as T, source: 'snapshot' };
  await fromSnapshot.body?.cancel();
  const fromApi = await fallback();
  if (fromApi.status !== 200) {
    await fromApi.body?.cancel();
    return { ok: false, status: fromApi.status };
  }
  return { ok: true, body: (await fromApi.json()) as T, source: 'api' };
}

export function postJson(api: TRequestServices['api'], path: string, body: unknown) {
  return api(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * The account calls the browser makes itself (pop-ups, e-mail availability, cities). The spec's
 * three failures differ: no connection, a server that answers nothing usable, or its Message.
 */
export type TBrowserAnswer<T> =
  | { ok: true; body: T }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'server'; status: number }
  | { ok: false; kind: 'http'; status: number; message: string; body: Record<string, unknown> };

export async function browserApi<T>(
  path: string,
  init?: { method?: string; body?: unknown },
): Promise<TBrowserAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init?.method ?? 'GET',
      credentials: 'same-origin',
      headers: init?.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, kind: 'network' };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, body: body as T };
  if (body && typeof body.Message === 'string') {
    return { ok: false, kind: 'http', status: response.status, message: body.Message, body };
  }
  return { ok: false, kind: 'server', status: response.status };
}

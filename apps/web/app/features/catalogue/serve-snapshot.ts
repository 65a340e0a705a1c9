import { vi } from 'vitest';

/** For unit tests: `fetch` answers `body` with `status`; answers the URLs asked, in order. */
export function serveSnapshot(body: unknown, status = 200) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

/*
 * Issue 35: the gate app's service worker (scope /console/portaria). It keeps the app shell so the
 * gate opens and reloads without a network: the page network-first (a new build is picked up when
 * online) with the cached copy offline, the console's hashed assets cache-first (their names change
 * with their content). The API is never cached: the app keeps its data in IndexedDB.
 */
const CACHE = 'bilheto-gate-v1';
const PAGE = '/console/portaria';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const response = await fetch(PAGE, { cache: 'no-store' });
      const html = await response.clone().text();
      await cache.put(PAGE, response);
      const assets = [...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]);
      await cache.addAll(assets);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page tells what it loaded before this worker controlled it (lazy chunks, the scanner's wasm). */
self.addEventListener('message', (event) => {
  const urls = event.data?.cache || [];
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      for (const url of urls)
        if (url.startsWith('/console/assets/') && !(await cache.match(url)))
          await cache.add(url).catch(() => {});
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(PAGE)) {
    event.respondWith(
      (async () => {
        try {
          const fresh = await fetch(request, { signal: AbortSignal.timeout(4000) });
          if (fresh.ok) await (await caches.open(CACHE)).put(PAGE, fresh.clone());
          return fresh;
        } catch {
          return (await caches.match(PAGE)) || Response.error();
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith('/console/assets/')) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const kept = await cache.match(url.pathname);
        if (kept) return kept;
        const fresh = await fetch(request);
        if (fresh.ok) await cache.put(url.pathname, fresh.clone());
        return fresh;
      })(),
    );
  }
});

/*
 * Issue 35: the holder's tickets without a network. Registered by My tickets only once a rotating
 * ticket is kept on the device (shared/offline-tickets.ts). It keeps one light page,
 * /meus-ingressos/offline (it reads the tickets from localStorage and computes the codes in the
 * browser), with the assets it needs. When a ticket page (My tickets, its old address, a ticket's
 * details) cannot be fetched, it redirects there, and answers that page from its cache. It never touches any
 * other request: every other page and call goes to the network as without it. Plain JavaScript: a
 * public file served as is (script-src 'self').
 */
const CACHE = 'bilheto-tickets-v1';
const PAGE = '/meus-ingressos/offline';
const TICKET_PAGES = /^\/(meus-ingressos(\/offline)?|home\/myshops|detalhes-do-ingresso\/[^/]+)\/?$/i;

/** Fetches the offline page and every /assets/ file its HTML names, into the cache. */
async function keepPage() {
  const cache = await caches.open(CACHE);
  const answer = await fetch(PAGE, { credentials: 'same-origin', cache: 'no-store' });
  if (!answer.ok) return;
  const html = await answer.clone().text();
  await cache.put(PAGE, answer);
  const assets = [...new Set(html.match(/\/assets\/[\w.@/-]+\.(?:js|css|json|svg|woff2)/g) ?? [])];
  await keepAssets(assets);
}

async function keepAssets(urls) {
  const cache = await caches.open(CACHE);
  const wanted = urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
  await Promise.all(
    wanted.map(async (url) => {
      if (await cache.match(url)) return;
      const answer = await fetch(url).catch(() => null);
      if (answer?.ok) await cache.put(url, answer);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    keepPage()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('bilheto-tickets-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'cache-assets' && Array.isArray(event.data.urls)) {
    // The page refreshes the offline page too: its assets change with each release.
    event.waitUntil(Promise.all([keepAssets(event.data.urls), keepPage()]).catch(() => undefined));
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && TICKET_PAGES.test(url.pathname)) {
    // The offline page at its own address (its HTML hydrates only there): another ticket page
    // that cannot be fetched redirects to it.
    const offline = url.pathname === PAGE;
    event.respondWith(
      fetch(request).catch(async () =>
        offline ? ((await caches.match(PAGE)) ?? Response.error()) : Response.redirect(PAGE, 302),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed files never change: the cached copy when there is one, else the network.
    event.respondWith(caches.match(url.pathname).then((hit) => hit ?? fetch(request)));
  }
});

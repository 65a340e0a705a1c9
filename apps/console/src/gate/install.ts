/**
 * Issue 35: what makes the gate an installable app that opens offline: its manifest (only on this
 * screen: the rest of the console is no app), the phone's home-screen hints, and the service
 * worker (apps/console/public/gate-sw.js), told which assets this page already loaded.
 */
export function installGateApp(): void {
  const head = document.head;
  const add = (tag: string, attrs: Record<string, string>) => {
    if (head.querySelector(`${tag}[${Object.keys(attrs)[0]}="${Object.values(attrs)[0]}"]`)) return;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    head.append(element);
  };
  add('link', { rel: 'manifest', href: '/console/gate.webmanifest' });
  add('meta', { name: 'theme-color', content: '#111418' });
  add('link', { rel: 'apple-touch-icon', href: '/console/gate-icon-192.png' });
  add('meta', { name: 'apple-mobile-web-app-capable', content: 'yes' });
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register('/console/gate-sw.js', { scope: '/console/portaria' })
    .then(() => navigator.serviceWorker.ready)
    .then(() => cacheLoadedAssets())
    .catch(() => {});
}

/** Asks the worker to keep every console asset this page has loaded so far (call after lazy loads). */
export function cacheLoadedAssets(): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/console/assets/'));
  void navigator.serviceWorker?.ready.then((registration) =>
    registration.active?.postMessage({ cache: urls }),
  );
}

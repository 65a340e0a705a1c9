/**
 * Issue 18's light HTML: the bytes of the home page, the festival's event page (anonymous) and the
 * cart page of a buyer with a ticket in it, as sent (raw and gzip -9), and without the inline
 * executable scripts (the route data React Router streams, its manifest, the boot module; JSON-LD
 * stays). Deterministic for a
 * given build and demo catalogue: `node bench/page-bytes.ts` (builds when stale).
 */

import { gzipSync } from 'node:zlib';
import { startServer } from '../e2e/support/server.ts';
import { buyerWithCart } from './buyer-with-cart.ts';

const SLUG = 'festival-sons-do-cerrado';
const INLINE_SCRIPT = /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g;

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

const server = await startServer({ LOG_LEVEL: 'warn', CAPTCHA_PROVIDER: 'off' });
try {
  const { sid, cart } = await buyerWithCart(server.url, SLUG);

  const pages = [
    { name: 'home (anonymous)', path: '/', cookie: '' },
    { name: 'event (anonymous)', path: `/events/${SLUG}`, cookie: '' },
    { name: 'event (logged in)', path: `/events/${SLUG}`, cookie: `${sid}; ${cart}` },
    { name: 'cart (logged in)', path: '/carrinho', cookie: `${sid}; ${cart}` },
  ];
  const rows = [];
  for (const page of pages) {
    const response = await fetch(`${server.url}${page.path}`, {
      headers: { 'accept-language': 'pt-BR', ...(page.cookie ? { cookie: page.cookie } : {}) },
    });
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    const html = await response.text();
    const bare = html.replace(INLINE_SCRIPT, '');
    rows.push({
      page: page.name,
      bytes: Buffer.byteLength(html),
      gzip: gzip(html),
      'bytes without scripts': Buffer.byteLength(bare),
      'gzip without scripts': gzip(bare),
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}

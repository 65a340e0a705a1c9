import type { Context } from 'hono';
import { randomText } from '../db/tokens.ts';

/**
 * A fresh 128-bit CSP nonce (base64), cut from the pool of random bytes (db/tokens.ts) and never
 * reused. Issue 18: hono's own NONCE asks `crypto.getRandomValues` once per page, which was ~9 % of
 * the CPU of a page served from the page cache.
 */
export function newNonce(): string {
  return randomText(16, 'base64');
}

/** hono/secure-headers' NONCE, with the nonce from the pool: kept in `secureHeadersNonce` for the page. */
export function pooledNonce(c: Context): string {
  let nonce = c.get('secureHeadersNonce') as string | undefined;
  if (!nonce) {
    nonce = newNonce();
    c.set('secureHeadersNonce', nonce);
  }
  return `'nonce-${nonce}'`;
}

import { randomFillSync } from 'node:crypto';
import type { Context } from 'hono';

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * A fresh 128-bit CSP nonce (base64), cut from a pool of random bytes filled 256 nonces at a time
 * and never reused. Issue 18: hono's own NONCE asks `crypto.getRandomValues` once per page, which
 * was ~9 % of the CPU of a page served from the page cache.
 */
export function newNonce(): string {
  if (offset >= POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
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

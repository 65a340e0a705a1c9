import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a notice may be (its payment's last change). Older ones are refused (a replayed capture). */
export const YUNO_WEBHOOK_TOLERANCE_SECONDS = 600;

const PAYMENT_ID = /^[A-Za-z0-9-]{8,64}$/;

type TYunoPayment = { id?: unknown; updated_at?: unknown; created_at?: unknown };
type TYunoNoticeBody = {
  type?: unknown;
  /** Webhook v2: { type, type_event, account_id, retry, version, data: { payment } }. */
  data?: { payment?: TYunoPayment } | null;
  /** Webhook v1: the payment at the top level. */
  payment?: TYunoPayment;
};

export type TYunoNoticeCheck = {
  secret: string;
  /** The body exactly as sent: the HMAC covers its bytes. */
  rawBody: string;
  /** The x-hmac-signature header: base64 of HMAC-SHA256(secret, raw body). */
  signature: string | undefined;
  now?: number;
};

/** Signs a body as Yuno does (the local stand-in and tests). */
export function signYunoNotice(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/**
 * Yuno's webhook signature (docs.y.uno "Verify Webhook Signatures (HMAC)"): x-hmac-signature is
 * the base64 HMAC-SHA256 of the raw body with the webhook's secret, compared in constant time.
 * The scheme carries no timestamp, so staleness is judged by the notice's own date: the payment's
 * updated_at (its last change, what the notice reports), or created_at without one. A notice
 * older than the tolerance (or dated in the future beyond it) is refused however well signed;
 * the reconciler still asks Yuno about the payment, so a refused late notice loses nothing.
 * Valid: the payment id a payment notice is about, or null for other notices (acknowledged only).
 */
export function verifyYunoNotice(
  check: TYunoNoticeCheck,
): { valid: false } | { valid: true; ref: string | null } {
  const { secret, rawBody, signature } = check;
  if (!signature || signature.length > 128 || !/^[A-Za-z0-9+/]+=*$/.test(signature.trim()))
    return { valid: false };
  const given = Buffer.from(signature.trim(), 'base64');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false };
  let body: TYunoNoticeBody | null;
  try {
    body = JSON.parse(rawBody) as TYunoNoticeBody;
  } catch {
    return { valid: false };
  }
  if (!body || typeof body !== 'object') return { valid: false };
  const payment = body.data?.payment ?? body.payment;
  if (!payment) return { valid: true, ref: null };
  const dated = typeof payment.updated_at === 'string' ? payment.updated_at : payment.created_at;
  const at = typeof dated === 'string' ? Date.parse(dated) : Number.NaN;
  if (!Number.isFinite(at)) return { valid: false };
  const now = check.now ?? Date.now();
  if (Math.abs(now - at) > YUNO_WEBHOOK_TOLERANCE_SECONDS * 1000) return { valid: false };
  const isPayment = body.type === undefined || body.type === 'payment';
  const id = typeof payment.id === 'string' && PAYMENT_ID.test(payment.id) ? payment.id : null;
  return { valid: true, ref: isPayment ? id : null };
}

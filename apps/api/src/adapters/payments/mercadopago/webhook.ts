import { createHmac } from 'node:crypto';
import { WebhookSignatureValidator } from 'mercadopago';

/** How old a notification's ts may be. Older ones are refused (a replayed capture). */
export const WEBHOOK_TOLERANCE_SECONDS = 600;

export type TWebhookCheck = {
  secret: string;
  /** The `data.id` query parameter of the notification URL. */
  dataId: string | undefined;
  /** The x-request-id header. */
  requestId: string | undefined;
  /** The x-signature header: `ts=<unix time>,v1=<hex HMAC-SHA256>`. */
  signature: string | undefined;
  now?: number;
};

/** Mercado Pago signs data.id lower-cased when it is alphanumeric (its documentation says so). */
const signedId = (dataId: string) => (/^[A-Za-z0-9]+$/.test(dataId) ? dataId.toLowerCase() : dataId);

/**
 * Mercado Pago's webhook signature: v1 is the HMAC-SHA256, with the application's secret, of the
 * manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (data.id lower-cased when
 * alphanumeric, as Mercado Pago's documentation says). The HMAC is checked by the official SDK's
 * WebhookSignatureValidator (constant-time); around it we bound the inputs, require the id and
 * the request id a payment notice always has, and refuse a ts beyond the tolerance whatever its
 * signature. The SDK's own tolerance reads ts as seconds only; ts may come in seconds or
 * milliseconds, so the age is checked here.
 */
export function verifyMercadoPagoSignature(check: TWebhookCheck): boolean {
  const { secret, dataId, requestId, signature } = check;
  if (!dataId || !requestId || !signature) return false;
  if (dataId.length > 64 || requestId.length > 128 || signature.length > 256) return false;
  const parts = new Map<string, string>();
  for (const part of signature.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const seconds = ts.length > 11 ? Number(ts) / 1000 : Number(ts);
  const now = (check.now ?? Date.now()) / 1000;
  if (Math.abs(now - seconds) > WEBHOOK_TOLERANCE_SECONDS) return false;
  try {
    WebhookSignatureValidator.validate({
      xSignature: `ts=${ts},v1=${v1.toLowerCase()}`,
      xRequestId: requestId,
      dataId: signedId(dataId),
      secret,
    });
    return true;
  } catch {
    return false;
  }
}

/** Signs a notification as Mercado Pago does (the local stand-in and tests). */
export function signMercadoPagoNotification(secret: string, dataId: string, requestId: string, ts: string) {
  const v1 = createHmac('sha256', secret)
    .update(`id:${signedId(dataId)};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

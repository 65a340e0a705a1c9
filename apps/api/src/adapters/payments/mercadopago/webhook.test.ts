import { describe, expect, it } from 'vitest';
import {
  signMercadoPagoNotification,
  verifyMercadoPagoSignature,
  WEBHOOK_TOLERANCE_SECONDS,
} from './webhook.ts';

const secret = 'a-webhook-secret-of-the-app';
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ts = String(now / 1000);

describe('Mercado Pago webhook signature', () => {
  it('accepts the HMAC of id;request-id;ts with the secret', () => {
    const signature = signMercadoPagoNotification(secret, '123456', 'req-1', ts);
    expect(verifyMercadoPagoSignature({ secret, dataId: '123456', requestId: 'req-1', signature, now })).toBe(
      true,
    );
  });

  it('refuses another id, request id, secret or a tampered digest', () => {
    const signature = signMercadoPagoNotification(secret, '123456', 'req-1', ts);
    const base = { secret, dataId: '123456', requestId: 'req-1', signature, now };
    expect(verifyMercadoPagoSignature({ ...base, dataId: '123457' })).toBe(false);
    expect(verifyMercadoPagoSignature({ ...base, requestId: 'req-2' })).toBe(false);
    expect(verifyMercadoPagoSignature({ ...base, secret: 'another-secret-entirely' })).toBe(false);
    const last = signature.at(-1) === '0' ? '1' : '0';
    expect(verifyMercadoPagoSignature({ ...base, signature: `${signature.slice(0, -1)}${last}` })).toBe(
      false,
    );
    expect(verifyMercadoPagoSignature({ ...base, signature: 'ts=1,v1=zz' })).toBe(false);
    expect(verifyMercadoPagoSignature({ ...base, signature: undefined })).toBe(false);
  });

  it('refuses a ts beyond the tolerance, in seconds or milliseconds', () => {
    const old = String(now / 1000 - WEBHOOK_TOLERANCE_SECONDS - 1);
    const signature = signMercadoPagoNotification(secret, '9', 'r', old);
    expect(verifyMercadoPagoSignature({ secret, dataId: '9', requestId: 'r', signature, now })).toBe(false);
    const ms = signMercadoPagoNotification(secret, '9', 'r', String(now - 1000));
    expect(verifyMercadoPagoSignature({ secret, dataId: '9', requestId: 'r', signature: ms, now })).toBe(
      true,
    );
  });

  it('lower-cases an alphanumeric data.id, as Mercado Pago signs it', () => {
    const signature = signMercadoPagoNotification(secret, 'abc', 'r', ts);
    expect(verifyMercadoPagoSignature({ secret, dataId: 'ABC', requestId: 'r', signature, now })).toBe(true);
  });
});

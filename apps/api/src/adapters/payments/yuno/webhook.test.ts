import { describe, expect, it } from 'vitest';
import { signYunoNotice, verifyYunoNotice } from './webhook.ts';

const SECRET = 'yuno-webhook-secret-0123456789';
const PAYMENT = 'a546c566-1703-4fba-b334-c46e89bc97f7';
const NOW = Date.parse('2026-11-25T01:00:00Z');

const body = (updatedAt: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'payment',
    type_event: 'payment.purchase',
    account_id: '2c05976d-1234-1234-1234-6421883de48d',
    retry: 0,
    version: 2,
    data: {
      payment: {
        id: PAYMENT,
        status: 'SUCCEEDED',
        created_at: '2026-11-25T00:50:00Z',
        updated_at: updatedAt,
      },
    },
    ...extra,
  });
const check = (rawBody: string, signature: string | undefined, now = NOW) =>
  verifyYunoNotice({ secret: SECRET, rawBody, signature, now });

describe("Yuno's webhook signature (x-hmac-signature)", () => {
  it('accepts the base64 HMAC-SHA256 of the raw body and names the payment', () => {
    const raw = body('2026-11-25T00:59:30Z');
    expect(check(raw, signYunoNotice(SECRET, raw))).toEqual({ valid: true, ref: PAYMENT });
  });

  it('matches the documented computation (Node crypto, base64 digest)', async () => {
    const { createHmac } = await import('node:crypto');
    const raw = body('2026-11-25T00:59:30Z');
    const documented = createHmac('sha256', SECRET).update(raw).digest('base64');
    expect(signYunoNotice(SECRET, raw)).toBe(documented);
  });

  it('refuses a missing, malformed, wrong-secret or tampered signature', () => {
    const raw = body('2026-11-25T00:59:30Z');
    expect(check(raw, undefined)).toEqual({ valid: false });
    expect(check(raw, 'not base64!')).toEqual({ valid: false });
    expect(check(raw, signYunoNotice('another-secret-0123456789', raw))).toEqual({ valid: false });
    expect(check(raw.replace('SUCCEEDED', 'REFUNDED'), signYunoNotice(SECRET, raw))).toEqual({
      valid: false,
    });
    expect(check(raw, signYunoNotice(SECRET, raw).slice(0, 20))).toEqual({ valid: false });
  });

  it('refuses a notice whose payment changed more than ten minutes ago, or in the future', () => {
    const old = body('2026-11-25T00:49:00Z');
    expect(check(old, signYunoNotice(SECRET, old))).toEqual({ valid: false });
    const early = body('2026-11-25T01:11:00Z');
    expect(check(early, signYunoNotice(SECRET, early))).toEqual({ valid: false });
    const edge = body('2026-11-25T00:50:30Z');
    expect(check(edge, signYunoNotice(SECRET, edge))).toEqual({ valid: true, ref: PAYMENT });
  });

  it('refuses a signed payment notice without a date, and acknowledges other notices without a ref', () => {
    const undated = JSON.stringify({ type: 'payment', data: { payment: { id: PAYMENT } } });
    expect(check(undated, signYunoNotice(SECRET, undated))).toEqual({ valid: false });
    const enrollment = JSON.stringify({ type: 'enrollment', data: { payment_method: { id: 'x' } } });
    expect(check(enrollment, signYunoNotice(SECRET, enrollment))).toEqual({ valid: true, ref: null });
    const other = body('2026-11-25T00:59:30Z', { type: 'subscription' });
    expect(check(other, signYunoNotice(SECRET, other))).toEqual({ valid: true, ref: null });
  });
});

import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS, signStripeNotice, verifyStripeNotice } from './webhook.ts';

const secret = 'whsec_a-webhook-signing-secret-of-the-endpoint';
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const t = now / 1000;
const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id: 'evt_1', object: 'event', type, created: t, data: { object } });
const intent = event('payment_intent.succeeded', { id: 'pi_123abc', object: 'payment_intent' });

describe('Stripe webhook signature (Stripe-Signature, checked by the SDK)', () => {
  it('accepts the raw body signed with the secret and names the PaymentIntent', () => {
    expect(verifyStripeNotice(intent, signStripeNotice(intent, secret, t), secret, now)).toEqual({
      valid: true,
      ref: 'pi_123abc',
    });
  });

  it('refuses another secret, a changed body, a tampered digest or no header', () => {
    const header = signStripeNotice(intent, secret, t);
    expect(verifyStripeNotice(intent, signStripeNotice(intent, 'whsec_another', t), secret, now)).toEqual({
      valid: false,
    });
    expect(verifyStripeNotice(intent.replace('pi_123abc', 'pi_999'), header, secret, now)).toEqual({
      valid: false,
    });
    const last = header.at(-1) === '0' ? '1' : '0';
    expect(verifyStripeNotice(intent, `${header.slice(0, -1)}${last}`, secret, now)).toEqual({
      valid: false,
    });
    expect(verifyStripeNotice(intent, undefined, secret, now)).toEqual({ valid: false });
    expect(verifyStripeNotice(intent, 'garbage', secret, now)).toEqual({ valid: false });
  });

  it('refuses a timestamp beyond the tolerance, past or future', () => {
    const old = t - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 1;
    expect(verifyStripeNotice(intent, signStripeNotice(intent, secret, old), secret, now)).toEqual({
      valid: false,
    });
    const recent = t - STRIPE_WEBHOOK_TOLERANCE_SECONDS + 30;
    expect(verifyStripeNotice(intent, signStripeNotice(intent, secret, recent), secret, now).valid).toBe(
      true,
    );
    const future = t + STRIPE_WEBHOOK_TOLERANCE_SECONDS + 1;
    expect(verifyStripeNotice(intent, signStripeNotice(intent, secret, future), secret, now)).toEqual({
      valid: false,
    });
  });

  it('names the PaymentIntent of charge, refund and review events; null for anything else', () => {
    const check = (body: string) => verifyStripeNotice(body, signStripeNotice(body, secret, t), secret, now);
    expect(check(event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_7' }))).toEqual(
      {
        valid: true,
        ref: 'pi_7',
      },
    );
    expect(check(event('review.closed', { id: 'prv_1', object: 'review', payment_intent: 'pi_8' }))).toEqual({
      valid: true,
      ref: 'pi_8',
    });
    expect(check(event('customer.created', { id: 'cus_1', object: 'customer' }))).toEqual({
      valid: true,
      ref: null,
    });
  });
});

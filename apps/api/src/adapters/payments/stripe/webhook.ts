import Stripe from 'stripe';
import type { TNoticeCheck } from '../gateway.ts';

/** How old a notice's signed timestamp may be (Stripe's own default is 300 s; the project's rule is 10 minutes). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 600;

/** The PaymentIntent an event is about: its own id, or the one its charge, refund or review names. */
function paymentIntentOf(event: { type: string; data: { object: unknown } }): string | null {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  const named = (value: unknown) =>
    typeof value === 'string' && /^pi_\w{1,100}$/.test(value) ? value : null;
  if (event.type.startsWith('payment_intent.') && object.object === 'payment_intent') return named(object.id);
  if (/^(charge|review)\./.test(event.type) || event.type.startsWith('refund.'))
    return named(object.payment_intent);
  return null;
}

/**
 * Checks a Stripe webhook the way Stripe documents it (https://docs.stripe.com/webhooks#verify-events):
 * the `Stripe-Signature` header carries `t=<unix time>` and `v1=<HMAC-SHA256 of "t.rawBody" with
 * the endpoint's whsec_ secret>`, verified by the official SDK's constructEvent over the raw
 * bytes, with a tolerance on t (a replayed capture is refused however well signed). Valid: the
 * PaymentIntent the event names (payment_intent.*, charge.*, refund.*, review.*), else null.
 */
export function verifyStripeNotice(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: number = Date.now(),
): TNoticeCheck {
  if (!header || header.length > 1024) return { valid: false };
  // The SDK bounds only the age; a timestamp from the future is refused here as well.
  const t = /(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  if (!t || Number(t) - now / 1000 > STRIPE_WEBHOOK_TOLERANCE_SECONDS) return { valid: false };
  try {
    const event = Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now,
    );
    return { valid: true, ref: paymentIntentOf(event) };
  } catch {
    return { valid: false };
  }
}

/** Signs a notice as Stripe does (the local stand-in and tests), with the SDK's own test helper. */
export function signStripeNotice(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

import { startStripeStandIn, stripeEvent, stripeNotice } from '../../../testing/stripe-stand-in.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createStripeGateway } from './adapter.ts';

const keys = { secretKey: 'sk_test_standin_secret_key', publishableKey: 'pk_test_standin_publishable_key' };
const WEBHOOK_SECRET = 'whsec_standin_endpoint_signing_secret';
/** Stripe's documented test cards (https://docs.stripe.com/testing, https://docs.stripe.com/radar/testing). */
const CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  review: '4000000000009235',
} as const;

gatewayContract('stripe', { usd: true, webhooks: true }, async () => {
  const stand = await startStripeStandIn(keys);
  // Stripe's search is eventually consistent: here nothing is searchable for a minute, so every
  // lookup by our reference in these cases must hold with search alone lagging (the list fallback).
  stand.searchLagMs = 60_000;
  const gateway = createStripeGateway({
    ...keys,
    webhookSecret: WEBHOOK_SECRET,
    base: stand.url,
    timeoutMs: 2_000,
    interestBp: 299,
  });
  return {
    gateway,
    // What Stripe.js's Payment Element posts from its iframe: the card to /v1/payment_methods
    // with the publishable key; the browser hands us the PaymentMethod's id only.
    async cardToken(outcome) {
      const body = new URLSearchParams({
        type: 'card',
        'card[number]': CARDS[outcome],
        'card[exp_month]': '12',
        'card[exp_year]': '2030',
        'card[cvc]': '123',
        key: keys.publishableKey,
      });
      const response = await fetch(`${stand.url}/v1/payment_methods`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const method = (await response.json()) as { id: string };
      return { token: method.id };
    },
    settle: async (ref, to) => stand.settle(ref, to),
    // Past the client's timeout. (A dropped connection is retried once by the SDK itself with the
    // same idempotency key, which Stripe replays: stripe.int.test.ts; two drops are lost too.)
    loseNextAnswer: () => stand.fail('late', 1, 3_000),
    notice(ref, { signed, ageSeconds }) {
      const intent = stand.intents.get(ref);
      const type = intent?.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.processing';
      const { rawBody, signature } = stripeNotice(
        signed ? WEBHOOK_SECRET : 'whsec_someone_else',
        stripeEvent(type, intent ?? { id: ref, object: 'payment_intent' }),
        ageSeconds,
      );
      return {
        query: {},
        header: (name) => (name.toLowerCase() === 'stripe-signature' ? signature : undefined),
        rawBody,
        body: JSON.parse(rawBody),
      };
    },
    close: () => stand.close(),
  };
});

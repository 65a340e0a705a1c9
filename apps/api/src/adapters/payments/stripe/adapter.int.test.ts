import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseStripeForm,
  startStripeStandIn,
  type TStripeStandIn,
} from '../../../testing/stripe-stand-in.ts';
import { GatewayRefusedError, type TPaymentGateway } from '../gateway.ts';
import { createStripeGateway } from './adapter.ts';

const keys = { secretKey: 'sk_test_standin_secret_key', publishableKey: 'pk_test_standin_publishable_key' };

/** What the Stripe adapter sends and how it reads Stripe's answers, beyond the shared contract. */
describe('Stripe adapter against the stand-in', () => {
  let stand: TStripeStandIn;
  let gateway: TPaymentGateway;
  beforeAll(async () => {
    stand = await startStripeStandIn(keys);
    gateway = createStripeGateway({ ...keys, webhookSecret: 'whsec_x', base: stand.url, timeoutMs: 2_000 });
  });
  afterAll(() => stand.close());

  const paymentMethod = async (number = '4242424242424242') => {
    const response = await fetch(`${stand.url}/v1/payment_methods`, {
      method: 'POST',
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': '12',
        'card[exp_year]': '2030',
        'card[cvc]': '123',
        key: keys.publishableKey,
      }),
    });
    return ((await response.json()) as { id: string }).id;
  };
  const card = async (externalRef: string, currency = 'BRL') => ({
    externalRef,
    amountCents: 12_500,
    currency,
    installments: 1,
    token: await paymentMethod(),
    payerEmail: 'comprador@example.com',
    description: 'Bilheto: 2 ingressos',
  });
  const sent = (ref: string) =>
    stand.received.filter((r) => r.method === 'POST' && r.headers['idempotency-key'] === ref);

  it('creates and confirms one PaymentIntent with the PaymentMethod, our id as key and metadata, the secret key', async () => {
    const ref = randomUUID();
    const result = await gateway.chargeCard(await card(ref, 'USD'));
    expect(result).toMatchObject({ status: 'approved', brand: 'visa', last4: '4242', externalRef: ref });
    const [call] = sent(ref);
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.headers.authorization).toBe(`Bearer ${keys.secretKey}`);
    expect(parseStripeForm(call!.body)).toMatchObject({
      amount: '12500',
      currency: 'usd',
      confirm: 'true',
      allowed_payment_method_types: ['card'],
      metadata: { external_ref: ref },
      expand: ['latest_charge.review'],
    });
    expect(stand.intents.get(result.ref)).toMatchObject({ currency: 'usd', amount: 12_500 });
  });

  it('survives one dropped connection (the SDK replays it under the same key) without a second charge', async () => {
    const ref = randomUUID();
    stand.fail('drop_after');
    const result = await gateway.chargeCard(await card(ref));
    expect(result.status).toBe('approved');
    expect(sent(ref)).toHaveLength(2);
    expect([...stand.intents.values()].filter((pi) => pi.metadata.external_ref === ref)).toHaveLength(1);
  });

  it('takes two dropped connections, a 500 after the charge or a late answer as unknown, never as a refusal', async () => {
    for (const [fault, count] of [
      ['drop_after', 2],
      ['fail_after', 1],
      ['late', 1],
    ] as const) {
      const ref = randomUUID();
      stand.fail(fault, count, 3_000);
      const attempt = gateway.chargeCard(await card(ref));
      await expect(attempt).rejects.toThrow();
      await expect(attempt).rejects.not.toBeInstanceOf(GatewayRefusedError);
      expect(await gateway.findByExternalRef(ref)).toMatchObject({ status: 'approved', externalRef: ref });
    }
  });

  it('finds an older intent by search once Stripe has indexed it, beyond the newest listed', async () => {
    const ref = randomUUID();
    const first = await gateway.chargeCard(await card(ref));
    for (let i = 0; i < 101; i += 1)
      await gateway.createPix({
        externalRef: randomUUID(),
        amountCents: 1_000,
        currency: 'BRL',
        expiresAt: new Date(Date.now() + 3_600_000),
        payerEmail: 'a@example.com',
        description: 'x',
      });
    stand.searchLagMs = 0;
    expect(await gateway.findByExternalRef(ref)).toMatchObject({ ref: first.ref });
    const search = stand.received.findLast((r) => r.path.startsWith('/v1/payment_intents/search'));
    expect(new URL(search!.path, stand.url).searchParams.get('query')).toBe(
      `metadata['external_ref']:'${ref}'`,
    );
    stand.searchLagMs = 60_000;
    expect(await gateway.findByExternalRef(ref)).toBeNull();
  });

  it('makes a Pix with its expiry and answers the BR Code of next_action.pix_display_qr_code', async () => {
    const ref = randomUUID();
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const pix = await gateway.createPix({
      externalRef: ref,
      amountCents: 8_000,
      currency: 'BRL',
      expiresAt,
      payerEmail: 'a@example.com',
      description: 'x',
    });
    expect(pix).toMatchObject({ status: 'pending', statusDetail: 'pix_display_qr_code' });
    const intent = stand.intents.get(pix.ref)!;
    expect(pix.payload).toBe((intent.next_action!.pix_display_qr_code as { data: string }).data);
    expect(parseStripeForm(sent(ref)[0]!.body)).toMatchObject({
      currency: 'brl',
      allowed_payment_method_types: ['pix'],
      payment_method_data: { type: 'pix' },
      payment_method_options: { pix: { expires_at: String(Math.floor(expiresAt.getTime() / 1000)) } },
    });
    await expect(
      gateway.createPix({
        externalRef: randomUUID(),
        amountCents: 8_000,
        currency: 'USD',
        expiresAt,
        payerEmail: 'a@example.com',
        description: 'x',
      }),
    ).rejects.toBeInstanceOf(GatewayRefusedError);
  });

  it('refuses installments (Stripe documents none for Brazil) and a 5xx before charging is unknown', async () => {
    await expect(
      gateway.chargeCard({ ...(await card(randomUUID())), installments: 3 }),
    ).rejects.toBeInstanceOf(GatewayRefusedError);
    stand.fail('fail_before');
    const attempt = gateway.chargeCard(await card(randomUUID()));
    await expect(attempt).rejects.not.toBeInstanceOf(GatewayRefusedError);
  });
});

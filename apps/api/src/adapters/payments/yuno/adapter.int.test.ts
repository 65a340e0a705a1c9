import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { startYunoStandIn, type TYunoStandIn } from '../../../testing/yuno-stand-in.ts';
import type { TPaymentGateway } from '../gateway.ts';
import { createPaymentGateways } from '../index.ts';
import { createYunoGateway, yunoStatus } from './adapter.ts';

const CREDENTIALS = {
  publicApiKey: 'sandbox_standin_public',
  privateSecretKey: 'sandbox_standin_private',
  accountId: '2c05976d-0000-4000-8000-6421883de48d',
};
const payer = {
  payerEmail: 'comprador@example.com',
  payerCpf: '52998224725',
  description: 'Bilheto: 2 ingressos',
};

/** What the contract suite leaves to each adapter: the exact requests Yuno's API documents. */
describe('Yuno adapter: the requests it makes', () => {
  let stand: TYunoStandIn;
  let gateway: TPaymentGateway;
  beforeAll(async () => {
    stand = await startYunoStandIn(CREDENTIALS);
    gateway = createYunoGateway({ ...CREDENTIALS, webhookSecret: 'x'.repeat(32), base: stand.url });
  });
  afterAll(() => stand?.close());

  const token = async (amountCents: number, number = '4507990000000002') => {
    const { session } = await gateway.browser.session!.start({
      amountCents,
      currency: 'BRL',
      payerEmail: payer.payerEmail,
      externalRef: 'cart-1',
    });
    const response = await fetch(`${stand.url}/v1/checkout/sessions/${session}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'public-api-key': CREDENTIALS.publicApiKey },
      body: JSON.stringify({
        payment_method: {
          type: 'CARD',
          card: {
            number,
            expiration_month: 11,
            expiration_year: 28,
            security_code: '123',
            holder_name: 'Maria da Silva',
          },
        },
      }),
    });
    return { session, token: `${session}:${((await response.json()) as { token: string }).token}` };
  };

  it('charges with both keys, our payment id as merchant_order_id and idempotency key, reais as decimals', async () => {
    const externalRef = randomUUID();
    const { session, token: cardToken } = await token(12_550);
    const charge = await gateway.chargeCard({
      externalRef,
      amountCents: 12_550,
      currency: 'BRL',
      installments: 1,
      token: cardToken,
      ...payer,
    });
    expect(charge).toMatchObject({ status: 'approved', brand: 'visa', last4: '0002', externalRef });
    const sent = stand.received.findLast((r) => r.method === 'POST' && r.path === '/v1/payments')!;
    expect(sent.headers).toMatchObject({
      'public-api-key': CREDENTIALS.publicApiKey,
      'private-secret-key': CREDENTIALS.privateSecretKey,
      'x-idempotency-key': externalRef,
    });
    expect(JSON.parse(sent.body)).toMatchObject({
      account_id: CREDENTIALS.accountId,
      country: 'BR',
      merchant_order_id: externalRef,
      amount: { currency: 'BRL', value: 125.5 },
      checkout: { session },
      workflow: 'SDK_CHECKOUT',
      customer_payer: {
        email: payer.payerEmail,
        document: { document_type: 'CPF', document_number: payer.payerCpf },
      },
    });
    expect(stand.received.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('brings the session to the amount of a plan with interest before charging', async () => {
    const { session, token: cardToken } = await token(10_000);
    await gateway.chargeCard({
      externalRef: randomUUID(),
      amountCents: 10_897,
      currency: 'BRL',
      installments: 3,
      token: cardToken,
      ...payer,
    });
    expect(stand.sessions.get(session)?.valueCents).toBe(10_897);
    const sent = stand.received.findLast((r) => r.method === 'POST' && r.path === '/v1/payments')!;
    expect(JSON.parse(sent.body)).toMatchObject({
      amount: { value: 108.97 },
      payment_method: { detail: { card: { installments: 3 } } },
    });
  });

  it('makes a Pix whose payload is the BR Code, and a partial then full refund with explicit amounts', async () => {
    const pix = await gateway.createPix({
      externalRef: randomUUID(),
      amountCents: 8_000,
      currency: 'BRL',
      expiresAt: new Date(Date.now() + 1_800_000),
      ...payer,
    });
    expect(pix.payload).toMatch(/^000201/);
    const sent = stand.received.findLast((r) => r.method === 'POST' && r.path === '/v1/payments')!;
    expect(JSON.parse(sent.body)).toMatchObject({
      workflow: 'DIRECT',
      payment_method: { type: 'PIX' },
      amount: { value: 80 },
    });

    const { token: cardToken } = await token(5_000);
    const card = await gateway.chargeCard({
      externalRef: randomUUID(),
      amountCents: 5_000,
      currency: 'BRL',
      installments: 1,
      token: cardToken,
      ...payer,
    });
    await gateway.refund(card.ref, 1_000);
    await gateway.refund(card.ref, 1_000); // a second partial of the same amount is a new refund
    await gateway.refund(card.ref);
    await gateway.refund(card.ref, 500); // nothing left: no call
    const refunds = stand.received.filter((r) => r.path.endsWith('/refund'));
    expect(refunds.map((r) => JSON.parse(r.body).amount?.value)).toEqual([10, 10, 30]);
    expect(new Set(refunds.map((r) => r.headers['x-idempotency-key'])).size).toBe(3);
    expect(await gateway.getCharge(card.ref)).toMatchObject({ status: 'refunded', refundedCents: 5_000 });
  });

  it('maps Yuno statuses onto ours, a Pix waiting apart from a card in review', () => {
    const card = { payment_method: { type: 'CARD' } };
    const pix = { payment_method: { type: 'PIX' } };
    expect(yunoStatus({ status: 'SUCCEEDED', ...card })).toBe('approved');
    expect(yunoStatus({ status: 'PENDING', ...card })).toBe('in_process');
    expect(yunoStatus({ status: 'READY_TO_PAY', ...pix })).toBe('pending');
    expect(yunoStatus({ status: 'DECLINED', ...card })).toBe('rejected');
    expect(yunoStatus({ status: 'REJECTED', ...card })).toBe('rejected');
    expect(yunoStatus({ status: 'CANCELED', ...pix })).toBe('cancelled');
    expect(yunoStatus({ status: 'EXPIRED', ...pix })).toBe('expired');
    expect(yunoStatus({ status: 'REFUNDED', ...card })).toBe('refunded');
    expect(yunoStatus({ status: 'SOMETHING_NEW', ...card })).toBe('failed');
  });

  it('answers a 5xx as an unknown outcome, not a refusal', async () => {
    const { token: cardToken } = await token(5_000);
    stand.fail('fail_before');
    const attempt = gateway.chargeCard({
      externalRef: randomUUID(),
      amountCents: 5_000,
      currency: 'BRL',
      installments: 1,
      token: cardToken,
      ...payer,
    });
    await expect(attempt).rejects.toThrow(/500/);
    await expect(attempt).rejects.not.toHaveProperty('name', 'GatewayRefusedError');
  });
});

describe('Yuno in the gateway registry', () => {
  it('is configured beside the default when its four variables are set, and sells events of code 8', () => {
    const config = loadConfig({
      YUNO_PUBLIC_API_KEY: 'sandbox_public',
      YUNO_PRIVATE_SECRET_KEY: 'sandbox_private',
      YUNO_ACCOUNT_ID: CREDENTIALS.accountId,
      YUNO_WEBHOOK_SECRET: 'yuno-webhook-secret-0123456789',
    });
    // The sandbox's factory only keeps the database handle; nothing is queried here.
    const registry = createPaymentGateways(config, {} as never);
    expect(registry.default.kind).toBe('sandbox');
    expect(registry.forEvent(8)?.kind).toBe('yuno');
    expect(registry.byKind('yuno')?.webhook?.path).toBe('/api/webhooks/yuno');
    expect(registry.checkoutName(registry.byKind('yuno')!)).toBe('Yuno');
    expect(createPaymentGateways(loadConfig({}), {} as never).forEvent(8)).toBeNull();
  });
});

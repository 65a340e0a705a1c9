import { randomUUID } from 'node:crypto';
import { MPBadRequestError, MPConnectionError, MPServerError } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMercadoPagoStandIn, type TMpStandIn } from '../../../testing/mercadopago-stand-in.ts';
import { GatewayRefusedError, type TPaymentGateway } from '../gateway.ts';
import { createMercadoPagoGateway, httpStatusOf, MERCADOPAGO_SDK_BASE } from './adapter.ts';

const ACCESS_TOKEN = 'TEST-0000000000000000-000000-sdk-access-token';
const PUBLIC_KEY = 'TEST-sdk-public-key';
const TIMEOUT_MS = 800;

/**
 * What the contract suite does not see: the adapter speaks through the official SDK (its headers,
 * one attempt per call, our idempotency keys, the API root put back after each call) and sorts
 * the SDK's errors into refusals and unknown outcomes.
 */
describe('Mercado Pago adapter on the official SDK', () => {
  let mp: TMpStandIn;
  let gateway: TPaymentGateway;
  beforeAll(async () => {
    mp = await startMercadoPagoStandIn(ACCESS_TOKEN);
    gateway = createMercadoPagoGateway({
      accessToken: ACCESS_TOKEN,
      publicKey: PUBLIC_KEY,
      webhookSecret: 'sdk-webhook-secret-0123456789',
      base: mp.url,
      timeoutMs: TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await mp?.close();
  });

  const token = async (cardholder = 'APRO') => {
    const response = await fetch(`${mp.url}/v1/card_tokens?public_key=${PUBLIC_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '5031433215406351',
        security_code: '123',
        expiration_month: 11,
        expiration_year: 2030,
        cardholder: { name: cardholder },
      }),
    });
    return ((await response.json()) as { id: string }).id;
  };
  const charge = async (externalRef = randomUUID(), deviceId?: string) =>
    gateway.chargeCard({
      externalRef,
      amountCents: 10_000,
      currency: 'BRL',
      installments: 3,
      token: await token(),
      paymentMethodId: 'master',
      issuerId: '24',
      payerEmail: 'comprador@example.com',
      payerCpf: '52998224725',
      description: 'Bilheto: 1 ingresso',
      deviceId,
      fraudAnalysis: {
        customer: { name: 'Maria da Silva Souza', email: 'comprador@example.com' },
        cart: { items: [{ sku: 'lot-1', name: 'Pista', quantity: 1, unitCents: 10_000 }] },
      },
    });
  const posts = (path: string) => mp.received.filter((r) => r.method === 'POST' && r.path === path);

  it('charges through the SDK: its headers, our payment id as idempotency key, the root put back', async () => {
    const externalRef = randomUUID();
    const result = await charge(externalRef, 'device-session-1');
    expect(result).toMatchObject({ status: 'approved', brand: 'master', last4: '6351', refundedCents: 0 });
    const sent = posts('/v1/payments').at(-1)!;
    expect(sent.headers['user-agent']).toMatch(/^MercadoPago Node\.js SDK v3\.6\.1/);
    expect(sent.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent.headers['x-idempotency-key']).toBe(externalRef);
    expect(sent.headers['x-meli-session-id']).toBe('device-session-1');
    expect(JSON.parse(sent.body)).toMatchObject({
      transaction_amount: 100,
      installments: 3,
      issuer_id: 24,
      external_reference: externalRef,
      payer: { identification: { type: 'CPF', number: '52998224725' } },
      additional_info: {
        items: [{ id: 'lot-1', title: 'Pista', quantity: 1, unit_price: 100 }],
        payer: { first_name: 'Maria', last_name: 'da Silva Souza' },
      },
    });
    expect(AppConfig.BASE_URL).toBe(MERCADOPAGO_SDK_BASE);
    expect(MERCADOPAGO_SDK_BASE).toBe('https://api.mercadopago.com');
  });

  it('a later call carries no earlier idempotency key (one SDK configuration per call)', async () => {
    const { ref } = await charge();
    await gateway.refund(ref, 1_000);
    await gateway.refund(ref, 1_000);
    const refunds = posts(`/v1/payments/${ref}/refunds`);
    expect(refunds.map((r) => r.headers['x-idempotency-key'])).toEqual([
      `refund-${ref}-0-1000`,
      `refund-${ref}-1000-1000`,
    ]);
    expect(refunds.map((r) => JSON.parse(r.body))).toEqual([{ amount: 10 }, { amount: 10 }]);
    expect(await gateway.getCharge(ref)).toMatchObject({ status: 'approved', refundedCents: 2_000 });
    await gateway.refund(ref);
    expect(JSON.parse(posts(`/v1/payments/${ref}/refunds`).at(-1)!.body)).toEqual({ amount: 80 });
    expect(await gateway.getCharge(ref)).toMatchObject({ status: 'refunded', refundedCents: 10_000 });
  });

  it('a 5xx is an unknown outcome, asked once (no SDK retry that would charge behind our back)', async () => {
    const before = posts('/v1/payments').length;
    mp.fail('fail_before');
    const failed = charge();
    await expect(failed).rejects.toThrow(/500/);
    await expect(failed).rejects.not.toBeInstanceOf(GatewayRefusedError);
    expect(posts('/v1/payments').length).toBe(before + 1);
  });

  it('an answer later than the timeout is an unknown outcome, within the timeout', async () => {
    mp.fail('late', 1, TIMEOUT_MS + 1_000);
    const started = Date.now();
    const late = charge();
    await expect(late).rejects.not.toBeInstanceOf(GatewayRefusedError);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 700);
  });

  it('a 4xx is a refusal; an unknown payment reads as null', async () => {
    await expect(gateway.refund('123')).rejects.toBeInstanceOf(GatewayRefusedError);
    expect(await gateway.getCharge('123')).toBeNull();
    const pix = await gateway.createPix({
      externalRef: randomUUID(),
      amountCents: 5_000,
      currency: 'BRL',
      expiresAt: new Date(Date.now() + 60_000),
      payerEmail: 'comprador@example.com',
      description: 'Bilheto',
    });
    // A pending Pix cannot be refunded (400): refused, nothing moved.
    await expect(gateway.refund(pix.ref)).rejects.toBeInstanceOf(GatewayRefusedError);
  });

  it('reads the HTTP status off the SDK’s errors, and off an older SDK’s thrown body', () => {
    expect(httpStatusOf(new MPBadRequestError({ message: 'bad', status: 400 }))).toBe(400);
    expect(httpStatusOf(new MPServerError({ message: 'oops', status: 502 }))).toBe(502);
    expect(httpStatusOf(new MPConnectionError(new Error('aborted')))).toBeNull();
    expect(httpStatusOf({ message: 'invalid card token', status: 400, cause: [] })).toBe(400);
    expect(httpStatusOf({ message: 'no status here' })).toBeNull();
    expect(httpStatusOf(new TypeError('fetch failed'))).toBeNull();
  });
});

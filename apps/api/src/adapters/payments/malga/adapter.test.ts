import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatewayRefusedError, type TCardChargeInput } from '../gateway.ts';
import { createMalgaGateway } from './adapter.ts';

const webhookPublicKey = String(
  generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }),
);
const gateway = createMalgaGateway({
  clientId: 'client',
  apiKey: 'secret',
  publicKey: 'public',
  merchantId: 'merchant',
  webhookPublicKey,
  base: 'http://127.0.0.1:9',
});
const input: TCardChargeInput = {
  externalRef: 'payment-1',
  amountCents: 12_500,
  currency: 'BRL',
  installments: 1,
  token: 'token-1',
  payerEmail: 'comprador@example.com',
  payerCpf: '52998224725',
  description: 'Bilheto: 2 ingressos',
  fraudAnalysis: {
    customer: { name: 'Maria da Silva', email: 'comprador@example.com', cpf: '52998224725' },
    cart: { items: [{ sku: 'lot-1', name: 'Pista', quantity: 2, unitCents: 6_250 }] },
  },
};

describe('Malga card charge: the fraud analysis commerce §5 requires', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['without a fraud analysis', { ...input, fraudAnalysis: undefined }],
    ['with an empty cart', { ...input, fraudAnalysis: { ...input.fraudAnalysis!, cart: { items: [] } } }],
    [
      'without a customer identity',
      {
        ...input,
        payerCpf: undefined,
        fraudAnalysis: { ...input.fraudAnalysis!, customer: { name: 'Maria', email: 'm@example.com' } },
      },
    ],
    [
      'without the customer name',
      {
        ...input,
        fraudAnalysis: { ...input.fraudAnalysis!, customer: { ...input.fraudAnalysis!.customer, name: '' } },
      },
    ],
  ])('is refused %s, before Malga is called', async (_, charge) => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const attempt = gateway.chargeCard(charge);
    await expect(attempt).rejects.toBeInstanceOf(GatewayRefusedError);
    await expect(attempt).rejects.toThrow('fraud_analysis_required');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the customer (CPF identity) and the cart in cents with the token, keyed by our payment id', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      const body = String(url).endsWith('/v1/charges')
        ? {
            id: 'c1',
            status: 'authorized',
            orderId: 'payment-1',
            amount: 12_500,
            paymentSource: { cardId: 'k1' },
          }
        : { brand: 'Visa', last4digits: '4124' };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const { payerCpf: _, ...withoutPayerCpf } = input;
    const result = await gateway.chargeCard(withoutPayerCpf);
    expect(result).toMatchObject({ ref: 'c1', status: 'approved', brand: 'visa', last4: '4124' });
    const [charge] = calls;
    expect(charge!.url).toBe('http://127.0.0.1:9/v1/charges');
    expect(new Headers(charge!.init.headers).get('x-idempotency-key')).toBe('payment-1');
    expect(JSON.parse(String(charge!.init.body))).toMatchObject({
      merchantId: 'merchant',
      amount: 12_500,
      currency: 'BRL',
      orderId: 'payment-1',
      capture: true,
      paymentMethod: { paymentType: 'credit', installments: 1 },
      paymentSource: { sourceType: 'token', tokenId: 'token-1' },
      fraudAnalysis: {
        customer: { name: 'Maria da Silva', identityType: 'CPF', identity: '52998224725' },
        cart: { items: [{ name: 'Pista', quantity: 2, sku: 'lot-1', unitPrice: 6_250 }] },
      },
    });
  });
});

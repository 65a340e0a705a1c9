import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encryptCardLikeSdk,
  PAGBANK_TEST_CARDS,
  startPagBankStandIn,
  type TPagBankStandIn,
} from '../../../testing/pagbank-stand-in.ts';
import { GatewayRefusedError, type TPaymentGateway } from '../gateway.ts';
import { createPagBankGateway } from './adapter.ts';

/** What the contract suite does not reach: PagBank's own edges (statuses, faults, its required CPF). */
const TOKEN = 'standin-pagbank-account-token-0123456789';
const payer = {
  payerEmail: 'comprador@example.com',
  payerCpf: '52998224725',
  description: 'Bilheto: 1 ingresso',
};

describe('PagBank adapter against its stand-in', () => {
  let pb: TPagBankStandIn;
  let gateway: TPaymentGateway;
  const card = (outcome: keyof typeof PAGBANK_TEST_CARDS) =>
    encryptCardLikeSdk(pb.publicKey, PAGBANK_TEST_CARDS[outcome]);
  const charge = (outcome: keyof typeof PAGBANK_TEST_CARDS, externalRef = randomUUID()) =>
    gateway.chargeCard({
      externalRef,
      amountCents: 5_000,
      currency: 'BRL',
      installments: 3,
      token: card(outcome),
      ...payer,
    });
  beforeAll(async () => {
    pb = await startPagBankStandIn(TOKEN);
    gateway = createPagBankGateway({ token: TOKEN, publicKey: pb.publicKey, base: pb.url, timeoutMs: 1_000 });
  });
  afterAll(() => pb.close());

  it('sends the order as PagBank documents it: reference, customer CPF, encrypted card, idempotency key', async () => {
    const externalRef = randomUUID();
    const result = await charge('approve', externalRef);
    expect(result).toMatchObject({ status: 'approved', brand: 'visa', last4: '2097', externalRef });
    expect(result.ref).toMatch(/^ORDE_/);
    const post = pb.received.findLast((r) => r.path === '/orders')!;
    expect(post.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-idempotency-key': externalRef,
    });
    expect(JSON.parse(post.body)).toMatchObject({
      reference_id: externalRef,
      customer: { email: payer.payerEmail, tax_id: payer.payerCpf },
      charges: [
        {
          amount: { value: 5_000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 3,
            capture: true,
            card: { encrypted: expect.any(String) },
          },
        },
      ],
    });
  });

  it('refuses a buyer without a CPF before calling PagBank (customer.tax_id is required)', async () => {
    const before = pb.received.length;
    await expect(
      gateway.chargeCard({
        externalRef: randomUUID(),
        amountCents: 5_000,
        currency: 'BRL',
        installments: 1,
        token: card('approve'),
        payerEmail: 'visitor@example.com',
        description: 'x',
      }),
    ).rejects.toBeInstanceOf(GatewayRefusedError);
    expect(pb.received.length).toBe(before);
  });

  it('takes a 5xx or a dropped connection as an unknown outcome, never a refusal', async () => {
    for (const fault of ['fail_before', 'fail_after', 'drop_after'] as const) {
      pb.fail(fault);
      const failed = charge('approve');
      await expect(failed).rejects.toThrow();
      await expect(failed).rejects.not.toBeInstanceOf(GatewayRefusedError);
    }
  });

  it('cancels a card still in analysis at PagBank: cancelled, nothing refunded', async () => {
    const result = await charge('review');
    expect(result.status).toBe('in_process');
    expect(await gateway.cancel(result.ref)).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect(pb.received.findLast((r) => r.path.endsWith('/cancel'))?.path).toMatch(/^\/charges\/CHAR_/);
  });

  it('answers a Pix the bank paid meanwhile as approved when asked to cancel it, and its charge by id', async () => {
    const pix = await gateway.createPix({
      externalRef: randomUUID(),
      amountCents: 8_000,
      currency: 'BRL',
      expiresAt: new Date(Date.now() + 600_000),
      ...payer,
    });
    expect(pix.payload).toMatch(/^000201/);
    pb.settle(pix.ref, 'approved');
    expect(await gateway.cancel(pix.ref)).toMatchObject({ status: 'approved' });
    const chargeId = pb.orders.get(pix.ref)!.charges![0]!.id;
    expect(await gateway.getCharge(chargeId)).toMatchObject({ ref: chargeId, status: 'approved' });
    // A refund by the charge's id (a charge notice) gives part of it back.
    await gateway.refund(chargeId, 3_000);
    expect(await gateway.getCharge(pix.ref)).toMatchObject({ status: 'approved', refundedCents: 3_000 });
  });

  it('knows nothing of refs that are not PagBank ids', async () => {
    expect(await gateway.getCharge('../orders')).toBeNull();
    expect(await gateway.getCharge('ORDE_00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(await gateway.cancel('nope')).toBeNull();
  });

  it('learns the order of a reference from a verified notice (an order made by another process)', async () => {
    const other = createPagBankGateway({ token: TOKEN, publicKey: pb.publicKey, base: pb.url });
    const externalRef = randomUUID();
    const made = await other.chargeCard({
      externalRef,
      amountCents: 5_000,
      currency: 'BRL',
      installments: 1,
      token: card('approve'),
      ...payer,
    });
    expect(await gateway.findByExternalRef(externalRef)).toBeNull();
    const { body, headers } = pb.notice(made.ref);
    const check = await gateway.webhook!.verify({
      query: {},
      header: (name) => headers[name.toLowerCase()],
      rawBody: body,
      body: JSON.parse(body),
    });
    expect(check).toEqual({ valid: true, ref: made.ref });
    expect(await gateway.findByExternalRef(externalRef)).toMatchObject({ ref: made.ref, status: 'approved' });
  });
});

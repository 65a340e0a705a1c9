import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayRefusedError, type TCharge, type TGatewayNotice, type TPaymentGateway } from '../gateway.ts';

/** A test card's outcome at the gateway, as its documented test cards or test names produce it. */
export type TCardOutcome = 'approve' | 'decline' | 'review';

/**
 * What one gateway brings to the contract suite: the adapter under test, pointed at its local
 * stand-in (or, for the sandbox, at its own tables), and the stand-in's controls. The cases are
 * the same for every gateway (gatewayContract below); a runner only says how to do each thing.
 */
export type TContractRig = {
  gateway: TPaymentGateway;
  /**
   * What the gateway's browser card form would send us for a test card with this outcome: its
   * token (made at the stand-in's tokenization endpoint as the browser SDK does), and whatever
   * else the form reads off the card (Mercado Pago's payment_method_id and issuer_id).
   */
  cardToken(
    outcome: TCardOutcome,
    currency: string,
  ): Promise<{ token: string; paymentMethodId?: string; issuerId?: string }>;
  /** The provider moves a charge on its own: a review ends approved, a bank pays a Pix, a Pix lapses. */
  settle(ref: string, to: 'approved' | 'expired'): Promise<void>;
  /**
   * The next card charge is made at the provider but its answer never reaches us (a timeout, a
   * dropped connection): the adapter's call must fail without a refusal.
   */
  loseNextAnswer(): void;
  /**
   * A notification about a charge, as the provider would send it to our webhook. `signed: false`
   * carries a wrong signature; `ageSeconds` dates it that far back (a replayed capture). Null for a
   * gateway without webhooks (the sandbox settles by being asked).
   */
  notice?: (
    ref: string,
    options: { signed: boolean; ageSeconds?: number },
  ) => TGatewayNotice | Promise<TGatewayNotice>;
  close(): Promise<void>;
};

const payer = {
  payerEmail: 'comprador@example.com',
  payerCpf: '52998224725',
  description: 'Bilheto: 2 ingressos',
};

/** Fraud-analysis data (commerce §3), sent with every card charge here as the checkout sends it. */
const fraudAnalysis = {
  customer: { name: 'Maria da Silva', email: payer.payerEmail, cpf: payer.payerCpf, phone: '+5511987654321' },
  cart: { items: [{ sku: 'lot-1', name: 'Pista — Inteira', quantity: 2, unitCents: 6_250 }] },
};

/**
 * The gateway contract (issue 14): every adapter, the sandbox included, passes the same cases.
 * Each runner file calls this with its rig; a case a gateway cannot have (webhooks for the
 * sandbox, dollars for a reais-only account) is not generated for it, never skipped.
 */
export function gatewayContract(
  name: string,
  /** What the provider offers that decides which cases exist: dollars (the USD event), webhooks. */
  offers: { usd: boolean; webhooks: boolean },
  makeRig: () => Promise<TContractRig>,
) {
  describe(`gateway contract: ${name}`, () => {
    let rig: TContractRig;
    let gateway: TPaymentGateway;
    beforeAll(async () => {
      rig = await makeRig();
      gateway = rig.gateway;
    });
    afterAll(async () => {
      await rig?.close();
    });

    const charge = async (
      outcome: TCardOutcome,
      options: { amountCents?: number; currency?: string; externalRef?: string } = {},
    ) => {
      const currency = options.currency ?? 'BRL';
      const card = await rig.cardToken(outcome, currency);
      const externalRef = options.externalRef ?? randomUUID();
      const result = await gateway.chargeCard({
        externalRef,
        amountCents: options.amountCents ?? 12_500,
        currency,
        installments: 1,
        ...card,
        ...payer,
        fraudAnalysis,
      });
      return { externalRef, result };
    };
    const pix = async () => {
      const externalRef = randomUUID();
      const result = await gateway.createPix({
        externalRef,
        amountCents: 8_000,
        currency: 'BRL',
        expiresAt: new Date(Date.now() + 30 * 60_000),
        ...payer,
      });
      return { externalRef, result };
    };
    const status = async (ref: string) => (await gateway.getCharge(ref))?.status;

    it('declares what it takes: card currencies, Pix only in reais, an installment table', () => {
      expect(gateway.currencies.card).toContain('BRL');
      expect(gateway.currencies.pix.every((c) => c === 'BRL')).toBe(true);
      expect(gateway.capabilities.methods).toContain('credit_card');
      expect(gateway.maxInstallments).toBeGreaterThanOrEqual(1);
      expect(gateway.browser.cardForm.source).toContain('BilhetoCardForm');
      // Issue 15: a gateway declaring card challenges (3DS) completes them.
      expect(typeof gateway.completeChallenge).toBe(gateway.capabilities.threeDS ? 'function' : 'undefined');
    });

    it('approves a card: the charge, its brand and last four digits, found again by its id and by our reference', async () => {
      const { externalRef, result } = await charge('approve');
      expect(result).toMatchObject({ status: 'approved' });
      expect(result.ref).toMatch(/\S/);
      expect(result.last4).toMatch(/^\d{4}$/);
      expect(result.brand).toMatch(/\S/);
      expect(await status(result.ref)).toBe('approved');
      expect(await gateway.findByExternalRef(externalRef)).toMatchObject({
        ref: result.ref,
        status: 'approved',
      });
    });

    it('charges once per reference: a repeated call answers the same charge', async () => {
      const first = await charge('approve');
      const again = await charge('approve', { externalRef: first.externalRef });
      expect(again.result.ref).toBe(first.result.ref);
    });

    it('declines a card it refuses', async () => {
      const { result } = await charge('decline');
      expect(result.status).toBe('rejected');
      expect(await status(result.ref)).toBe('rejected');
    });

    it('holds a card in review, then approves it', async () => {
      const { result } = await charge('review');
      expect(result.status).toBe('in_process');
      await rig.settle(result.ref, 'approved');
      expect(await status(result.ref)).toBe('approved');
    });

    it('refuses a bad token outright (nothing charged, so no unknown outcome)', async () => {
      await expect(
        gateway.chargeCard({
          externalRef: randomUUID(),
          amountCents: 1_000,
          currency: 'BRL',
          installments: 1,
          token: 'not-a-token',
          ...payer,
          fraudAnalysis,
        }),
      ).rejects.toBeInstanceOf(GatewayRefusedError);
    });

    it('refuses a currency it does not take', async () => {
      expect(gateway.currencies.card.includes('USD')).toBe(offers.usd);
      const other = ['USD', 'EUR'].find((c) => !gateway.currencies.card.includes(c))!;
      await expect(charge('approve', { currency: other })).rejects.toBeInstanceOf(GatewayRefusedError);
    });

    if (offers.usd)
      it('charges a card in dollars (the USD event)', async () => {
        const { result } = await charge('approve', { currency: 'USD', amountCents: 4_900 });
        expect(result.status).toBe('approved');
      });

    it('makes a Pix that the bank pays', async () => {
      const { externalRef, result } = await pix();
      expect(result.status).toBe('pending');
      expect(result.payload).toMatch(/^000201/);
      await rig.settle(result.ref, 'approved');
      expect(await status(result.ref)).toBe('approved');
      expect(await gateway.findByExternalRef(externalRef)).toMatchObject({ status: 'approved' });
    });

    it('makes a Pix that lapses unpaid, and cancels a pending one', async () => {
      const lapsed = await pix();
      await rig.settle(lapsed.result.ref, 'expired');
      expect(['cancelled', 'expired']).toContain(await status(lapsed.result.ref));
      const open = await pix();
      const cancelled = await gateway.cancel(open.result.ref);
      expect(['cancelled', 'expired']).toContain(cancelled?.status);
    });

    it('refunds a charge in full, once', async () => {
      const { result } = await charge('approve');
      await gateway.refund(result.ref);
      await gateway.refund(result.ref);
      const after = await gateway.getCharge(result.ref);
      expect(after?.status).toBe('refunded');
      expect(after?.refundedCents ?? 12_500).toBe(12_500);
    });

    it('refunds part of a charge, and never beyond it', async () => {
      expect(gateway.capabilities.partialRefund).toBe(true);
      const { result } = await charge('approve');
      await gateway.refund(result.ref, 2_500);
      const part = await gateway.getCharge(result.ref);
      expect(part).toMatchObject({ status: 'approved', refundedCents: 2_500 });
      await gateway.refund(result.ref);
      expect(await gateway.getCharge(result.ref)).toMatchObject({
        status: 'refunded',
        refundedCents: 12_500,
      });
    });

    it('finds a charge whose answer was lost, by our reference, without charging twice', async () => {
      rig.loseNextAnswer();
      const externalRef = randomUUID();
      const lost = charge('approve', { externalRef });
      await expect(lost).rejects.toThrow();
      await expect(lost).rejects.not.toBeInstanceOf(GatewayRefusedError);
      const found = await gateway.findByExternalRef(externalRef);
      expect(found).toMatchObject({ status: 'approved', externalRef });
      const retried = await charge('approve', { externalRef });
      expect(retried.result.ref).toBe(found!.ref);
    });

    it('answers nothing for a reference it never charged', async () => {
      expect(await gateway.findByExternalRef(randomUUID())).toBeNull();
    });

    if (offers.webhooks) webhookCases(() => rig, charge);
    else
      it('has no webhook: it settles by being asked', () => {
        expect(gateway.webhook).toBeNull();
      });
  });
}

function webhookCases(
  rigOf: () => TContractRig,
  charge: (outcome: TCardOutcome) => Promise<{ result: TCharge }>,
) {
  const notice = (ref: string, options: { signed: boolean; ageSeconds?: number }) => {
    const make = rigOf().notice;
    if (!make) throw new Error('this gateway declares a webhook: its rig must make notices');
    return make(ref, options);
  };
  it('accepts a signed notice and names the charge it is about', async () => {
    const { gateway } = rigOf();
    const { result } = await charge('approve');
    expect(gateway.webhook?.path).toMatch(/^\/api\/webhooks\//);
    expect(await gateway.webhook!.verify(await notice(result.ref, { signed: true }))).toEqual({
      valid: true,
      ref: result.ref,
    });
  });
  it('refuses an unsigned or wrongly signed notice', async () => {
    const { gateway } = rigOf();
    const { result } = await charge('approve');
    expect(await gateway.webhook!.verify(await notice(result.ref, { signed: false }))).toEqual({
      valid: false,
    });
  });
  it('refuses a stale notice (a replayed capture), however well signed', async () => {
    const { gateway } = rigOf();
    const { result } = await charge('approve');
    expect(
      await gateway.webhook!.verify(await notice(result.ref, { signed: true, ageSeconds: 3_600 })),
    ).toEqual({ valid: false });
  });
  it('accepts the same notice twice (a duplicate) and a late one about a settled charge', async () => {
    const { gateway } = rigOf();
    const { result } = await charge('approve');
    const sent = await notice(result.ref, { signed: true });
    expect(await gateway.webhook!.verify(sent)).toEqual({ valid: true, ref: result.ref });
    expect(await gateway.webhook!.verify(sent)).toEqual({ valid: true, ref: result.ref });
    await gateway.refund(result.ref);
    const late = await notice(result.ref, { signed: true });
    expect(await gateway.webhook!.verify(late)).toEqual({ valid: true, ref: result.ref });
    expect((await gateway.getCharge(result.ref))?.status).toBe('refunded');
  });
}

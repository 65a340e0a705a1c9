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
  /**
   * A gateway paid only on its own page (no card or Pix of ours, as PicPay): the buyer pays the
   * page of this reference there ('approve'), or the provider holds it in its review ('review').
   */
  payHosted?: (preferenceId: string, outcome: 'approve' | 'review') => Promise<void>;
  close(): Promise<void>;
};

/** What the provider offers that decides which cases exist. */
export type TContractOffers = {
  /** Dollars (the USD event). */
  usd: boolean;
  webhooks: boolean;
  /** Card and Pix charges of ours (default true); false: paid only on its hosted page (rig.payHosted). */
  charges?: boolean;
  /** Refunds of part of a charge (default true); false: a partial refund is refused outright. */
  partialRefund?: boolean;
  /** Notices carry a date, so a replayed one is refused (default true); false: they only name the charge. */
  datedNotices?: boolean;
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
export function gatewayContract(name: string, offers: TContractOffers, makeRig: () => Promise<TContractRig>) {
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
    const charges = offers.charges ?? true;
    /** A page at the gateway for 125,00 (the hosted-only gateways' way to be paid). */
    const page = (externalRef = randomUUID(), currency = 'BRL') =>
      gateway.hostedCheckout!.create({
        externalRef,
        amountCents: 12_500,
        currency,
        items: [{ id: 'lot-1', title: 'Pista — Inteira', quantity: 1, unitCents: 12_500 }],
        payer: { email: payer.payerEmail, name: 'Maria da Silva', cpf: payer.payerCpf },
        backUrls: {
          success: 'https://bilheto.example/pedido/1',
          pending: 'https://bilheto.example/pedido/1',
          failure: 'https://bilheto.example/pedido/1',
        },
        expiresAt: new Date(Date.now() + 30 * 60_000),
        description: payer.description,
      });
    /** An approved charge of 125,00: a card, or the hosted page paid. */
    const paid = async (): Promise<{ externalRef: string; result: TCharge }> => {
      if (charges) return charge('approve');
      const externalRef = randomUUID();
      const made = await page(externalRef);
      await rig.payHosted!(made.preferenceId, 'approve');
      const result = await gateway.findByExternalRef(externalRef);
      if (!result) throw new Error('the paid page has no charge');
      return { externalRef, result };
    };

    if (!charges)
      it('reports what a paid page’s charge is for, from its own record: cents and currency (issue 31)', async () => {
        const { externalRef, result } = await paid();
        const forIt = { amountCents: 12_500, currency: 'BRL' };
        expect(result).toMatchObject({ status: 'approved', ...forIt });
        expect(await gateway.getCharge(result.ref)).toMatchObject(forIt);
        expect(await gateway.findByExternalRef(externalRef)).toMatchObject(forIt);
      });

    if (charges) {
      it('declares what it takes: card currencies, Pix only in reais, an installment table', () => {
        expect(gateway.currencies.card).toContain('BRL');
        expect(gateway.currencies.pix.every((c) => c === 'BRL')).toBe(true);
        expect(gateway.capabilities.methods).toContain('credit_card');
        expect(gateway.maxInstallments).toBeGreaterThanOrEqual(1);
        expect(gateway.browser.cardForm.source).toContain('BilhetoCardForm');
        // Issue 15: a gateway declaring card challenges (3DS) completes them.
        expect(typeof gateway.completeChallenge).toBe(
          gateway.capabilities.threeDS ? 'function' : 'undefined',
        );
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

      it('reports what each charge is for, from its own record: cents and currency (issue 31)', async () => {
        const { externalRef, result } = await charge('approve', { amountCents: 12_345 });
        const forIt = { amountCents: 12_345, currency: 'BRL' };
        expect(result).toMatchObject(forIt);
        expect(await gateway.getCharge(result.ref)).toMatchObject(forIt);
        expect(await gateway.findByExternalRef(externalRef)).toMatchObject(forIt);
        // A partial refund gives money back; the charge was still for what it was for.
        await gateway.refund(result.ref, 345);
        expect(await gateway.getCharge(result.ref)).toMatchObject(forIt);
        const paid = await pix();
        expect(paid.result).toMatchObject({ amountCents: 8_000, currency: 'BRL' });
        await rig.settle(paid.result.ref, 'approved');
        expect(await gateway.findByExternalRef(paid.externalRef)).toMatchObject({
          status: 'approved',
          amountCents: 8_000,
          currency: 'BRL',
        });
        if (offers.usd)
          expect((await charge('approve', { currency: 'USD', amountCents: 4_900 })).result).toMatchObject({
            amountCents: 4_900,
            currency: 'USD',
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
    } else {
      it('is paid on its own page only: it takes no card or Pix of ours, and says so', async () => {
        expect(gateway.currencies.card).toContain('BRL');
        expect(gateway.capabilities.methods).toEqual([]);
        expect(gateway.capabilities.hostedCheckout).toBe(true);
        expect(gateway.hostedCheckout).toBeDefined();
        await expect(charge('approve')).rejects.toBeInstanceOf(GatewayRefusedError);
        await expect(pix()).rejects.toBeInstanceOf(GatewayRefusedError);
      });

      it('makes a page the buyer pays: the charge found by our reference and by its id', async () => {
        const externalRef = randomUUID();
        const made = await page(externalRef);
        expect(made.url).toMatch(/^https?:\/\//);
        expect(await gateway.findByExternalRef(externalRef)).toMatchObject({
          status: 'pending',
          externalRef,
        });
        await rig.payHosted!(made.preferenceId, 'approve');
        const found = await gateway.findByExternalRef(externalRef);
        expect(found).toMatchObject({ status: 'approved', externalRef });
        expect(await status(found!.ref)).toBe('approved');
      });

      it('makes one page per reference: a second one under it is not a refusal (one exists)', async () => {
        const externalRef = randomUUID();
        await page(externalRef);
        const again = page(externalRef);
        await expect(again).rejects.toThrow();
        await expect(again).rejects.not.toBeInstanceOf(GatewayRefusedError);
      });

      it('holds a payment in review, then approves it', async () => {
        const externalRef = randomUUID();
        await rig.payHosted!((await page(externalRef)).preferenceId, 'review');
        const held = await gateway.findByExternalRef(externalRef);
        expect(held?.status).toBe('in_process');
        await rig.settle(held!.ref, 'approved');
        expect(await status(held!.ref)).toBe('approved');
      });

      it('refuses a currency it does not take', async () => {
        expect(gateway.currencies.card.includes('USD')).toBe(offers.usd);
        await expect(page(randomUUID(), 'USD')).rejects.toBeInstanceOf(GatewayRefusedError);
      });

      it('lets an unpaid page lapse, cancels a pending one, and leaves a paid one paid', async () => {
        const lapsed = randomUUID();
        await page(lapsed);
        await rig.settle(lapsed, 'expired');
        expect(['cancelled', 'expired']).toContain((await gateway.findByExternalRef(lapsed))?.status);
        const open = randomUUID();
        await page(open);
        const cancelled = await gateway.cancel((await gateway.findByExternalRef(open))!.ref);
        expect(['cancelled', 'expired']).toContain(cancelled?.status);
        const { externalRef, result } = await paid();
        await gateway.hostedCheckout!.cancel(externalRef);
        expect(await status(result.ref)).toBe('approved');
      });

      it('finds a page whose answer was lost, by our reference, without making two', async () => {
        rig.loseNextAnswer();
        const externalRef = randomUUID();
        const lost = page(externalRef);
        await expect(lost).rejects.toThrow();
        await expect(lost).rejects.not.toBeInstanceOf(GatewayRefusedError);
        expect(await gateway.findByExternalRef(externalRef)).toMatchObject({
          status: 'pending',
          externalRef,
        });
        await expect(page(externalRef)).rejects.not.toBeInstanceOf(GatewayRefusedError);
      });
    }

    it('refunds a charge in full, once', async () => {
      const { result } = await paid();
      await gateway.refund(result.ref);
      await gateway.refund(result.ref);
      const after = await gateway.getCharge(result.ref);
      expect(after?.status).toBe('refunded');
      expect(after?.refundedCents ?? 12_500).toBe(12_500);
    });

    if (offers.partialRefund ?? true)
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
    else
      it('refuses a partial refund outright, giving nothing back', async () => {
        expect(gateway.capabilities.partialRefund).toBe(false);
        const { result } = await paid();
        await expect(gateway.refund(result.ref, 2_500)).rejects.toBeInstanceOf(GatewayRefusedError);
        expect(await status(result.ref)).toBe('approved');
      });

    if (charges)
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

    if (offers.webhooks) webhookCases(() => rig, paid, offers.datedNotices ?? true);
    else
      it('has no webhook: it settles by being asked', () => {
        expect(gateway.webhook).toBeNull();
      });
  });
}

function webhookCases(rigOf: () => TContractRig, paid: () => Promise<{ result: TCharge }>, dated: boolean) {
  const notice = (ref: string, options: { signed: boolean; ageSeconds?: number }) => {
    const make = rigOf().notice;
    if (!make) throw new Error('this gateway declares a webhook: its rig must make notices');
    return make(ref, options);
  };
  it('accepts a signed notice and names the charge it is about', async () => {
    const { gateway } = rigOf();
    const { result } = await paid();
    expect(gateway.webhook?.path).toMatch(/^\/api\/webhooks\//);
    expect(await gateway.webhook!.verify(await notice(result.ref, { signed: true }))).toEqual({
      valid: true,
      ref: result.ref,
    });
  });
  it('refuses an unsigned or wrongly signed notice', async () => {
    const { gateway } = rigOf();
    const { result } = await paid();
    expect(await gateway.webhook!.verify(await notice(result.ref, { signed: false }))).toEqual({
      valid: false,
    });
  });
  if (dated)
    it('refuses a stale notice (a replayed capture), however well signed', async () => {
      const { gateway } = rigOf();
      const { result } = await paid();
      expect(
        await gateway.webhook!.verify(await notice(result.ref, { signed: true, ageSeconds: 3_600 })),
      ).toEqual({ valid: false });
    });
  else
    it('takes nothing from a notice but the name of the charge: a replayed one only makes us ask', async () => {
      const { gateway } = rigOf();
      const { result } = await paid();
      const sent = await notice(result.ref, { signed: true });
      await gateway.refund(result.ref);
      // The old notice still names the charge; asking tells what it is now.
      expect(await gateway.webhook!.verify(sent)).toEqual({ valid: true, ref: result.ref });
      expect((await gateway.getCharge(result.ref))?.status).toBe('refunded');
    });
  it('accepts the same notice twice (a duplicate) and a late one about a settled charge', async () => {
    const { gateway } = rigOf();
    const { result } = await paid();
    const sent = await notice(result.ref, { signed: true });
    expect(await gateway.webhook!.verify(sent)).toEqual({ valid: true, ref: result.ref });
    expect(await gateway.webhook!.verify(sent)).toEqual({ valid: true, ref: result.ref });
    await gateway.refund(result.ref);
    const late = await notice(result.ref, { signed: true });
    expect(await gateway.webhook!.verify(late)).toEqual({ valid: true, ref: result.ref });
    expect((await gateway.getCharge(result.ref))?.status).toBe('refunded');
  });
}

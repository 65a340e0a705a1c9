import type { TOrderAnswer, TPendingMultipleTransaction } from '@ingressos/contracts';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import type { TSandboxGateway } from '../../adapters/payments/sandbox/adapter.ts';
import { eq } from '../../db/orm.ts';
import {
  orders,
  paymentParts,
  payments,
  sandboxCharges,
  ticketLots,
  tickets,
} from '../../db/schema/index.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer, sandboxToken } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const { AGUARDANDO_PAGAMENTO, PAGO, CANCELADO } = ORDER_STATUS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ways to pay: multi-payment. One order split across several cards (commerce §3 "Pending
 * multi-payment", §7 PendingMultipleTransaction and reimburseMultiplePayments), on the sandbox.
 */
describe.each(testDatabases())('multi-payment on %s', (kind) => {
  let t: TTestApp;
  let gateway: TSandboxGateway;
  let real: Pick<TPaymentGateway, 'chargeCard' | 'refund'>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', PAYMENT_RECONCILE_GRACE_SECONDS: '1' });
    gateway = t.app.checkout.gateways.default as TSandboxGateway;
    real = { chargeCard: gateway.chargeCard, refund: gateway.refund };
  });
  afterEach(() => Object.assign(gateway, real));
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const card = (outcome: 'apro' | 'rej' | 'pend', installments = 1) => ({
    token: sandboxToken(outcome),
    installments,
  });
  /** A buyer with `quantity` units in the cart; answers the buyer, the lot and the cart's total. */
  const buying = async (quantity = 2) => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    const added = await b.add(f.lotId, quantity);
    expect(added.status).toBe(200);
    return { f, b, total: added.body.cart!.totals.total, cart: added.body.cart! };
  };
  const firstCard = (values: number[], c = card('apro')) => ({
    paymentType: 'credit_card',
    isMultiplePayment: true,
    multiplePaymentValue: values[0],
    multiplePaymentValues: values,
    card: c,
  });
  const nextCard = (uid: string, value: number, c = card('apro')) => ({
    paymentType: 'credit_card',
    isMultiplePayment: true,
    multiplePaymentUid: uid,
    multiplePaymentValue: value,
    card: c,
  });
  const halves = (total: number) => {
    const first = Math.round((total / 2) * 100) / 100;
    return [first, Math.round((total - first) * 100) / 100];
  };
  const order = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const partsOf = (orderId: string) =>
    t.database.db.select().from(paymentParts).where(eq(paymentParts.orderId, orderId));
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;
  const ticketsOf = (orderId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
  const chargeOf = async (ref: string) =>
    (await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref)))[0]!;
  const pending = async (cookie: string) => {
    const response = await t.request('/api/PendingMultipleTransaction', { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as TPendingMultipleTransaction;
  };
  const giveUp = (cookie: string, uid: string) =>
    t.request(`/api/reimburseService/reimburseMultiplePayments/${uid}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });

  it('the cart offers the split where the gateway declares multiCard (the sandbox)', async () => {
    const { cart } = await buying(1);
    expect(cart.multiplePaymentMethod).toBe(true);
  });

  it('a split across two cards, each its own charge and installments, pays the order only when both are approved', async () => {
    const { f, b, total } = await buying(2);
    const [a, c] = halves(total);
    const first = await b.pay('split-ok-1', firstCard([a!, c!], card('apro', 2)));
    expect(first.status).toBe(200);
    expect(first.body.orderStatus).toBe(AGUARDANDO_PAGAMENTO);
    expect(first.body.multiplePayment).toMatchObject({
      multiplePaymentUID: first.body.orderId,
      total,
      remaining: c,
      nextPosition: 1,
    });
    expect(first.body.multiplePayment!.payments[0]).toMatchObject({
      status: 'approved',
      value: a,
      installments: 2,
      card: { brand: 'visa', last4: '1111', masked: '**** **** **** 1111' },
    });
    expect(await ticketsOf(first.body.orderId)).toHaveLength(0);

    // A repeat of the same request charges nothing more.
    const again = await b.pay('split-ok-1', firstCard([a!, c!], card('apro', 2)));
    expect(again.body.orderId).toBe(first.body.orderId);

    const second = await b.pay('split-ok-2', nextCard(first.body.orderId, c!));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ orderStatus: PAGO, transactionStatus: 'success' });
    expect(second.body.multiplePayment!.payments.map((p) => p.status)).toEqual(['approved', 'approved']);
    expect(await ticketsOf(first.body.orderId)).toHaveLength(2);
    expect(await lot(f.lotId)).toMatchObject({ sold: 2, held: 0 });
    // Each part is its own charge, made with its own row id as the external reference.
    const parts = await partsOf(first.body.orderId);
    expect(parts).toHaveLength(2);
    for (const part of parts) {
      const charge = await chargeOf(part.gatewayRef!);
      expect(charge).toMatchObject({
        externalRef: part.id,
        amountCents: part.amountCents,
        status: 'approved',
      });
    }
    // Two installments of a card plan with interest charge more than the share; 1x charges the share.
    expect(parts[0]!.installments).toBe(2);
    expect(parts[0]!.amountCents).toBeGreaterThanOrEqual(parts[0]!.valueCents);
    expect(parts[1]!.amountCents).toBe(parts[1]!.valueCents);
    expect((await pending(b.person.cookie)).result).toBeNull();

    // The receipt shows the split, each card with what it was charged, and totals that add up to it.
    const answer = await t.request(`/api/checkout/orders/${first.body.orderId}`, {
      headers: { cookie: b.person.cookie },
    });
    const receipt = ((await answer.json()) as TOrderAnswer).receipt;
    const charged = parts.reduce((sum, part) => sum + part.amountCents, 0) / 100;
    expect(receipt.payment).toMatchObject({ method: 'multiple', cardBrand: null, cardLast4: null });
    expect(receipt.payment.cards).toEqual([
      {
        brand: 'visa',
        last4: '1111',
        amount: parts[0]!.amountCents / 100,
        installments: 2,
        installmentValue: Math.round(parts[0]!.amountCents / 2) / 100,
      },
      { brand: 'visa', last4: '1111', amount: c, installments: 1, installmentValue: c },
    ]);
    expect(receipt.total).toBeCloseTo(charged, 2);
    expect(receipt.interest).toBeCloseTo((parts[0]!.amountCents - parts[0]!.valueCents) / 100, 2);
    expect(receipt.total - receipt.interest).toBeCloseTo(total, 2);
  });

  it('the second card sent twice at once, with one key or two, is charged once and neither answer is a server error', async () => {
    for (const keys of [
      ['race-same-key', 'race-same-key'],
      ['race-key-a', 'race-key-b'],
    ]) {
      const { b, total } = await buying(2);
      const [a, c] = halves(total);
      const first = await b.pay(`${keys[0]}-1`, firstCard([a!, c!]));
      expect(first.status).toBe(200);
      const uid = first.body.orderId;
      const both = await Promise.all(keys.map((key) => b.pay(key, nextCard(uid, c!))));
      // The one that wins pays the order; the other answers that same order (its key's replay) or
      // that a payment is in progress: never a 500.
      for (const each of both) expect([200, 409], JSON.stringify(each.body)).toContain(each.status);
      expect(both.some((each) => each.status === 200 && each.body.orderStatus === PAGO)).toBe(true);
      expect((await order(uid)).status).toBe(PAGO);
      const charged = (await partsOf(uid)).filter((part) => part.position === 1 && part.gatewayRef);
      expect(charged).toHaveLength(1);
    }
  });

  it('a declined card keeps the approved one; the part is retried with another card and the order is paid', async () => {
    const { b, total } = await buying(2);
    const [a, c] = halves(total);
    const first = await b.pay('split-retry-1', firstCard([a!, c!]));
    const declined = await b.pay('split-retry-2', nextCard(first.body.orderId, c!, card('rej')));
    expect(declined.status).toBe(200);
    expect(declined.body.orderStatus).toBe(AGUARDANDO_PAGAMENTO);
    expect(declined.body.message).toBe(
      'O pagamento do cartão 2 não foi autorizado. Tente outro cartão para esta parte ou desista do pagamento dividido.',
    );
    expect(declined.body.multiplePayment).toMatchObject({ remaining: c, nextPosition: 1 });
    expect(declined.body.multiplePayment!.payments.map((p) => p.status)).toEqual(['approved', 'rejected']);

    // The wrong amount for the part is refused, nothing charged.
    const wrong = await b.pay('split-retry-3', nextCard(first.body.orderId, 5, card('apro')));
    expect(wrong.status).toBe(422);
    expect(wrong.body.Message).toMatch(/O valor deste cartão deve ser R\$/);

    const retried = await b.pay('split-retry-4', nextCard(first.body.orderId, c!, card('apro')));
    expect(retried.body.orderStatus).toBe(PAGO);
    expect(retried.body.multiplePayment!.payments[1]).toMatchObject({ status: 'approved', attempts: 2 });
    const parts = await partsOf(first.body.orderId);
    expect(parts.map((p) => [p.position, p.attempt, p.status])).toEqual(
      expect.arrayContaining([
        [0, 1, 'approved'],
        [1, 1, 'rejected'],
        [1, 2, 'approved'],
      ]),
    );
    expect(await ticketsOf(first.body.orderId)).toHaveLength(2);
  });

  it('an interrupted split is restored with masked cards; giving up refunds the approved card and puts the units back', async () => {
    const { f, b, total } = await buying(2);
    const [a, c] = halves(total);
    const first = await b.pay('split-giveup-1', firstCard([a!, c!], card('apro', 3)));
    expect(await lot(f.lotId)).toMatchObject({ held: 2 });

    const restored = (await pending(b.person.cookie)).result!;
    expect(restored).toMatchObject({
      multiplePaymentUID: first.body.orderId,
      event: { id: f.eventId },
      cart: { total, currency: 'BRL' },
      split: { remaining: c, nextPosition: 1 },
    });
    expect(restored.cart.lines[0]).toMatchObject({ quantity: 2 });
    expect(restored.split.payments[0]).toMatchObject({
      status: 'approved',
      installments: 3,
      card: { brand: 'visa', last4: '1111', masked: '**** **** **** 1111' },
    });
    expect(restored.split.payments[1]).toMatchObject({ status: 'awaiting', card: null });
    // Only the brand and last four digits, never a token or more digits.
    expect(JSON.stringify(restored)).not.toMatch(/sbx_|\d{13,}/);

    // Someone else cannot see nor give up this split.
    const other = await checkoutBuyer(t);
    expect((await pending(other.person.cookie)).result).toBeNull();
    const stolen = await giveUp(other.person.cookie, first.body.orderId);
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).Message).toBe('Pedido não encontrado.');
    const stolenCard = await other.pay('split-stolen', nextCard(first.body.orderId, c!));
    expect(stolenCard.status).toBe(404);
    expect((await order(first.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);

    const gaveUp = await giveUp(b.person.cookie, first.body.orderId);
    expect(gaveUp.status).toBe(200);
    const body = await gaveUp.json();
    expect(body).toMatchObject({
      orderStatus: CANCELADO,
      message: 'Pagamento dividido cancelado. Os valores aprovados foram estornados.',
    });
    expect(body.multiplePayment.payments.map((p: { status: string }) => p.status)).toEqual([
      'refunded',
      'awaiting',
    ]);
    const [part] = (await partsOf(first.body.orderId)).filter((p) => p.position === 0);
    expect((await chargeOf(part!.gatewayRef!)).status).toBe('refunded');
    expect(await lot(f.lotId)).toMatchObject({ held: 0, sold: 0 });
    expect(await ticketsOf(first.body.orderId)).toHaveLength(0);
    // Repeating it changes nothing; paying a card of the ended split is refused.
    expect((await giveUp(b.person.cookie, first.body.orderId)).status).toBe(200);
    const late = await b.pay('split-giveup-2', nextCard(first.body.orderId, c!));
    expect(late.status).toBe(409);
    expect(late.body.Message).toBe('Este pagamento dividido já foi encerrado.');
    expect((await pending(b.person.cookie)).result).toBeNull();
    expect((await giveUp(b.person.cookie, 'not-a-uuid')).status).toBe(404);
  });

  it('amounts not summing to the total, below the minimum or a single card are refused with a clear message, nothing made', async () => {
    const { f, b, total } = await buying(2);
    const short = await b.pay('split-bad-1', firstCard([total / 2, total / 2 - 1]));
    expect(short.status).toBe(422);
    expect(short.body.Message).toMatch(
      /^Os valores dos cartões devem somar exatamente o total da compra, R\$/,
    );
    const small = await b.pay('split-bad-2', firstCard([4.99, Math.round((total - 4.99) * 100) / 100]));
    expect(small.status).toBe(422);
    expect(small.body.Message).toBe('Cada cartão deve pagar pelo menos R$\u00a05,00.');
    const one = await b.pay('split-bad-3', firstCard([total]));
    expect(one.status).toBe(422);
    expect(one.body.Message).toBe('Divida o pagamento entre 2 e 5 cartões.');
    const mismatch = await b.pay('split-bad-4', { ...firstCard(halves(total)), multiplePaymentValue: 1 });
    expect(mismatch.status).toBe(422);
    expect((await t.database.db.select().from(orders).where(eq(orders.userId, b.person.userId))).length).toBe(
      0,
    );
    expect(await lot(f.lotId)).toMatchObject({ held: 2, sold: 0 });
  });

  it('a card whose answer is lost is settled by the reconciler by its reference, then the split completes', async () => {
    const { b, total } = await buying(1);
    const [a, c] = halves(total);
    gateway.chargeCard = async (input) => {
      await real.chargeCard(input);
      throw new Error('The operation was aborted due to timeout');
    };
    const first = await b.pay('split-lost-1', firstCard([a!, c!]));
    expect(first.status).toBe(200);
    expect(first.body.multiplePayment!.payments[0]).toMatchObject({ status: 'created' });
    expect(first.body.multiplePayment!.nextPosition).toBeNull();
    Object.assign(gateway, real);
    // The part being answered is not charged twice meanwhile.
    const early = await b.pay('split-lost-2', nextCard(first.body.orderId, a!));
    expect(early.status).toBe(409);

    await sleep(1_100);
    const pass = await reconcilePayments(t.app.checkout);
    expect(pass.splits.asked).toBeGreaterThanOrEqual(1);
    const [part] = await partsOf(first.body.orderId);
    expect(part).toMatchObject({ status: 'approved' });
    expect((await chargeOf(part!.gatewayRef!)).externalRef).toBe(part!.id);
    // The regular reconciler leaves the split alone: the order still waits for its second card.
    expect((await order(first.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);
    const second = await b.pay('split-lost-3', nextCard(first.body.orderId, c!));
    expect(second.body.orderStatus).toBe(PAGO);
  });

  it('a card the gateway never received reads failed after the grace period, and an approved card of an ended split is refunded', async () => {
    const { b, total } = await buying(1);
    const [a, c] = halves(total);
    gateway.chargeCard = async () => {
      throw new Error('gateway answered 502');
    };
    const first = await b.pay('split-never-1', firstCard([a!, c!]));
    Object.assign(gateway, real);
    await sleep(1_100);
    await reconcilePayments(t.app.checkout);
    expect((await partsOf(first.body.orderId))[0]).toMatchObject({
      status: 'failed',
      statusDetail: 'not_charged',
    });
    // The buyer tries the first part again; the second card's answer is lost and the buyer gives up.
    const retried = await b.pay('split-never-2', nextCard(first.body.orderId, a!));
    expect(retried.body.multiplePayment!.payments[0]).toMatchObject({ status: 'approved', attempts: 2 });
    gateway.chargeCard = async (input) => {
      await real.chargeCard(input);
      throw new Error('socket hang up');
    };
    await b.pay('split-never-3', nextCard(first.body.orderId, c!));
    Object.assign(gateway, real);
    expect((await giveUp(b.person.cookie, first.body.orderId)).status).toBe(200);
    // The lost card was approved at the gateway: the reconciler finds it and gives it back.
    await sleep(1_100);
    await reconcilePayments(t.app.checkout);
    const parts = await partsOf(first.body.orderId);
    expect(parts.filter((p) => p.status === 'approved')).toEqual([]);
    for (const part of parts.filter((p) => p.gatewayRef))
      expect((await chargeOf(part.gatewayRef!)).status).toBe('refunded');
    const [whole] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, first.body.orderId));
    expect(whole).toMatchObject({ status: 'cancelled', statusDetail: 'multiple_given_up' });
  });

  it('a split left past its window ends with its units back on sale, and its approved card is refunded', async () => {
    const { f, b, total } = await buying(2);
    const [a, c] = halves(total);
    const first = await b.pay('split-window-1', firstCard([a!, c!]));
    expect(first.body.multiplePayment!.payments[0]!.status).toBe('approved');
    // Within its window the reconciler leaves it waiting for the buyer's next card.
    await reconcilePayments(t.app.checkout);
    expect((await order(first.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, first.body.orderId));
    const pass = await reconcilePayments(t.app.checkout);
    expect(pass.splits).toMatchObject({ ended: 1, refunded: 1 });
    expect((await order(first.body.orderId)).status).toBe(CANCELADO);
    const [part] = await partsOf(first.body.orderId);
    expect(part).toMatchObject({ status: 'refunded' });
    expect((await chargeOf(part!.gatewayRef!)).status).toBe('refunded');
    expect(await lot(f.lotId)).toMatchObject({ held: 0, sold: 0 });
    // Nothing is refunded twice.
    expect((await reconcilePayments(t.app.checkout)).splits.refunded).toBe(0);
  });
});

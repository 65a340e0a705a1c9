import { cpfCheckDigits } from '@ingressos/domain/cpf';
import { formatMoney } from '@ingressos/domain/money';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import type { TSandboxGateway } from '../../adapters/payments/sandbox/adapter.ts';
import { desc, eq, sql } from '../../db/orm.ts';
import {
  events,
  eventTickets,
  mailOutbox,
  orders,
  payments,
  promoCodes,
  sandboxCharges,
  ticketLots,
  tickets,
} from '../../db/schema/index.ts';
import { syncByGatewayRef } from '../../modules/checkout/order/sync-payment.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const { AGUARDANDO_PAGAMENTO, PAGO, ESTORNADO, CANCELADO } = ORDER_STATUS;
const cpf = (nine: string) => `${nine}${cpfCheckDigits(nine)}`;
const GRACE_MS = 1_100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The money issue's "what was seen", each as the buyer met it. The sandbox gateway stands in for
 * the acquirer; faults are injected around its calls the way a network fails: the charge is made
 * and its answer lost, or the request never arrives.
 */
describe.each(testDatabases())('payment lifecycle on %s', (kind) => {
  let t: TTestApp;
  let gateway: TSandboxGateway;
  let real: Pick<TPaymentGateway, 'chargeCard' | 'createPix' | 'refund'>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PAYMENT_RECONCILE_GRACE_SECONDS: '1',
      PIX_EXPIRY_SECONDS: '1800',
    });
    gateway = t.app.checkout.gateways.default as TSandboxGateway;
    real = { chargeCard: gateway.chargeCard, createPix: gateway.createPix, refund: gateway.refund };
  });
  afterEach(() => Object.assign(gateway, real));
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** The gateway charges, then the answer never comes back (a timeout, a reset connection). */
  const loseAnswers = () => {
    gateway.chargeCard = async (input) => {
      await real.chargeCard(input);
      throw new Error('The operation was aborted due to timeout');
    };
    gateway.createPix = async (input) => {
      await real.createPix(input);
      throw new Error('socket hang up');
    };
  };
  /** The request never reaches the gateway (a 502 from its load balancer). */
  const failBeforeCharging = () => {
    gateway.chargeCard = async () => {
      throw new Error('mercadopago /v1/payments answered 502');
    };
  };
  const order = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const chargesOf = async (paymentId: string) =>
    t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.externalRef, paymentId));
  const ticketsOf = async (orderId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;
  const reconcileAfterGrace = async () => {
    await sleep(GRACE_MS);
    return reconcilePayments(t.app.checkout);
  };

  it('a card approved whose answer is lost is processing, never a failure; the reconciler issues its tickets; the buyer may buy again meanwhile', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 2);
    loseAnswers();
    const first = await b.pay('lost-answer-1', cardBody('apro'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ transactionStatus: 'processing', orderStatus: AGUARDANDO_PAGAMENTO });
    Object.assign(gateway, real);

    // The stuck order does not block the buyer: a new cart, a new payment.
    expect((await b.add(f.lotId, 1)).status).toBe(200);
    const second = await b.pay('lost-answer-2', cardBody('apro'));
    expect(second.body).toMatchObject({ orderStatus: PAGO });

    await reconcileAfterGrace();
    expect((await order(first.body.orderId)).status).toBe(PAGO);
    expect(await ticketsOf(first.body.orderId)).toHaveLength(2);
    const charges = await chargesOf(first.body.paymentId);
    expect(charges.map((c) => c.status)).toEqual(['approved']);
    expect((await paymentOf(first.body.orderId)).gatewayRef).toBe(charges[0]!.id);
    expect(await lot(f.lotId)).toMatchObject({ sold: 3, held: 0 });
    const polled = await b.poll(first.body.orderId);
    expect(polled.body).toMatchObject({ transactionStatus: 'success', orderStatus: PAGO });
  });

  it('a notice for a charge known only by our reference (its answer was lost) settles it at once', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    loseAnswers();
    const paid = await b.pay('lost-answer-webhook', cardBody('apro'));
    expect(paid.body.orderStatus).toBe(AGUARDANDO_PAGAMENTO);
    const [charge] = await chargesOf(paid.body.paymentId);
    expect(await syncByGatewayRef(t.app.checkout, gateway, charge!.id, 'pt-BR')).toBe(true);
    expect((await order(paid.body.orderId)).status).toBe(PAGO);
    expect(await syncByGatewayRef(t.app.checkout, gateway, 'sbx-not-ours', 'pt-BR')).toBe(false);
  });

  it('a charge the gateway never received ends its order after the grace period, with the units back on sale', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 2);
    failBeforeCharging();
    const paid = await b.pay('never-charged-1', cardBody('apro'));
    expect(paid.body).toMatchObject({ transactionStatus: 'processing', orderStatus: AGUARDANDO_PAGAMENTO });
    expect(await lot(f.lotId)).toMatchObject({ held: 2 });
    // Within the grace period the order is left alone (its answer may still be on its way).
    await reconcilePayments(t.app.checkout);
    expect((await order(paid.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);
    await reconcileAfterGrace();
    expect((await order(paid.body.orderId)).status).toBe(CANCELADO);
    expect(await paymentOf(paid.body.orderId)).toMatchObject({
      status: 'failed',
      statusDetail: 'not_charged',
    });
    expect(await lot(f.lotId)).toMatchObject({ sold: 0, held: 0 });
  });

  it('an order cut by a crash before its charge (no answer, nothing at the gateway) ends; one left with no payment row too', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    failBeforeCharging();
    const paid = await b.pay('crash-before-charge', cardBody('apro'));
    // An order an older version left without its payment row.
    const [legacy] = await t.database.db
      .insert(orders)
      .values({
        id: crypto.randomUUID(),
        userId: b.person.userId,
        cartId: 'legacy-cart-without-payment',
        eventId: f.eventId,
        idempotencyKey: 'legacy-1',
        requestHash: 'x',
        status: AGUARDANDO_PAGAMENTO,
        method: 'credit_card',
        totalCents: 100,
        lines: [],
        buyerDocument: '00000000000',
      })
      .returning();
    await reconcileAfterGrace();
    expect((await order(paid.body.orderId)).status).toBe(CANCELADO);
    expect((await order(legacy!.id)).status).toBe(CANCELADO);
  });

  it('a Pix whose creation had no answer is cancelled at the gateway (nobody saw its QR) and its order ends', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    loseAnswers();
    const pix = await b.pay('lost-pix-1', { paymentType: 'pix' });
    expect(pix.status).toBe(502);
    expect(pix.body.Message).toBe('Erro ao criar Pix');
    const [created] = await t.database.db
      .select()
      .from(orders)
      .where(sql`${orders.userId} = ${b.person.userId} and ${orders.idempotencyKey} = 'lost-pix-1'`);
    expect(created!.status).toBe(AGUARDANDO_PAGAMENTO);
    await reconcileAfterGrace();
    expect((await order(created!.id)).status).toBe(CANCELADO);
    const payment = await paymentOf(created!.id);
    expect((await chargesOf(payment.id)).map((c) => c.status)).toEqual(['cancelled']);
    expect(await lot(f.lotId)).toMatchObject({ held: 0 });
  });

  it('a USD event is charged in USD by card, and Pix (reais only) is refused with a clear message', async () => {
    const f = await createCartFixture(t.database.db);
    await t.database.db.update(events).set({ currency: 'USD' }).where(eq(events.id, f.eventId));
    const b = await checkoutBuyer(t);
    const cart = (await b.add(f.lotId, 1)).body.cart!;
    expect(cart.currency).toBe('USD');
    const pix = await b.pay('usd-pix-1', { paymentType: 'pix' });
    expect(pix.status).toBe(422);
    expect(pix.body.Message).toBe(
      'O Pix está disponível apenas para pagamentos em reais. Pague com cartão de crédito.',
    );
    const options = (await (
      await t.request(`/api/socialEvent/${f.eventId}/getInstallments?value=${cart.totals.total}`)
    ).json()) as { label: string }[];
    expect(options.map((o) => o.label)).toEqual([`1x ${formatMoney(cart.totals.total, 'USD')} sem juros`]);
    expect(options[0]!.label).toMatch(/^1x U\$/);
    const twoInstallments = await b.pay('usd-2x-01', cardBody('apro', 2));
    expect(twoInstallments.status).toBe(422);
    const paid = await b.pay('usd-card', cardBody('apro'));
    const cents = Math.round(cart.totals.total * 100);
    expect(paid.body).toMatchObject({ orderStatus: PAGO, currency: 'USD', total: cart.totals.total });
    const [charge] = await chargesOf(paid.body.paymentId);
    expect(charge).toMatchObject({ currency: 'USD', amountCents: cents });
    expect(await order(paid.body.orderId)).toMatchObject({ currency: 'USD', totalCents: cents });
  });

  it('installments with interest are charged exactly as offered: the option total, recorded on the order', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    const total = (await b.add(f.lotId, 1)).body.cart!.totals.total;
    const options = await t.request(`/api/socialEvent/${f.eventId}/getInstallments?value=${total}`);
    const offered = (
      (await options.json()) as { installments: number; totalValue: number; label: string }[]
    ).find((o) => o.installments === 3)!;
    expect(offered.totalValue).toBeGreaterThan(total);
    const paid = await b.pay('installments-3', cardBody('apro', 3));
    expect(paid.body).toMatchObject({ orderStatus: PAGO, installments: 3, total: offered.totalValue });
    const [charge] = await chargesOf(paid.body.paymentId);
    expect(charge).toMatchObject({ amountCents: Math.round(offered.totalValue * 100), installments: 3 });
    const recorded = await order(paid.body.orderId);
    expect(recorded.totalCents).toBe(charge!.amountCents);
    expect(recorded.interestCents).toBe(charge!.amountCents - Math.round(total * 100));
    // The e-mail says the same amount, with the order's number.
    await t.app.checkout.idle();
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, b.person.input.email))
      .orderBy(desc(mailOutbox.createdAt));
    const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    expect(mail!.text).toContain(`Total pago: ${brl.format(offered.totalValue)} em 3x`);
    expect(mail!.text).toContain(`Pedido ${paid.body.orderId.slice(0, 8).toUpperCase()} confirmado`);

    const small = await createCartFixture(t.database.db);
    await t.database.db.update(ticketLots).set({ priceCents: 900 }).where(eq(ticketLots.id, small.lotId));
    const c = await checkoutBuyer(t);
    await c.add(small.lotId, 1);
    const refused = await c.pay('installments-too-many', cardBody('apro', 12));
    expect(refused.status).toBe(422);
    expect(refused.body.Message).toBe('Esta opção de parcelamento não está disponível para este valor.');
  });

  it('two purchases for one CPF past identification: the second approval is refunded with its reason, never over the limit', async () => {
    const f = await createCartFixture(t.database.db);
    const [lotRow] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    await t.database.db
      .update(eventTickets)
      .set({ ticketsPerCpf: 1 })
      .where(eq(eventTickets.id, lotRow!.ticketId));
    const holder = cpf('529982247');
    const identified = { identificationTickets: [{ indexItem: 0, cpfs: [holder] }] };
    const a = await checkoutBuyer(t);
    await a.add(f.lotId, 1);
    const pix = await a.pay('cpf-pix-1', { paymentType: 'pix', ...identified });
    expect(pix.body).toMatchObject({ orderStatus: AGUARDANDO_PAGAMENTO, status: 'pending' });
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const paid = await b.pay('cpf-card-1', cardBody('apro', 1, identified));
    expect(paid.body.orderStatus).toBe(PAGO);

    const simulated = await t.request(`/sandbox-gateway/pix/${pix.body.paymentId}/pay`, {
      method: 'POST',
      headers: { cookie: a.person.cookie, origin: 'http://localhost' },
    });
    expect(simulated.status).toBe(200);
    const after = await a.poll(pix.body.orderId);
    expect(after.body).toMatchObject({ orderStatus: ESTORNADO, status: 'refunded' });
    expect(after.body.message).toContain('atingiu o limite de ingressos deste tipo');
    expect((await chargesOf(pix.body.paymentId)).map((c) => c.status)).toEqual(['refunded']);
    const held = await t.database.db.select().from(tickets).where(eq(tickets.holderCpf, holder));
    expect(held).toHaveLength(1);
    expect(await lot(f.lotId)).toMatchObject({ sold: 1, held: 0 });
  });

  it('a free cart is confirmed without any gateway: tickets at once, whatever method the page sent', async () => {
    const f = await createCartFixture(t.database.db);
    await t.database.db.update(ticketLots).set({ priceCents: 0 }).where(eq(ticketLots.id, f.lotId));
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 2);
    const free = await b.pay('free-one-1', { paymentType: 'free' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      orderStatus: PAGO,
      transactionStatus: 'success',
      total: 0,
      paymentType: 'free',
    });
    expect(await ticketsOf(free.body.orderId)).toHaveLength(2);
    expect(await chargesOf(free.body.paymentId)).toHaveLength(0);

    await b.add(f.lotId, 1);
    const asPix = await b.pay('free-two-2', { paymentType: 'pix' });
    expect(asPix.body).toMatchObject({ orderStatus: PAGO, paymentType: 'free', pix: null });

    const paidLot = await createCartFixture(t.database.db);
    const c = await checkoutBuyer(t);
    await c.add(paidLot.lotId, 1);
    const notFree = await c.pay('not-free-1', { paymentType: 'free' });
    expect(notFree.status).toBe(422);
  });

  it('with the refund service active, paying without the protection choice is refused with the spec message', async () => {
    const f = await createCartFixture(t.database.db, { refundBp: 1_000 });
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const unchosen = await b.pay('protection-unchosen', cardBody('apro'));
    expect(unchosen.status).toBe(422);
    expect(unchosen.body.Message).toBe('Uma selecao obrigatoria nao foi preenchida.');
    const chosen = await t.json('/api/cart/protection', { sessionId: b.sessionId, provider: 'none' });
    expect(chosen.status).toBe(200);
    expect((await b.pay('protection-chosen', cardBody('apro'))).body.orderStatus).toBe(PAGO);
  });

  it('a coupon used up behind the cart is refunded with the coupon reason, not a sold-out lot', async () => {
    const f = await createCartFixture(t.database.db);
    const [code] = await t.database.db
      .insert(promoCodes)
      .values({ eventId: f.eventId, code: 'UMAVEZ', kind: 'percent', percentBp: 1_000, quantity: 1 })
      .returning();
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const applied = await t.json<{ quantityCuponsApplied: number }>('/api/validatepromotion', {
      lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
      eventId: f.eventId,
      promoCode: 'UMAVEZ',
      channel: 1,
      sessionId: b.sessionId,
    });
    expect(applied.body.quantityCuponsApplied).toBe(1);
    // The buyer paid by Pix with the discount; before the bank pays, the last use goes elsewhere.
    const pix = await b.pay('coupon-gone-1', { paymentType: 'pix' });
    expect(pix.body.total).toBe((await order(pix.body.orderId)).totalCents / 100);
    await t.database.db.update(promoCodes).set({ used: 1 }).where(eq(promoCodes.id, code!.id));
    await gateway.payPix((await paymentOf(pix.body.orderId)).gatewayRef!);
    const paid = await b.poll(pix.body.orderId);
    expect(paid.body).toMatchObject({ orderStatus: ESTORNADO, status: 'refunded' });
    expect(paid.body.message).toBe(
      'O cupom deste pedido esgotou antes da confirmação do pagamento. O valor foi estornado.',
    );
    expect((await chargesOf(pix.body.paymentId)).map((c) => c.status)).toEqual(['refunded']);
    expect(await lot(f.lotId)).toMatchObject({ sold: 0, held: 0 });
  });

  it('a total that changed since the page showed it is never charged silently: 409 with the new total', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    const shown = (await b.add(f.lotId, 1)).body.cart!.totals.total;
    // The price changes behind the buyer's back: since issue 34 a hold keeps the price it was taken
    // at, so only a hold made before holds kept theirs (null terms) reads the lot's edited price.
    await t.database.db.execute(
      sql`update cart_holds set price_cents = null, fee_bp = null, app_fee_bp = null,
            processing_fee_cents = null, processing_fee_added = null
          where cart_id = (select id from carts where session_id = ${b.sessionId!})`,
    );
    await t.database.db.update(ticketLots).set({ priceCents: 12_000 }).where(eq(ticketLots.id, f.lotId));
    const changed = await b.pay('changed-total-1', cardBody('apro', 1, { totalTicketValue: shown }));
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('amount_changed');
    expect(changed.body.Message).toContain('R$');
    const now = (
      await t.json<{ cart: { totals: { total: number } } }>('/api/v3/getcart', { sessionId: b.sessionId })
    ).body.cart.totals.total;
    const paid = await b.pay('changed-total-2', cardBody('apro', 1, { totalTicketValue: now }));
    expect(paid.body).toMatchObject({ orderStatus: PAGO, total: now });
  });

  it('a refund that fails at the gateway stays due and the reconciler finishes it, once', async () => {
    const f = await createCartFixture(t.database.db, { lotCapacity: 1 });
    const a = await checkoutBuyer(t);
    await a.add(f.lotId, 1);
    const pix = await a.pay('refund-due-pix', { paymentType: 'pix' });
    // The Pix's holds lapse and someone else buys the last unit.
    await t.database.db.execute(
      sql`update cart_holds set expires_at = now() - interval '1 second' where cart_id = ${(await order(pix.body.orderId)).cartId}`,
    );
    const b = await checkoutBuyer(t);
    expect((await b.add(f.lotId, 1)).status).toBe(200);
    expect((await b.pay('refund-due-card', cardBody('apro'))).body.orderStatus).toBe(PAGO);
    let refunds = 0;
    gateway.refund = async () => {
      refunds += 1;
      throw new Error('connect ECONNREFUSED');
    };
    await gateway.payPix((await paymentOf(pix.body.orderId)).gatewayRef!);
    await a.poll(pix.body.orderId).catch(() => null);
    expect((await order(pix.body.orderId)).status).toBe(ESTORNADO);
    expect((await paymentOf(pix.body.orderId)).statusDetail).toBe('refund_due:lot_sold_out');
    expect(refunds).toBe(1);
    Object.assign(gateway, real);
    await reconcilePayments(t.app.checkout);
    await reconcilePayments(t.app.checkout);
    expect(await paymentOf(pix.body.orderId)).toMatchObject({
      status: 'refunded',
      statusDetail: 'lot_sold_out',
    });
    expect((await chargesOf(pix.body.paymentId)).map((c) => c.status)).toEqual(['refunded']);
  });
});

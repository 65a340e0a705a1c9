import type { THostedCheckoutAnswer } from '@ingressos/contracts';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import type { TSandboxGateway } from '../../adapters/payments/sandbox/adapter.ts';
import { eq } from '../../db/orm.ts';
import { events, orders, paymentParts, payments, sandboxCharges, tickets } from '../../db/schema/index.ts';
import { setPaymentStatus } from '../../modules/checkout/order/order-state.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer, sandboxToken } from '../../testing/checkout-buyer.ts';
import {
  mercadoPagoNotification,
  startMercadoPagoStandIn,
  type TMpStandIn,
} from '../../testing/mercadopago-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const { AGUARDANDO_PAGAMENTO, PAGO } = ORDER_STATUS;
const ACCESS_TOKEN = 'TEST-0000000000000000-000000-standin-access-token';
const SECRET = 'standin-webhook-secret-0123456789';

/**
 * Issue 31, item 1: a charge settles an order only for exactly the order's amount and currency, on
 * every path (a signed webhook, the reconciler, the return from a hosted page, the charge's own
 * answer, each card of a split); a mismatch never pays, its money goes back, and a person is told
 * in the log. Item 4: a late 'in process' never takes an approved payment back.
 */
describe.each(testDatabases())('the charge against its order on %s', (kind) => {
  let t: TTestApp;
  let mp: TMpStandIn;
  let sandbox: TSandboxGateway;
  let real: Pick<TPaymentGateway, 'chargeCard'>;
  let logged: { msg: string; fields: Record<string, unknown> | undefined }[];

  beforeAll(async () => {
    mp = await startMercadoPagoStandIn(ACCESS_TOKEN);
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PAYMENT_RECONCILE_GRACE_SECONDS: '1',
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_PUBLIC_KEY: 'TEST-standin-public-key',
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_API_BASE: mp.url,
    });
    sandbox = t.app.checkout.gateways.byKind('sandbox') as TSandboxGateway;
    real = { chargeCard: sandbox.chargeCard };
    const log = t.app.checkout.log;
    const { warn, error } = log;
    logged = [];
    log.warn = (msg, fields) => {
      logged.push({ msg, fields });
      warn(msg, fields);
    };
    log.error = (msg, fields) => {
      logged.push({ msg, fields });
      error(msg, fields);
    };
  });
  afterEach(() => Object.assign(sandbox, real));
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
    await mp.close();
  });

  const orderOf = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const ticketsOf = (orderId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
  /** The line a person reads: the order, what was expected and what came; no CPF, no card. */
  const mismatchLogged = (orderId: string) =>
    logged.find((line) => line.fields?.orderId === orderId && /amount or currency/.test(line.msg));

  /** A buyer whose order (R$ 100,00 + 10 % fee) awaits payment on Mercado Pago's hosted page. */
  const hostedOrder = async (key: string) => {
    const f = await createCartFixture(t.database.db);
    await t.database.db.update(events).set({ gateway: 1 }).where(eq(events.id, f.eventId));
    const b = await checkoutBuyer(t);
    expect((await b.add(f.lotId, 1)).status).toBe(200);
    const response = await t.request('/api/checkoutPro/create', {
      method: 'POST',
      headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId ?? '', 'idempotency-key': key })
        .headers,
      body: '{}',
    });
    expect(response.status).toBe(200);
    const made = (await response.json()) as THostedCheckoutAnswer;
    const order = await orderOf(made.orderId);
    expect(order).toMatchObject({ status: AGUARDANDO_PAGAMENTO, currency: 'BRL' });
    return { b, made, order };
  };
  /** Mercado Pago's signed notice about one of its payments, posted to our webhook. */
  const notify = async (mpPaymentId: string) => {
    const { path, init } = mercadoPagoNotification(SECRET, mpPaymentId);
    const response = await t.request(path, init);
    expect(response.status).toBe(200);
  };
  const expectRefusedAndRefunded = async (orderId: string, mpPaymentId: string) => {
    const order = await orderOf(orderId);
    expect(order.status).not.toBe(PAGO);
    expect(order.paidAt).toBeNull();
    expect(await ticketsOf(orderId)).toHaveLength(0);
    expect((await paymentOf(orderId)).status).not.toBe('approved');
    expect(mp.payments.get(mpPaymentId)!.status).toBe('refunded');
    const line = mismatchLogged(orderId);
    expect(line?.fields).toMatchObject({ expected: { amountCents: order.totalCents, currency: 'BRL' } });
    // No CPF (eleven digits) nor card in the line; its ids are uuids, whose last group can hold
    // eleven digits in a row by chance (a run failed so), and are taken out first.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
    expect(JSON.stringify(line?.fields).replace(uuid, '<uuid>')).not.toMatch(/\d{11}|cpf|card/i);
  };

  it('a correctly signed webhook for an approved R$ 1,00 charge carrying our reference does not pay a R$ 110,00 order; the charge is refunded', async () => {
    const { made, order } = await hostedOrder('amount-webhook-1');
    expect(order.totalCents).toBe(11_000);
    const stray = mp.pay({ externalRef: made.paymentId, amount: 1 });
    await notify(stray);
    await expectRefusedAndRefunded(made.orderId, stray);
    expect(mismatchLogged(made.orderId)?.fields).toMatchObject({
      got: { amountCents: 100, currency: 'BRL' },
    });
    expect(await paymentOf(made.orderId)).toMatchObject({
      status: 'refunded',
      statusDetail: 'amount_mismatch',
    });

    // Paid again in full on the page after the order ended: that money goes back too.
    const late = mp.pay({ externalRef: made.paymentId, amount: order.totalCents / 100 });
    await notify(late);
    expect(mp.payments.get(late)!.status).toBe('refunded');
    expect((await orderOf(made.orderId)).status).not.toBe(PAGO);
    expect(await ticketsOf(made.orderId)).toHaveLength(0);
  });

  it('an approved USD charge for the right number with our reference is refused likewise', async () => {
    const { made, order } = await hostedOrder('amount-webhook-usd');
    const stray = mp.pay({ externalRef: made.paymentId, amount: order.totalCents / 100, currency: 'USD' });
    await notify(stray);
    await expectRefusedAndRefunded(made.orderId, stray);
    expect(mismatchLogged(made.orderId)?.fields).toMatchObject({
      got: { amountCents: order.totalCents, currency: 'USD' },
    });
  });

  it('the reconciler finds an approved R$ 1,00 charge by our reference: it does not pay, it refunds', async () => {
    const { made } = await hostedOrder('amount-reconciler-1');
    const stray = mp.pay({ externalRef: made.paymentId, amount: 1 });
    await reconcilePayments(t.app.checkout);
    await expectRefusedAndRefunded(made.orderId, stray);
  });

  it('the buyer back from the hosted page (/pedido asks the gateway): an underpaid charge does not pay, it refunds', async () => {
    const { b, made } = await hostedOrder('amount-return-1');
    const stray = mp.pay({ externalRef: made.paymentId, amount: 1 });
    const polled = await b.poll(made.orderId);
    expect(polled.status).toBe(200);
    expect(polled.body.orderStatus).not.toBe(PAGO);
    await expectRefusedAndRefunded(made.orderId, stray);
  });

  it('the right charge still pays: the hosted order paid in full on the page is issued', async () => {
    const { b, made, order } = await hostedOrder('amount-right-1');
    const paid = mp.pay({ externalRef: made.paymentId, amount: order.totalCents / 100 });
    await notify(paid);
    expect((await b.poll(made.orderId)).body).toMatchObject({ orderStatus: PAGO, status: 'approved' });
    expect(await ticketsOf(made.orderId)).toHaveLength(1);
    expect(mp.payments.get(paid)!.status).toBe('approved');
  });

  it("the charge's own answer for another amount (the card path) never pays; the charge is refunded", async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    sandbox.chargeCard = (input) => real.chargeCard({ ...input, amountCents: 100 });
    const answer = await b.pay('amount-answer-1', cardBody('apro'));
    expect(answer.status).toBe(200);
    expect(answer.body.orderStatus).not.toBe(PAGO);
    expect(await ticketsOf(answer.body.orderId)).toHaveLength(0);
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalRef, answer.body.paymentId));
    expect(charge).toMatchObject({ amountCents: 100, status: 'refunded' });
    expect(mismatchLogged(answer.body.orderId)).toBeDefined();
  });

  it('a card of a split approved for another amount is not an approved part: it is refunded and the buyer pays that part again', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    const added = await b.add(f.lotId, 2);
    const total = added.body.cart!.totals.total;
    const first = Math.round((total / 2) * 100) / 100;
    const values = [first, Math.round((total - first) * 100) / 100];
    const card = () => ({ token: sandboxToken('apro'), installments: 1 });
    sandbox.chargeCard = (input) => real.chargeCard({ ...input, amountCents: 100 });
    const one = await b.pay('amount-split-1', {
      paymentType: 'credit_card',
      isMultiplePayment: true,
      multiplePaymentValue: values[0],
      multiplePaymentValues: values,
      card: card(),
    });
    expect(one.status).toBe(200);
    const orderId = one.body.orderId;
    Object.assign(sandbox, real);
    const [part] = await t.database.db.select().from(paymentParts).where(eq(paymentParts.orderId, orderId));
    expect(part!.status).not.toBe('approved');
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalRef, part!.id));
    expect(charge).toMatchObject({ amountCents: 100, status: 'refunded' });
    expect(mismatchLogged(orderId)).toBeDefined();

    // The second card pays its part; the order still waits for the first, paid again in full.
    const next = (key: string, value: number) =>
      b.pay(key, {
        paymentType: 'credit_card',
        isMultiplePayment: true,
        multiplePaymentUid: orderId,
        multiplePaymentValue: value,
        card: card(),
      });
    const retried = await next('amount-split-2', values[0]!);
    expect(retried.body.orderStatus).toBe(AGUARDANDO_PAGAMENTO);
    const last = await next('amount-split-3', values[1]!);
    expect(last.body.orderStatus).toBe(PAGO);
    expect(await ticketsOf(orderId)).toHaveLength(2);
  });

  it("a late 'in process' after the approval leaves the payment approved (item 4)", async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const paid = await b.pay('late-in-process-1', cardBody('apro'));
    expect(paid.body).toMatchObject({ orderStatus: PAGO, status: 'approved' });
    // The notice read the order while it still waited, and writes after the approval committed.
    const moved = await setPaymentStatus(t.database.db, paid.body.paymentId, {
      status: 'in_process',
      detail: 'pending_contingency',
    });
    expect(moved).toBe(false);
    expect(await paymentOf(paid.body.orderId)).toMatchObject({ status: 'approved' });
    expect((await b.poll(paid.body.orderId)).body).toMatchObject({
      orderStatus: PAGO,
      status: 'approved',
      transactionStatus: 'success',
    });
  });
});

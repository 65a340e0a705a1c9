import type { TMyTicketsAnswer, TRevokedQrAnswer } from '@ingressos/contracts';
import type {
  TEventCancellationProgress,
  TStaffOrderRefunds,
  TStaffRefundAnswer,
} from '@ingressos/contracts/staff-refunds';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import { and, eq, sql } from '../../db/orm.ts';
import {
  events,
  orders,
  outboxMessages,
  paymentParts,
  payments,
  refunds,
  sandboxCharges,
  staffAuditLog,
  ticketLots,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { runDueRefunds } from '../../modules/checkout/refunds/execute-refund.ts';
import { runCancellationJobs } from '../../modules/checkout/refunds/run-cancellations.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer, sandboxToken } from '../../testing/checkout-buyer.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const { PAGO, ESTORNADO, CANCELADO, AGUARDANDO_PAGAMENTO } = ORDER_STATUS;
/** The fixture's plain ticket: R$ 100,00 plus a R$ 10,00 fee, what refunding one gives back. */
const SHARE = 11_000;

/**
 * Issue 33, money going back: staff refunds (whole or by ticket), protection claims, cancelling a
 * pending order, and an event's cancellation job, through the calls the console makes, checked
 * where a buyer, a gate or the gateway would see them.
 */
describe.each(testDatabases())('staff refunds on %s', (kind) => {
  let t: TTestApp;
  let gateway: TPaymentGateway;
  let real: Pick<TPaymentGateway, 'refund' | 'getCharge'>;
  let support: Awaited<ReturnType<typeof staffSession>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', REFUND_RETRY_BASE_MS: '10' });
    gateway = t.app.checkout.gateways.default;
    real = { refund: gateway.refund, getCharge: gateway.getCharge };
    support = await staffSession(t.database.db, { role: 'support' });
  });
  afterEach(() => Object.assign(gateway, real));
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const db = () => t.database.db;
  /** A buyer's paid order of `quantity` plain tickets (a card on the sandbox). */
  const paidOrder = async (quantity = 2, f?: TCartFixture) => {
    const fixture = f ?? (await createCartFixture(db()));
    const b = await checkoutBuyer(t);
    expect((await b.add(fixture.lotId, quantity)).status).toBe(200);
    const paid = await b.pay(`buy-${crypto.randomUUID()}`, cardBody('apro'));
    expect(paid.body.orderStatus).toBe(PAGO);
    const issued = await db()
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, paid.body.orderId))
      .orderBy(tickets.unit);
    return { f: fixture, b, orderId: paid.body.orderId, tickets: issued };
  };
  const staffPost = <T>(path: string, body: unknown, headers: Record<string, string> = {}, who = support) =>
    t.json<T & { code?: string; message?: string }>(path, body, { headers: { ...who.headers, ...headers } });
  const refund = (orderId: string, body: unknown, key?: string) =>
    staffPost<TStaffRefundAnswer>(
      `/api/staff/orders/${orderId}/refunds`,
      body,
      key ? { 'idempotency-key': key } : {},
    );
  const chargeOf = async (orderId: string) => {
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const [charge] = await db()
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalRef, payment!.id));
    return { payment: payment!, charge: charge! };
  };
  const orderStatus = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const mailsTo = async (email: string) =>
    db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  const revoked = async (eventId: number) =>
    (await (await t.request(`/api/tickets/revoked?eventId=${eventId}`)).json()) as TRevokedQrAnswer;

  it('refunds one ticket of two: the gateway gives back its share, the gate refuses it, the buyer is told, the other stays valid', async () => {
    const {
      f,
      b,
      orderId,
      tickets: [first, second],
    } = await paidOrder(2);
    const soldBefore = (await db().select().from(ticketLots).where(eq(ticketLots.id, f.lotId)))[0]!.sold;
    const answer = await refund(orderId, { ticketIds: [first!.id], reason: 'Cliente não pode ir' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.orderStatus).toBe(PAGO);
    expect(answer.body.refunds).toHaveLength(1);
    expect(answer.body.refunds[0]).toMatchObject({
      status: 'done',
      amountCents: SHARE,
      ticketIds: [first!.id],
    });
    const { charge, payment } = await chargeOf(orderId);
    expect(charge.refundedCents).toBe(SHARE);
    expect(charge.status).toBe('approved');
    expect(payment.status).toBe('approved');
    const gate = await revoked(f.eventId);
    expect(gate.revoked).toContainEqual({ tid: first!.id, minVersion: 32767 });
    expect(gate.revoked.map((r) => r.tid)).not.toContain(second!.id);
    const mine = (await (
      await t.request('/api/tickets/mine', { headers: { cookie: b.person.cookie } })
    ).json()) as TMyTicketsAnswer;
    const shown = mine.upcoming.flatMap((e) => e.tickets);
    expect(shown.find((x) => x.id === first!.id)).toMatchObject({ status: 'refunded', qr: '' });
    expect(shown.find((x) => x.id === second!.id)?.status).toBe('valid');
    // A void ticket cannot be sent to anyone (a transfer would give it a new QR).
    const can = await t.json<{ canTransfer: boolean }>(
      '/v1/ticketTransfer/CanTransfer',
      { ticketId: first!.id },
      { headers: { cookie: b.person.cookie } },
    );
    expect(can.body.canTransfer).toBe(false);
    const mails = await mailsTo(b.person.input.email);
    expect(mails.filter((m) => m.subject?.startsWith('Estorno do pedido'))).toHaveLength(1);
    expect(mails.find((m) => m.subject?.startsWith('Estorno'))!.text).toMatch(/R\$\s110,00/);
    // Decision: a unit refunded while the event sells goes back on sale.
    expect((await db().select().from(ticketLots).where(eq(ticketLots.id, f.lotId)))[0]!.sold).toBe(
      soldBefore - 1,
    );
    const audit = await db().select().from(staffAuditLog).where(eq(staffAuditLog.targetId, orderId));
    expect(audit.map((line) => [line.action, line.staffId])).toEqual([['order.refund', support.id]]);
    // Refunding the other ticket too is the rest of the order: it reads refunded (6) and the charge whole.
    const rest = await refund(orderId, { ticketIds: [second!.id], reason: 'Cliente não pode ir' });
    expect(rest.body.orderStatus).toBe(ESTORNADO);
    expect((await chargeOf(orderId)).charge).toMatchObject({
      status: 'refunded',
      refundedCents: charge.amountCents,
    });
  });

  it('refunds a whole order: 6, the charge refunded in full, every ticket void, one e-mail', async () => {
    const { f, b, orderId, tickets: issued } = await paidOrder(2);
    const answer = await refund(orderId, { reason: 'Evento errado' });
    expect(answer.status).toBe(201);
    expect(answer.body.orderStatus).toBe(ESTORNADO);
    const { charge, payment } = await chargeOf(orderId);
    expect(charge).toMatchObject({ status: 'refunded', refundedCents: charge.amountCents });
    expect(payment.status).toBe('refunded');
    const gate = await revoked(f.eventId);
    for (const ticket of issued) expect(gate.revoked).toContainEqual({ tid: ticket.id, minVersion: 32767 });
    expect(
      (await mailsTo(b.person.input.email)).filter((m) => m.subject?.startsWith('Estorno')),
    ).toHaveLength(1);
    const again = await refund(orderId, { reason: 'De novo' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('refund_not_paid');
  });

  it('answers the same refund for a repeated Idempotency-Key and never gives the money twice', async () => {
    const {
      orderId,
      tickets: [first, second],
    } = await paidOrder(2);
    const key = `refund-${crypto.randomUUID()}`;
    const one = await refund(orderId, { ticketIds: [first!.id], reason: 'Duplicado' }, key);
    const two = await refund(orderId, { ticketIds: [first!.id], reason: 'Duplicado' }, key);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body.refunds.map((r) => r.id)).toEqual(one.body.refunds.map((r) => r.id));
    expect((await chargeOf(orderId)).charge.refundedCents).toBe(SHARE);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const other = await refund(orderId, { ticketIds: [second!.id], reason: 'Outro' }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('refund_key_reused');
  });

  it('refuses the second of two refunds of one ticket sent at once', async () => {
    const {
      orderId,
      tickets: [first],
    } = await paidOrder(2);
    const both = await Promise.all(
      ['a', 'b'].map((n) =>
        refund(orderId, { ticketIds: [first!.id], reason: 'Corrida' }, `race-${n}-${orderId}`),
      ),
    );
    expect(both.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(both.find((x) => x.status === 409)!.body.code).toBe('refund_ticket_voided');
    expect((await chargeOf(orderId)).charge.refundedCents).toBe(SHARE);
  });

  it('keeps a refund due while the gateway fails, then finishes it once, reading the gateway first', async () => {
    const {
      orderId,
      tickets: [first],
    } = await paidOrder(2);
    // The gateway takes the refund but the answer never arrives (a timeout after the fact).
    gateway.refund = async (ref, amount) => {
      await real.refund.call(gateway, ref, amount);
      throw new Error('timeout after 10000 ms');
    };
    const answer = await refund(orderId, { ticketIds: [first!.id], reason: 'Timeout' });
    expect(answer.status).toBe(201);
    expect(answer.body.refunds[0]).toMatchObject({
      status: 'due',
      attempts: 1,
      lastError: expect.stringContaining('timeout'),
    });
    Object.assign(gateway, real);
    await db().execute(sql`update refunds set next_attempt_at = now() where order_id = ${orderId}`);
    expect(await runDueRefunds(t.app.checkout, 'pt-BR')).toMatchObject({ done: 1 });
    // Once only: the retry saw the gateway's total and did not refund the share again.
    expect((await chargeOf(orderId)).charge.refundedCents).toBe(SHARE);
    const view = await t.request(`/api/staff/orders/${orderId}/refunds`, { headers: support.headers });
    const body = (await view.json()) as TStaffOrderRefunds;
    expect(body).toMatchObject({ refundedCents: SHARE, dueCents: 0, partialAllowed: true });
    expect(body.refunds[0]).toMatchObject({ status: 'done' });
  });

  it('gives up after its attempts (failed, listed) and a staff retry finishes it', async () => {
    const { orderId } = await paidOrder(1);
    gateway.refund = async () => {
      throw new Error('gateway down');
    };
    await refund(orderId, { reason: 'Falha' });
    for (let n = 0; n < 6; n += 1) {
      await db().execute(
        sql`update refunds set next_attempt_at = now() where order_id = ${orderId} and status = 'due'`,
      );
      await runDueRefunds(t.app.checkout, 'pt-BR');
    }
    const [row] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('gateway down') });
    Object.assign(gateway, real);
    const retried = await staffPost<TStaffRefundAnswer>(`/api/staff/refunds/${row!.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.refunds[0]!.status).toBe('done');
    expect((await chargeOf(orderId)).charge.status).toBe('refunded');
  });

  it('refunds a split-card order through each card, and refuses to refund part of it', async () => {
    const f = await createCartFixture(db());
    const b = await checkoutBuyer(t);
    const added = await b.add(f.lotId, 2);
    const total = added.body.cart!.totals.total;
    const values = [100, Math.round((total - 100) * 100) / 100];
    const split = (extra: Record<string, unknown>) => ({
      paymentType: 'credit_card',
      isMultiplePayment: true,
      card: { token: sandboxToken('apro'), installments: 1 },
      ...extra,
    });
    const first = await b.pay(
      'split-r-1',
      split({ multiplePaymentValue: values[0], multiplePaymentValues: values }),
    );
    const orderId = first.body.orderId;
    const second = await b.pay(
      'split-r-2',
      split({ multiplePaymentUid: orderId, multiplePaymentValue: values[1] }),
    );
    expect(second.body.orderStatus).toBe(PAGO);
    const [one] = await db().select().from(tickets).where(eq(tickets.orderId, orderId));
    const partial = await refund(orderId, { ticketIds: [one!.id], reason: 'Só um' });
    expect(partial.status).toBe(409);
    expect(partial.body.code).toBe('refund_split_partial');
    const whole = await refund(orderId, { reason: 'Tudo' });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body.orderStatus).toBe(ESTORNADO);
    expect(whole.body.refunds.map((r) => r.status)).toEqual(['done', 'done']);
    const parts = await db()
      .select()
      .from(paymentParts)
      .where(and(eq(paymentParts.orderId, orderId)));
    const approvedOnes = parts.filter((p) => p.status === 'refunded');
    expect(approvedOnes).toHaveLength(2);
    for (const part of approvedOnes) {
      const [charge] = await db()
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.externalRef, part.id));
      expect(charge).toMatchObject({ status: 'refunded', refundedCents: part.amountCents });
    }
  });

  it('honours a refund-protection claim only for an order that bought protection', async () => {
    const plain = await paidOrder(1);
    const refused = await staffPost(`/api/staff/orders/${plain.orderId}/protection-claim`, {
      reason: 'Doença',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('refund_no_protection');
    const f = await createCartFixture(db(), { refundBp: 1_000 });
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    expect(
      (await t.json('/api/cart/protection', { sessionId: b.sessionId, provider: 'bilheto' })).status,
    ).toBe(200);
    const paid = await b.pay('protected-1', cardBody('apro'));
    expect(paid.body.orderStatus).toBe(PAGO);
    const claim = await staffPost<TStaffRefundAnswer>(
      `/api/staff/orders/${paid.body.orderId}/protection-claim`,
      {
        reason: 'Atestado médico',
      },
    );
    expect(claim.status).toBe(201);
    expect(claim.body.refunds[0]).toMatchObject({ kind: 'protection', status: 'done' });
    expect(claim.body.orderStatus).toBe(ESTORNADO);
    expect((await chargeOf(paid.body.orderId)).charge.status).toBe('refunded');
  });

  it('cancels an order awaiting its Pix: 8, the Pix cancelled at the gateway; a paid order is refused', async () => {
    const f = await createCartFixture(db());
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const pix = await b.pay('pix-cancel-1', { paymentType: 'pix' });
    expect(pix.body.orderStatus).toBe(AGUARDANDO_PAGAMENTO);
    const cancelled = await staffPost<{ orderStatus: number }>(
      `/api/staff/orders/${pix.body.orderId}/cancel`,
      {
        reason: 'Cliente desistiu',
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.orderStatus).toBe(CANCELADO);
    expect((await chargeOf(pix.body.orderId)).charge.status).toBe('cancelled');
    const again = await staffPost(`/api/staff/orders/${pix.body.orderId}/cancel`, { reason: 'De novo' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('cancel_not_pending');
  });

  it('refuses every call to anonymous visitors, buyers, other roles and a producer of another event', async () => {
    const { f, b, orderId } = await paidOrder(1);
    const reviewer = await staffSession(db(), { role: 'biometry_reviewer' });
    const stranger = await staffSession(db(), { role: 'producer', eventIds: [f.otherEventId] });
    const calls: [string, unknown][] = [
      [`/api/staff/orders/${orderId}/refunds`, { reason: 'Teste' }],
      [`/api/staff/orders/${orderId}/protection-claim`, { reason: 'Teste' }],
      [`/api/staff/orders/${orderId}/cancel`, { reason: 'Teste' }],
      [`/api/staff/events/${f.eventId}/cancellation`, { reason: 'Teste' }],
      [
        `/api/staff/events/${f.eventId}/postponement`,
        { reason: 'Teste', newStartsAt: '2031-01-01T20:00:00-03:00' },
      ],
    ];
    for (const [path, body] of calls) {
      expect((await t.json(path, body)).status, path).toBe(401);
      expect((await t.json(path, body, { headers: { cookie: b.person.cookie } })).status, path).toBe(401);
      expect((await t.json(path, body, { headers: reviewer.headers })).status, path).toBe(403);
      expect((await t.json(path, body, { headers: stranger.headers })).status, path).toBe(403);
    }
    expect((await t.request(`/api/staff/orders/${orderId}/refunds`)).status).toBe(401);
    expect(
      (await t.request(`/api/staff/orders/${orderId}/refunds`, { headers: reviewer.headers })).status,
    ).toBe(403);
    // Nothing moved.
    expect(await orderStatus(orderId)).toBe(PAGO);
    expect((await chargeOf(orderId)).charge.refundedCents).toBe(0);
  });

  it('cancels an event: sales stop, every paid order refunded once, tickets void, one e-mail each; progress counts it', async () => {
    const f = await createCartFixture(db());
    const bought = [await paidOrder(1, f), await paidOrder(2, f), await paidOrder(1, f)];
    // One order already refunded in part by support: the cancellation gives back the rest.
    await refund(bought[1]!.orderId, { ticketIds: [bought[1]!.tickets[0]!.id], reason: 'Antes' });
    const producer = await staffSession(db(), { role: 'producer', eventIds: [f.eventId] });
    const started = await staffPost<TEventCancellationProgress>(
      `/api/staff/events/${f.eventId}/cancellation`,
      { reason: 'Chuva forte' },
      {},
      producer,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ kind: 'cancel', total: 3 });
    const [event] = await db().select({ name: events.name }).from(events).where(eq(events.id, f.eventId));
    expect(started.body.eventName).toBe(event!.name);
    const second = await staffPost(
      `/api/staff/events/${f.eventId}/cancellation`,
      { reason: 'De novo' },
      {},
      producer,
    );
    expect(second.status).toBe(409);
    const lots = await db().select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    expect(lots[0]!.disabled).toBe(true);
    const b = await checkoutBuyer(t);
    expect((await b.add(f.lotId, 1)).status).not.toBe(200);
    // The call took the job's first step in the background; this process's passes finish it.
    const progress = async () =>
      (await (
        await t.request(`/api/staff/cancellations/${started.body.id}`, { headers: producer.headers })
      ).json()) as TEventCancellationProgress;
    for (let step = 0; step < 50 && (await progress()).status !== 'done'; step += 1) {
      await runCancellationJobs(t.app.checkout, `test-${step}`, 'pt-BR');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await progress()).toMatchObject({
      status: 'done',
      total: 3,
      refunded: 3,
      due: 0,
      failed: [],
    });
    for (const order of bought) {
      expect(await orderStatus(order.orderId)).toBe(ESTORNADO);
      const { charge } = await chargeOf(order.orderId);
      expect(charge).toMatchObject({ status: 'refunded', refundedCents: charge.amountCents });
      const voided = await db().select().from(tickets).where(eq(tickets.orderId, order.orderId));
      expect(voided.every((ticket) => ticket.voidedAt !== null)).toBe(true);
      const mails = await mailsTo(order.b.person.input.email);
      expect(mails.filter((m) => m.subject?.startsWith('Evento cancelado'))).toHaveLength(1);
    }
    const other = await staffSession(db(), { role: 'producer', eventIds: [f.otherEventId] });
    expect(
      (await t.request(`/api/staff/cancellations/${started.body.id}`, { headers: other.headers })).status,
    ).toBe(403);
    // An id a producer does not own tells them nothing: another's job and no job answer the same 403.
    expect((await t.request('/api/staff/cancellations/999999', { headers: other.headers })).status).toBe(403);
    const admin = await staffSession(db(), { role: 'admin' });
    expect((await t.request('/api/staff/cancellations/999999', { headers: admin.headers })).status).toBe(404);
  });

  it('postpones an event: the new date on the event, every buyer e-mailed, tickets still valid', async () => {
    const f = await createCartFixture(db());
    const bought = [await paidOrder(1, f), await paidOrder(1, f)];
    const admin = await staffSession(db(), { role: 'admin' });
    const past = await staffPost(
      `/api/staff/events/${f.eventId}/postponement`,
      { reason: 'Palco', newStartsAt: '2020-01-01T20:00:00-03:00' },
      {},
      admin,
    );
    expect(past.status).toBe(400);
    const answer = await staffPost<TEventCancellationProgress>(
      `/api/staff/events/${f.eventId}/postponement`,
      { reason: 'Problema no palco', newStartsAt: '2031-03-01T21:00:00-03:00' },
      {},
      admin,
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'postpone', status: 'done', total: 2 });
    const [event] = await db().select().from(events).where(eq(events.id, f.eventId));
    expect(event!.startsAt.toISOString()).toBe('2031-03-02T00:00:00.000Z');
    for (const order of bought) {
      const mails = await mailsTo(order.b.person.input.email);
      expect(mails.filter((m) => m.subject?.startsWith('Evento adiado'))).toHaveLength(1);
      expect(await orderStatus(order.orderId)).toBe(PAGO);
    }
    const [buyer] = await db().select().from(users).where(eq(users.id, bought[0]!.b.person.userId));
    expect(buyer).toBeDefined();
  });
});

import type { TCartAnswer, TOrderAnswer } from '@ingressos/contracts';
import { formatMoney } from '@ingressos/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { events, orders, payments, users } from '../../db/schema/index.ts';
import { endOrder } from '../../modules/checkout/order/end-order.ts';
import { latestMail, register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const token = (outcome: 'apro' | 'rej' | 'pend') =>
  `sbx_${outcome}_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;
const HIDDEN_CPF = /^\*\*\*\.\d{3}\.\d{3}-\*\*$/;

describe.each(testDatabases())('the order answer and its calendar file on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', PIX_EXPIRY_SECONDS: '1800' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** A verified buyer who pays a cart of `quantity` tickets of a fresh event with `body`. */
  const purchase = async (quantity: number, body: Record<string, unknown>) => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    const cart = added.body.cart!;
    const headers = withCookie(person.cookie, {
      'x-session-id': added.body.sessionID,
      'idempotency-key': `receipt-${Math.random()}`,
    }).headers;
    const paid = await t.request('/checkout/v1', { method: 'POST', headers, body: JSON.stringify(body) });
    const { orderId } = (await paid.json()) as { orderId: string };
    const get = async (path: string, cookie = person.cookie) => {
      const response = await t.request(path, { headers: cookie ? { cookie } : {} });
      return { status: response.status, response, body: await response.text() };
    };
    const order = async (cookie = person.cookie) => {
      const response = await t.request(`/api/checkout/orders/${orderId}`, {
        headers: cookie ? { cookie } : {},
      });
      return { status: response.status, body: (await response.json()) as TOrderAnswer };
    };
    return { f, person, cart, orderId, order, get };
  };

  it('approved by card: number, method, brand and last four, installments, each unit with its holder hidden, and the totals of the cart', async () => {
    const p = await purchase(2, {
      paymentType: 'credit_card',
      card: { token: token('apro'), installments: 3 },
    });
    const { status, body } = await p.order();
    expect(status).toBe(200);
    expect(body).toMatchObject({ orderStatus: 3, transactionStatus: 'success', installments: 3 });
    const r = body.receipt;
    expect(r.number).toBe(p.orderId.slice(0, 8).toUpperCase());
    expect(r.payment).toMatchObject({
      method: 'credit_card',
      cardBrand: 'visa',
      cardLast4: '1111',
      installments: 3,
    });
    expect(r.payment.installmentValue * 3).toBeCloseTo(r.total, 1);
    expect(r.event).toMatchObject({ id: p.f.eventId, slug: p.f.slug, timeZone: expect.any(String) });
    expect(r.items).toHaveLength(2);
    for (const item of r.items) {
      expect(item).toMatchObject({
        sectionName: 'Pista',
        ticketName: 'Inteira',
        holderName: p.person.input.name,
      });
      expect(item.holderCpf).toMatch(HIDDEN_CPF);
      expect(item.holderCpf).not.toContain(p.person.input.cpf.replace(/\D/g, ''));
    }
    // The receipt's lines add up to what the cart said and what was charged.
    const totals = p.cart.totals;
    expect(r.subtotal).toBeCloseTo(totals.subtotal, 2);
    expect(r.fees).toBeCloseTo(totals.convenienceFee + totals.processingFee, 2);
    expect(r.protection).toBe(0);
    expect(r.discount).toBe(0);
    expect(r.total).toBeCloseTo(totals.total + r.interest, 2);
    expect(r.tickets).toHaveLength(2);
    expect(r.tickets[0]!.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('the e-mail: order number, each ticket with its holder hidden, the amount, proper plurals and a link to the order', async () => {
    const p = await purchase(2, {
      paymentType: 'credit_card',
      card: { token: token('apro'), installments: 1 },
    });
    await t.app.checkout.idle();
    const mail = await latestMail(t);
    const { body } = await p.order();
    const number = p.orderId.slice(0, 8).toUpperCase();
    expect(mail.to).toBe(p.person.input.email.toLowerCase());
    expect(mail.subject).toContain(`Pedido ${number} confirmado`);
    expect(mail.text).toContain(`Seus 2 ingressos para ${body.receipt.event.name}`);
    expect(mail.text).not.toContain('(s)');
    expect(
      mail.text.match(/^- Pista · Inteira — Titular: .+, CPF \*\*\*\.\d{3}\.\d{3}-\*\* — R\$/gm),
    ).toHaveLength(2);
    expect(mail.text).toContain(`Total pago: ${formatMoney(body.total)}.`);
    expect(mail.text).toContain(`/pedido/${p.orderId}`);
    expect(mail.html).toContain(`/pedido/${p.orderId}`);
    const one = await purchase(1, {
      paymentType: 'credit_card',
      card: { token: token('apro'), installments: 1 },
    });
    await t.app.checkout.idle();
    expect((await latestMail(t)).text).toMatch(/Seu ingresso para .+ está no PDF anexo/);
    expect(one.orderId).not.toBe(p.orderId);
  });

  it("is 404 to anyone but the order's owner and 401 logged out; the calendar file too", async () => {
    const p = await purchase(1, {
      paymentType: 'credit_card',
      card: { token: token('apro'), installments: 1 },
    });
    const stranger = await register(t);
    expect((await p.order(stranger.cookie)).status).toBe(404);
    expect((await p.order('')).status).toBe(401);
    const ics = `/api/checkout/orders/${p.orderId}/calendar.ics`;
    expect((await p.get(ics, stranger.cookie)).status).toBe(404);
    expect((await p.get(ics, '')).status).toBe(401);
    expect(
      (await t.request('/api/checkout/orders/not-a-uuid', { headers: { cookie: p.person.cookie } })).status,
    ).toBe(404);
  });

  it('the calendar file: a valid VEVENT at the event start, with the venue and the order link', async () => {
    const p = await purchase(1, {
      paymentType: 'credit_card',
      card: { token: token('apro'), installments: 1 },
    });
    const [event] = await t.database.db.select().from(events).where(eq(events.id, p.f.eventId));
    const { status, response, body } = await p.get(`/api/checkout/orders/${p.orderId}/calendar.ics`);
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.ics"/);
    const text = body.replace(/\r\n /g, '');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const start = event!.startsAt.toISOString().slice(0, 19).replace(/[-:]/g, '');
    expect(text).toContain(`\r\nDTSTART:${start}Z\r\n`);
    expect(text).toContain(`\r\nSUMMARY:${event!.name}\r\n`);
    expect(text).toMatch(/\r\nLOCATION:Arena [^\r]+\r\n/);
    expect(text).toContain(`/pedido/${p.orderId}`);
  });

  it('in review: the card awaits its outcome (order 1, in_process) and no ticket is shown yet', async () => {
    const p = await purchase(1, {
      paymentType: 'credit_card',
      card: { token: token('pend'), installments: 1 },
    });
    const { body } = await p.order();
    expect(body).toMatchObject({ orderStatus: 1, status: 'in_process', transactionStatus: 'processing' });
    expect(body.receipt.tickets).toEqual([]);
    expect(body.receipt.paidAt).toBeNull();
  });

  it('declined: order 7 with the message that says what to do, no ticket', async () => {
    const p = await purchase(1, {
      paymentType: 'credit_card',
      card: { token: token('rej'), installments: 1 },
    });
    const { status, body } = await p.order();
    expect(status).toBe(200);
    expect(body).toMatchObject({ orderStatus: 7, transactionStatus: 'error' });
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.receipt.tickets).toEqual([]);
    // Declined with the buyer on the page: the cart went back to the buyer, and the receipt says so.
    expect(body.receipt.cartKept).toBe(true);
  });

  it('declined later without the buyer on the page (webhook, reconciler): the receipt says the cart was not kept', async () => {
    const p = await purchase(1, {
      paymentType: 'credit_card',
      card: { token: token('pend'), installments: 1 },
    });
    const waiting = await p.order();
    expect(waiting.body.orderStatus).toBe(1);
    expect(waiting.body.receipt.cartKept).toBe(false);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, p.orderId));
    await endOrder(t.app.checkout, {
      order: {
        id: p.orderId,
        cartId: (await t.database.db.select().from(orders).where(eq(orders.id, p.orderId)))[0]!.cartId,
      },
      to: 7,
      paymentId: payment!.id,
      payment: { status: 'rejected', detail: 'cc_rejected_other_reason' },
    });
    const { body } = await p.order();
    expect(body.orderStatus).toBe(7);
    expect(body.receipt.cartKept).toBe(false);
  });

  it('Pix awaiting payment: the code to pay and the Pix method on the receipt', async () => {
    const p = await purchase(1, { paymentType: 'pix' });
    const { body } = await p.order();
    expect(body).toMatchObject({ orderStatus: 1, transactionStatus: 'pending', paymentType: 'pix' });
    expect(body.pix?.qrCode).toMatch(/^000201/);
    expect(body.receipt.payment).toMatchObject({ method: 'pix', cardBrand: null, cardLast4: null });
  });
});

import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { cpfCheckDigits } from '@ingressos/domain/cpf';
import { importJWK, jwtVerify } from 'jose';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import {
  eventTickets,
  orders,
  payments,
  sandboxCharges,
  ticketLots,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { settlePayment } from '../../modules/checkout/order/settle-payment.ts';
import { ticketClaimsOf } from '../../modules/tickets/ticket-keys.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const CARD = '4111111111111111';
const CVV = '7391';
/** The CVV as a value of its own: not beside another hex digit, a dash or a colon (a uuid, a number field). */
const CVV_ALONE = new RegExp(`(?<![0-9a-f:-])${CVV}(?![0-9a-f:-])`, 'i');
const cpf = (nine: string) => `${nine}${cpfCheckDigits(nine)}`;
/** What the sandbox card form (sandbox-card-form.js) makes in the browser from a test card. */
const token = (outcome: 'apro' | 'rej' | 'pend') =>
  `sbx_${outcome}_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;

describe.each(testDatabases())('checkout on %s', (kind) => {
  let t: TTestApp;
  /** Every request body that reached the API in this file, to prove card data never does. */
  const bodies: string[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      LOG_LEVEL: 'debug',
      CAPTCHA_PROVIDER: 'off',
      PIX_EXPIRY_SECONDS: '1800',
    });
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logLines.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.app.checkout.idle();
    await t.close();
  });

  const send = async <T>(path: string, init: RequestInit = {}) => {
    if (typeof init.body === 'string') bodies.push(init.body);
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };

  /** A verified buyer with a cart of `quantity` tickets of a fresh event. */
  const buyer = async (quantity = 2, fixture?: TCartFixture) => {
    const f = fixture ?? (await createCartFixture(t.database.db));
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const sessionId = added.body.sessionID;
    const headers = (key: string) =>
      withCookie(person.cookie, { 'x-session-id': sessionId, 'idempotency-key': key }).headers;
    const pay = (key: string, body: unknown) =>
      send<TPaymentAnswer & TError>('/checkout/v1', {
        method: 'POST',
        headers: headers(key),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const getCart = () =>
      t.json<TCartAnswer & TError>('/api/v3/getcart', { sessionId }, { headers: { cookie: person.cookie } });
    return { f, person, sessionId, pay, getCart };
  };
  const card = (outcome: 'apro' | 'rej' | 'pend', extra: Record<string, unknown> = {}) => ({
    paymentType: 'credit_card',
    card: { token: token(outcome), installments: 1 },
    ...extra,
  });
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;

  it('approves a card payment: one order, tickets per unit signed for offline checks, holds become sales, cart gone', async () => {
    const b = await buyer(2);
    const paid = await b.pay('key-approved-1', card('apro'));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'approved',
      transactionStatus: 'success',
      orderStatus: 3,
      message: '',
    });
    const issued = await t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId));
    expect(issued).toHaveLength(2);
    expect(new Set(issued.map((x) => x.qr)).size).toBe(2);
    const { body: key } = await send<{ jwk: Record<string, string> }>('/api/tickets/public-key');
    const publicKey = await importJWK(key.jwk, 'EdDSA');
    const { payload } = await jwtVerify(issued[0]!.qr, publicKey);
    const claims = ticketClaimsOf(payload);
    expect(claims).toMatchObject({ eid: b.f.eventId, lot: b.f.lotId, v: 1 });
    expect(issued.map((x) => x.id)).toContain(claims.tid);
    // Short enough for a QR a gate reads at arm's length: version 10 at level M, not 13.
    expect(QRCode.create(issued[0]!.qr, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(10);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 2, held: 0 });
    const cart = await b.getCart();
    expect(cart.body.cart).toBeNull();
    // My tickets lists them with a QR image.
    const mine = await send<{ upcoming: { tickets: { qrSvg: string }[] }[] }>('/api/tickets/mine', {
      headers: { cookie: b.person.cookie },
    });
    expect(mine.body.upcoming[0]!.tickets).toHaveLength(2);
    expect(mine.body.upcoming[0]!.tickets[0]!.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    const pdf = await t.request('/api/tickets/pdf', { headers: { cookie: b.person.cookie } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await t.app.checkout.idle();
  });

  it('declines a rejected card with the §8 message and keeps the cart and its holds', async () => {
    const b = await buyer(2);
    const declined = await b.pay('key-rejected-1', card('rej'));
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe(
      'Seu pagamento não foi autorizado, por favor, tente novamente. Recomendamos que tente com outro cartão ou por outro meio de pagamento.',
    );
    expect(declined.body).toMatchObject({ status: 'rejected', transactionStatus: 'error', orderStatus: 7 });
    const cart = await b.getCart();
    expect(cart.body.cart?.items[0]?.quantity).toBe(2);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 2 });
    // A new attempt on the same cart may then succeed.
    const retried = await b.pay('key-rejected-2', card('apro'));
    expect(retried.body.orderStatus).toBe(3);
  });

  it('in_process clears the cart, keeps the order awaiting payment (status 1) and says processing, not error', async () => {
    const b = await buyer(1);
    const pending = await b.pay('key-pending-1', card('pend'));
    expect(pending.body).toMatchObject({
      status: 'in_process',
      transactionStatus: 'processing',
      orderStatus: 1,
    });
    expect((await b.getCart()).body.cart).toBeNull();
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 1 });
  });

  it('the same Idempotency-Key twice (and concurrently) gives one order and one charge', async () => {
    const b = await buyer(2);
    const body = card('apro');
    const [first, second] = await Promise.all([b.pay('key-idem-1', body), b.pay('key-idem-1', body)]);
    const third = await b.pay('key-idem-1', body);
    expect(first.body.orderId).toBe(second.body.orderId);
    expect(third.body.orderId).toBe(first.body.orderId);
    const list = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, 'key-idem-1'));
    expect(list).toHaveLength(1);
    const charged = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, first.body.orderId));
    expect(charged).toHaveLength(1);
    const atGateway = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalRef, charged[0]!.id));
    expect(atGateway).toHaveLength(1);
    expect(
      await t.database.db.select().from(tickets).where(eq(tickets.orderId, first.body.orderId)),
    ).toHaveLength(2);
    // The same key for another request is refused.
    const other = await b.pay('key-idem-1', { paymentType: 'pix' });
    expect(other.status).toBe(422);
  });

  it('Pix: a real BR Code with CRC, holds kept until it expires, concurrent approvals issue tickets once', async () => {
    const b = await buyer(2);
    const created = await b.pay('key-pix-1', { paymentType: 'pix' });
    expect(created.body).toMatchObject({ status: 'pending', transactionStatus: 'pending', orderStatus: 1 });
    const pix = created.body.pix!;
    expect(pix.qrCode).toMatch(/^000201.*5802BR.*6304[0-9A-F]{4}$/);
    expect(pix.qrCodeImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const expires = Date.parse(pix.expiresAt);
    expect((await b.getCart()).body.cart).toBeNull();
    const holds = (await t.database.db.execute(
      sql`select min(expires_at) as e from cart_holds h join orders o on o.cart_id = h.cart_id where o.id = ${created.body.orderId}`,
    )) as unknown as { rows: { e: Date | string }[] };
    expect(new Date(holds.rows[0]!.e).getTime()).toBe(expires);
    const status = await send<{ PaymentStatus: string }>(
      `/api/newtickettransaction/${created.body.paymentId}/payment-status`,
      { headers: { cookie: b.person.cookie } },
    );
    expect(status.body.PaymentStatus).toBe('pending');

    const approvals = await Promise.all(
      Array.from({ length: 6 }, () =>
        settlePayment(
          t.app.checkout,
          created.body.paymentId,
          // As the gateway reports it: for the order's amount, in its currency (issue 31).
          {
            status: 'approved',
            statusDetail: 'accredited',
            amountCents: Math.round(created.body.total * 100),
            currency: created.body.currency,
          },
          'pt-BR',
        ),
      ),
    );
    expect(approvals.reduce((n, a) => n + a.issued, 0)).toBe(2);
    expect(
      await t.database.db.select().from(tickets).where(eq(tickets.orderId, created.body.orderId)),
    ).toHaveLength(2);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 2, held: 0 });
    const mp = await send<{ status: string; order_status: number }>(
      `/api/v1/mercadopago/payments/${created.body.paymentId}`,
      { headers: { cookie: b.person.cookie } },
    );
    expect(mp.body.order_status).toBe(3);
  });

  it("the sandbox 'simulate payment' settles a Pix; a sold-out lot meanwhile refunds with the §8 message", async () => {
    const b = await buyer(1, await createCartFixture(t.database.db, { lotCapacity: 1 }));
    const created = await b.pay('key-pix-2', { paymentType: 'pix' });
    // The hold lapses and someone else buys the last unit.
    await t.database.db.execute(
      sql`update cart_holds set expires_at = now() - interval '1 second' where lot_id = ${b.f.lotId}`,
    );
    await t.database.db.execute(sql`update ticket_lots set held = 0, sold = 1 where id = ${b.f.lotId}`);
    await t.database.db.execute(sql`update cart_holds set released = true where lot_id = ${b.f.lotId}`);
    // Only the Pix's buyer may simulate paying it: anyone else, or nobody logged in, is refused.
    const stranger = await register(t);
    const sandboxPay = (cookie?: string) =>
      t.request(`/sandbox-gateway/pix/${created.body.paymentId}/pay`, {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          'sec-fetch-site': 'same-origin',
          ...(cookie ? { cookie } : {}),
        },
      });
    expect((await sandboxPay()).status).toBe(401);
    expect((await sandboxPay(stranger.cookie)).status).toBe(404);
    const simulated = await sandboxPay(b.person.cookie);
    expect(simulated.status).toBe(200);
    const answer = await send<TPaymentAnswer>(`/api/checkout/orders/${created.body.orderId}`, {
      headers: { cookie: b.person.cookie },
    });
    expect(answer.body).toMatchObject({
      orderStatus: 6,
      message: 'Este lote já esgotou, aguarde até que o próximo seja liberado.',
    });
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 1, held: 0 });
  });

  it('a Pix paid after one of its holds lapsed sells the other and the rest from what is free; nothing of the cart is left', async () => {
    const b = await buyer(2, await createCartFixture(t.database.db, { lotCapacity: 5 }));
    const more = await t.json('/api/v4/addtocart', { sessionId: b.sessionId, lotId: b.f.lotId, quantity: 1 });
    expect(more.status).toBe(200);
    const created = await b.pay('key-pix-lapsed', { paymentType: 'pix' });
    expect(created.status).toBe(200);
    // The first hold (two units) lapses and is given back, as the sweeper would; the second is live.
    await t.database.db.execute(
      sql`update cart_holds set expires_at = now() - interval '1 second', released = true
          where id = (select min(id) from cart_holds where lot_id = ${b.f.lotId})`,
    );
    await t.database.db.execute(sql`update ticket_lots set held = held - 2 where id = ${b.f.lotId}`);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 0, held: 1 });
    const paid = await t.request(`/sandbox-gateway/pix/${created.body.paymentId}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', cookie: b.person.cookie },
    });
    expect(paid.status).toBe(200);
    const answer = await send<TPaymentAnswer>(`/api/checkout/orders/${created.body.orderId}`, {
      headers: { cookie: b.person.cookie },
    });
    expect(answer.body.orderStatus).toBe(3);
    expect(await lot(b.f.lotId)).toMatchObject({ sold: 3, held: 0 });
    const left = await rows<{ holds: number; carts: number; issued: number }>(
      t.database.db,
      sql`select (select count(*)::int from cart_holds where lot_id = ${b.f.lotId}) as holds,
                 (select count(*)::int from carts c join orders o on o.cart_id = c.id where o.id = ${created.body.orderId}) as carts,
                 (select count(*)::int from tickets where order_id = ${created.body.orderId}) as issued`,
    );
    expect(left).toEqual([{ holds: 0, carts: 0, issued: 3 }]);
  });

  it('never takes a price from the browser: item prices are ignored, a different total is refused, the cart total is charged', async () => {
    const b = await buyer(2);
    const cart = (await b.getCart()).body.cart!;
    const tampered = await b.pay(
      'key-price-1',
      card('apro', {
        totalTicketValue: 0.01,
        items: [{ lotId: b.f.lotId, value: 0 }],
        protection: { value: 0 },
      }),
    );
    expect(tampered.status).toBe(409);
    expect(tampered.body.code).toBe('amount_changed');
    const paid = await b.pay(
      'key-price-2',
      card('apro', { totalTicketValue: cart.totals.total, items: [{ lotId: b.f.lotId, value: 0 }] }),
    );
    expect(paid.body.total).toBe(cart.totals.total);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, paid.body.orderId));
    expect(payment!.amountCents).toBe(Math.round(cart.totals.total * 100));
  });

  it('identification: per-CPF limits, repeated and online flags, transfers never reuse a CPF', async () => {
    const f = await createCartFixture(t.database.db);
    const [lotRow] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    await t.database.db
      .update(eventTickets)
      .set({ ticketsPerCpf: 1 })
      .where(eq(eventTickets.id, lotRow!.ticketId));
    await t.catalogue.refresh();
    const b = await buyer(2, f);
    const a = cpf('529982247');
    const c2 = cpf('111444777');
    const check = await send<{ ok: boolean; message: string; cpfs: { repeated: boolean; valid: boolean }[] }>(
      '/api/CheckTicketsPerCPF',
      {
        method: 'POST',
        headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId }).headers,
        body: JSON.stringify({ ticketId: lotRow!.ticketId, eventId: f.eventId, cpfs: [a, a] }),
      },
    );
    expect(check.body.ok).toBe(false);
    expect(check.body.cpfs.map((x) => [x.valid, x.repeated])).toEqual([
      [true, false],
      [true, true],
    ]);
    const invalid = await send<{ ok: boolean; cpfs: { repeated: boolean; valid: boolean }[] }>(
      '/api/CheckTicketsPerCPF',
      {
        method: 'POST',
        headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId }).headers,
        body: JSON.stringify({ ticketId: lotRow!.ticketId, eventId: f.eventId, cpfs: [a, '12345678900'] }),
      },
    );
    expect(invalid.body.cpfs.map((x) => [x.valid, x.repeated])).toEqual([
      [true, false],
      [false, false],
    ]);
    const repeated = await b.pay(
      'key-id-1',
      card('apro', { identificationTickets: [{ indexItem: 0, cpfs: [a, a] }] }),
    );
    expect(repeated.status).toBe(400);
    expect(repeated.body.code).toBe('cpf_repeated');
    const missing = await b.pay('key-id-2', card('apro'));
    expect(missing.body.code).toBe('cpf_missing');
    const twice = await b.pay(
      'key-id-3',
      card('apro', {
        identificationTickets: [{ indexItem: 0, cpfs: [a, c2] }],
        transfers: [
          { destinationCpf: a, indexItem: 0 },
          { destinationCpf: a, indexItem: 0 },
        ],
      }),
    );
    expect(twice.body.code).toBe('transfer_repeated');
    const ok = await b.pay(
      'key-id-4',
      card('apro', { identificationTickets: [{ indexItem: 0, cpfs: [a, c2] }] }),
    );
    expect(ok.body.orderStatus).toBe(3);
    const holders = await t.database.db.select().from(tickets).where(eq(tickets.orderId, ok.body.orderId));
    expect(holders.map((x) => x.holderCpf).sort()).toEqual([a, c2].sort());
    // The CPF now holds its one ticket: the online check blocks it.
    // (A cart of the buyer's holding that ticket again: the check answers only for one's own cart.)
    const again = await t.json<TCartAnswer>(
      '/api/v4/addtocart',
      { lotId: f.lotId, quantity: 1 },
      { headers: { cookie: b.person.cookie } },
    );
    const online = await send<{ cpfs: { online: boolean }[] }>('/api/CheckTicketsPerCPF', {
      method: 'POST',
      headers: withCookie(b.person.cookie, { 'x-session-id': again.body.sessionID }).headers,
      body: JSON.stringify({ ticketId: lotRow!.ticketId, eventId: f.eventId, cpfs: [a] }),
    });
    expect(online.body.cpfs[0]!.online).toBe(true);
  });

  it('guards: unverified e-mail and incomplete profile are refused with the spec messages', async () => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity: 1 });
    const headers = withCookie(person.cookie, {
      'x-session-id': added.body.sessionID,
      'idempotency-key': 'key-guard-1',
    }).headers;
    const unverified = await send<TError>('/checkout/v1', {
      method: 'POST',
      headers,
      body: JSON.stringify(card('apro')),
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body.Message).toBe('Confirme seu email para adquirir seus ingressos.');
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), cityIbge: null })
      .where(eq(users.id, person.userId));
    const incomplete = await send<TError>('/checkout/v1', {
      method: 'POST',
      headers,
      body: JSON.stringify(card('apro')),
    });
    expect(incomplete.body.Message).toBe('Para finalizar sua compra, complete o seu cadastro.');
    const anonymous = await send<TError>('/checkout/v1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'key-guard-2' },
      body: JSON.stringify(card('apro')),
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses to pay an open table below its minimum, sending the page to the map, and pays it once completed', async () => {
    const b = await buyer(1);
    const seat = { sessionId: b.sessionId, lotId: b.f.openTableLotId, controlledPlaceId: b.f.openTableId };
    for (const quantity of [1, 1]) {
      expect((await t.json<TCartAnswer>('/api/v4/addtocart', { ...seat, quantity })).status).toBe(200);
    }
    // Two seats of a table whose minimum is three: the payment call refuses, nothing is reserved.
    const refused = await t.request('/checkout/v1', {
      method: 'POST',
      headers: withCookie(b.person.cookie, { 'x-session-id': b.sessionId, 'idempotency-key': 'key-table-1' })
        .headers,
      body: JSON.stringify(card('apro')),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as TError).Message).toBe(
      'Complete as mesas do seu carrinho antes de pagar.',
    );
    expect(refused.headers.get('x-redirect')).toBe(`/eventmap/${b.f.slug}`);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, b.person.userId))).toEqual([]);
    // The third seat completes it: the same buyer pays, and the table's seats are sold.
    expect((await t.json<TCartAnswer>('/api/v4/addtocart', { ...seat, quantity: 1 })).status).toBe(200);
    const paid = await b.pay('key-table-2', card('apro'));
    expect(paid.status).toBe(200);
    expect(paid.body.orderStatus).toBe(3);
    expect(await lot(b.f.openTableLotId)).toMatchObject({ sold: 3, held: 0 });
  });

  it('malformed payloads are 400, never 500', async () => {
    const b = await buyer(1);
    const bad = [
      'not json',
      '[]',
      JSON.stringify({ paymentType: 'bitcoin' }),
      JSON.stringify({ paymentType: 'credit_card', card: { token: 'x', installments: 99 } }),
      JSON.stringify({ paymentType: 'pix', identificationTickets: 'nope' }),
      JSON.stringify({
        paymentType: 'credit_card',
        card: { token: 'sbx_aaaaaaaaaa', installments: 1, cvv: 1 },
      }),
    ];
    for (const body of bad) {
      const answer = await b.pay('key-bad-1', body);
      expect(answer.status, body).toBe(400);
    }
    expect((await b.pay('short', card('apro'))).status).toBe(400);
    const installments = await send<unknown>(`/api/socialEvent/${b.f.eventId}/getInstallments?value=abc`);
    expect(installments.status).toBe(400);
    const check = await send<unknown>('/api/CheckTicketsPerCPF', {
      method: 'POST',
      headers: withCookie(b.person.cookie).headers,
      body: JSON.stringify({ ticketId: 'x', cpfs: 5 }),
    });
    expect(check.status).toBe(400);
    const status = await send<unknown>('/api/newtickettransaction/not-a-uuid/payment-status', {
      headers: { cookie: b.person.cookie },
    });
    expect(status.status).toBe(404);
  });

  it('installments: interest-free for noInterest tickets, compounded interest otherwise', async () => {
    const f = await createCartFixture(t.database.db);
    const withInterest = await send<{ installments: number; totalValue: number; noInterest: boolean }[]>(
      `/api/socialEvent/${f.eventId}/getInstallments?value=100`,
    );
    expect(withInterest.body[0]).toMatchObject({ installments: 1, totalValue: 100, noInterest: true });
    expect(withInterest.body[2]!.totalValue).toBeGreaterThan(100);
    await t.database.db.execute(
      sql`update event_tickets set no_interest = true where section_id in (select id from event_sections where event_id = ${f.eventId})`,
    );
    const free = await send<{ totalValue: number; noInterest: boolean }[]>(
      `/api/socialEvent/${f.eventId}/getInstallments?value=100`,
    );
    expect(free.body.every((o) => o.totalValue === 100 && o.noInterest)).toBe(true);
  });

  it('no card number or CVV reached the API, the logs or any table', async () => {
    // The card payments above sent only tokens; this one too, while the number stays in the form.
    const b = await buyer(1);
    await b.pay('key-scan-1', card('apro'));
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain(CARD);
      expect(body).not.toMatch(/"(number|cvv)"\s*:\s*"/);
    }
    for (const line of logLines) {
      expect(line).not.toContain(CARD);
      // As a value of its own: the four digits also turn up inside request ids (uuids) and times.
      expect(line).not.toMatch(CVV_ALONE);
    }
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    for (const { table_name } of tables.rows) {
      const dump = (await t.database.db.execute(
        sql.raw(`select coalesce(string_agg(x::text, ' '), '') as d from "${table_name}" x`),
      )) as unknown as { rows: { d: string }[] };
      expect(dump.rows[0]!.d, table_name).not.toContain(CARD);
    }
  });
});

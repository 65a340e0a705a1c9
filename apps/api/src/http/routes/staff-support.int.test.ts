import type { TBiometryReviewAnswer, TBiometryUserStatusAnswer } from '@ingressos/contracts/biometry';
import type {
  TStaffBiometryReviewsAnswer,
  TStaffBuyerSearchAnswer,
  TStaffEventsAnswer,
  TStaffOrderDetail,
  TStaffOrderSearchAnswer,
  TStaffResendTicketsAnswer,
} from '@ingressos/contracts/staff-support';
import { BIOMETRY_STATUS as S } from '@ingressos/domain/biometry';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from '../../db/orm.ts';
import { eventCancellations, orders, outboxMessages, staffAuditLog } from '../../db/schema/index.ts';
import {
  fromIp,
  PASSWORD,
  register,
  type TRegistered,
  uniqueCpf,
  withCookie,
} from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createStandInFaceEngine, standInCapture } from '../../testing/face-engine-stand-in.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
let serial = 0;
/** Card numbers' last four no other order of this file has. */
const nextLast4 = () => String(4000 + (++serial % 5000)).padStart(4, '0');
const token = (last4: string) =>
  `sbx_apro_visa_${last4}_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
const punctuated = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/**
 * Issue 33, the support agent's and the biometry reviewer's calls, as the console uses them: each
 * search kind finds the order it names and no other, the detail's timeline tells the purchase,
 * resend and unlock do what support promises the buyer, the reviewer's decisions change the
 * buyer's status card; each leaves its audit line.
 */
describe.each(testDatabases())('staff support calls on %s', (kind) => {
  let t: TTestApp;
  let support: { cookie: string; id: string };
  let reviewer: { cookie: string; id: string };

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { CAPTCHA_PROVIDER: 'off', BIOMETRY_IMAGE_RETENTION_HOURS: '1' },
      { faceEngine: createStandInFaceEngine() },
    );
    support = await staffSession(t.database.db, { role: 'support' });
    reviewer = await staffSession(t.database.db, { role: 'biometry_reviewer' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const call = async <T>(path: string, cookie: string, body?: unknown) => {
    const response = await t.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as T & TError, text };
  };
  const search = (q: string, cursor?: string) =>
    call<TStaffOrderSearchAnswer>(
      `/api/staff/orders?q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`,
      support.cookie,
    );
  const detail = (orderId: string) => call<TStaffOrderDetail>(`/api/staff/orders/${orderId}`, support.cookie);
  const auditOf = (action: string, targetId: string) =>
    t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, targetId)));

  /** A purchase made as a buyer makes it: a cart, the checkout, a card with `last4`. */
  async function cardPurchase(last4 = nextLast4()) {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 2);
    const paid = await b.pay(`support-${last4}`, {
      paymentType: 'credit_card',
      card: { token: token(last4), installments: 1 },
    });
    expect(paid.body).toMatchObject({ orderStatus: ORDER_STATUS.PAGO });
    return { buyer: b.person, orderId: paid.body.orderId as string, last4 };
  }

  it('finds an order by CPF, e-mail, code and last four, each naming it and no other, with the CPF masked', async () => {
    const one = await cardPurchase();
    const other = await cardPurchase();
    const cpf = one.buyer.input.cpf;
    const code = one.orderId.slice(0, 8).toUpperCase();
    for (const [q, kindOf] of [
      [punctuated(cpf), 'cpf'],
      [cpf, 'cpf'],
      [one.buyer.input.email.toUpperCase(), 'email'],
      [code, 'code'],
      [`Pedido ${code.toLowerCase()}`, 'code'],
      [one.last4, 'last4'],
    ] as const) {
      const found = await search(q);
      expect(found.status, q).toBe(200);
      expect(found.body.kind).toBe(kindOf);
      expect(found.body.orders.map((o) => o.orderId)).toEqual([one.orderId]);
      expect(found.text).not.toContain(cpf);
      expect(found.text).not.toContain(other.orderId);
    }
    const [hit] = (await search(cpf)).body.orders;
    expect(hit).toMatchObject({
      code,
      statusName: 'PAGO',
      buyerName: one.buyer.input.name,
      buyerDocumentMasked: masked(cpf),
      method: 'credit_card',
    });
    expect(hit!.eventName).not.toBe('');
    expect((await search(other.last4)).body.orders.map((o) => o.orderId)).toEqual([other.orderId]);
  });

  it("finds an order by a holder's CPF, not only the buyer's", async () => {
    const { orderId } = await cardPurchase();
    // A unit identified for someone else (what the identification step writes on the ticket).
    const holder = uniqueCpf();
    await t.database.db.execute(
      sql`update tickets set holder_cpf = ${holder} where order_id = ${orderId} and unit = 1`,
    );
    const found = await search(punctuated(holder));
    expect(found.body).toMatchObject({ kind: 'cpf', orders: [{ orderId }] });
    expect(found.body.orders).toHaveLength(1);
  });

  it('finds a Pix by the end-to-end id the bank gave when it settled', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const created = await b.pay('support-pix', { paymentType: 'pix' });
    expect(created.status).toBe(200);
    const pay = await t.request(`/sandbox-gateway/pix/${created.body.paymentId}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', cookie: b.person.cookie },
    });
    expect(pay.status).toBe(200);
    const seen = await detail(created.body.orderId);
    const e2e = seen.body.charges[0]!.pixEndToEndId;
    expect(e2e).toMatch(/^E\d{8}\d{12}[0-9A-Z]{11}$/);
    const found = await search(e2e!.toLowerCase());
    expect(found.body).toMatchObject({
      kind: 'pix_e2e',
      orders: [{ orderId: created.body.orderId, statusName: 'PAGO' }],
    });
  });

  it('pages 25 at a time, newest first, each order once (ties in time broken by id)', async () => {
    const { buyer, orderId } = await cardPurchase();
    const [model] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    // 29 more orders of the same buyer, three of them made in the same microsecond.
    await t.database.db.execute(sql`insert into orders (id, user_id, cart_id, event_id, idempotency_key, request_hash,
        status, method, total_cents, currency, lines, buyer_document, created_at)
      select gen_random_uuid()::text, ${model!.userId}, 'page-' || n, ${model!.eventId}, 'page-' || n, 'x',
        ${ORDER_STATUS.CANCELADO}, 'pix', 100, 'BRL', ${JSON.stringify(model!.lines)}::jsonb, ${model!.buyerDocument},
        timestamptz '2026-01-01T10:00:00Z' - (least(n, 27) * interval '1 minute')
      from generate_series(1, 29) as n`);
    const first = await search(buyer.input.email);
    expect(first.body.orders).toHaveLength(25);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await search(buyer.input.email, first.body.nextCursor!);
    expect(second.body.orders).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.orders, ...second.body.orders];
    expect(new Set(all.map((o) => o.orderId)).size).toBe(30);
    expect(all[0]!.orderId).toBe(orderId);
    const times = all.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses text that is no key, and a forged cursor, with the message', async () => {
    for (const q of ['hello', '123', '12345678901234', 'Pedido xyz']) {
      const refused = await search(q);
      expect(refused.status, q).toBe(400);
      expect(refused.body.Message).toMatch(/CPF/);
    }
    expect((await search('1234', 'bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await call(`/api/staff/orders?q=`, support.cookie)).status).toBe(400);
  });

  it("shows the order's detail and timeline: the cart's holds, created, the payment, the tickets, the e-mail; the view is audited", async () => {
    const { buyer, orderId, last4 } = await cardPurchase();
    await t.app.outbox.drain();
    const seen = await detail(orderId);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(buyer.input.cpf);
    expect(seen.text).not.toContain(buyer.input.phone);
    expect(seen.body.buyer).toMatchObject({
      id: buyer.userId,
      email: buyer.input.email,
      documentMasked: masked(buyer.input.cpf),
      phoneMasked: '(**) *****-4321',
    });
    expect(seen.body.order).toMatchObject({ id: orderId, statusName: 'PAGO' });
    expect(seen.body.charges).toEqual([
      expect.objectContaining({
        part: null,
        status: 'approved',
        cardBrand: 'visa',
        cardLast4: last4,
        refundedCents: 0,
      }),
    ]);
    expect(seen.body.tickets).toHaveLength(2);
    expect(seen.body.tickets.every((ticket) => ticket.state === 'valid')).toBe(true);
    const kinds = seen.body.timeline.map((entry) => entry.kind);
    // First what the cart held (its two units, and until when), then the order made of it.
    expect(kinds.slice(0, 2)).toEqual(['cart_held', 'order_created']);
    const held = seen.body.timeline[0]!;
    expect(held.detail.units).toBe(2);
    expect(Date.parse(String(held.detail.heldUntil))).toBeGreaterThan(Date.parse(held.at));
    expect(kinds).toEqual(expect.arrayContaining(['payment', 'ticket_issued', 'message', 'staff_action']));
    expect(kinds.filter((k) => k === 'ticket_issued')).toHaveLength(2);
    const mail = seen.body.timeline.find((entry) => entry.kind === 'message')!;
    expect(mail.detail.status).toBe('sent');
    const times = seen.body.timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    const views = await auditOf('order.view', orderId);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ staffId: support.id, targetType: 'order' });
    expect((await detail('00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('resends a paid order’s tickets through the outbox (a new message, audited); a pending order has none', async () => {
    const { orderId } = await cardPurchase();
    const ofOrder = () =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order_confirmation:${orderId}%`));
    expect(await ofOrder()).toHaveLength(1);
    const resent = await call<TStaffResendTicketsAnswer>(
      `/api/staff/orders/${orderId}/resend-tickets`,
      support.cookie,
      {},
    );
    expect(resent.status).toBe(200);
    const messages = await ofOrder();
    expect(messages).toHaveLength(2);
    expect(messages.map((m) => m.id)).toContain(resent.body.messageId);
    expect(await auditOf('order.resend_tickets', orderId)).toHaveLength(1);
    const timeline = (await detail(orderId)).body.timeline;
    expect(timeline.filter((entry) => entry.kind === 'message')).toHaveLength(2);

    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 1);
    const pending = await b.pay('support-pending', { paymentType: 'pix' });
    const refused = await call(
      `/api/staff/orders/${pending.body.orderId}/resend-tickets`,
      support.cookie,
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('Só um pedido pago tem ingressos para reenviar.');
  });

  it('unlocks a buyer locked out by failed logins, who then logs in; finds the buyer by e-mail or CPF', async () => {
    const person = await register(t);
    const login = (password: string) =>
      t.app.request(
        'http://localhost/api/v2/websiteuserlogin',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: person.input.email, password }),
        },
        fromIp('203.0.113.90'),
      );
    for (let i = 0; i < 10; i += 1) expect((await login(`Errada#${i}xx`)).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(429);
    const found = await call<TStaffBuyerSearchAnswer>(
      `/api/staff/buyers?q=${encodeURIComponent(punctuated(person.input.cpf))}`,
      support.cookie,
    );
    expect(found.body.buyers).toEqual([
      {
        id: person.userId,
        name: person.input.name,
        email: person.input.email,
        documentMasked: masked(person.input.cpf),
        ordersCount: 0,
      },
    ]);
    const byMail = await call<TStaffBuyerSearchAnswer>(
      `/api/staff/buyers?q=${person.input.email}`,
      support.cookie,
    );
    expect(byMail.body.buyers.map((b) => b.id)).toEqual([person.userId]);
    const unlocked = await call(`/api/staff/buyers/${person.userId}/unlock`, support.cookie, {});
    expect(unlocked.status).toBe(200);
    expect((await login(PASSWORD)).status).toBe(200);
    expect(await auditOf('buyer.unlock', person.userId)).toHaveLength(1);
  });

  it('lists the events by name with their state, paid orders, tickets and last job; a producer sees only theirs', async () => {
    const f = await createCartFixture(t.database.db);
    const b = await checkoutBuyer(t);
    await b.add(f.lotId, 2);
    const last4 = nextLast4();
    const paid = await b.pay(`events-${last4}`, {
      paymentType: 'credit_card',
      card: { token: token(last4), installments: 1 },
    });
    expect(paid.body).toMatchObject({ orderStatus: ORDER_STATUS.PAGO });
    const [job] = await t.database.db
      .insert(eventCancellations)
      .values({ eventId: f.otherEventId, kind: 'cancel', reason: 'Chuva', status: 'done' })
      .returning({ id: eventCancellations.id });
    const admin = await staffSession(t.database.db, { role: 'admin' });
    const all = await call<TStaffEventsAnswer>('/api/staff/events', admin.cookie);
    expect(all.status).toBe(200);
    const sold = all.body.events.find((e) => e.id === f.eventId);
    expect(sold).toMatchObject({ state: 'on_sale', paidOrders: 1, ticketsSold: 2, lastJob: null });
    expect(sold!.name).not.toBe('');
    expect(sold!.city).not.toBe('');
    expect(all.body.events.find((e) => e.id === f.otherEventId)).toMatchObject({
      state: 'cancelled',
      paidOrders: 0,
      lastJob: { id: job!.id, kind: 'cancel', status: 'done' },
    });
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.otherEventId] });
    const theirs = await call<TStaffEventsAnswer>('/api/staff/events', producer.cookie);
    expect(theirs.body.events.map((e) => e.id)).toEqual([f.otherEventId]);
    const refused = await call<TStaffEventsAnswer>('/api/staff/events', support.cookie);
    expect(refused.status).toBe(403);
  });

  describe('the biometry review queue', () => {
    const statusOf = async (person: TRegistered) => {
      const response = await t.request(`/v1/biometry/user/${person.userId}`, {
        headers: { cookie: person.cookie },
      });
      return ((await response.json()) as TBiometryUserStatusAnswer).data;
    };
    /** A buyer whose capture passed only narrowly: the face check sends it to a person. */
    async function underReview() {
      const buyer = await register(t);
      const started = await t.json<{ uuid: string }>(
        '/v1/biometry/startBiometry',
        {},
        withCookie(buyer.cookie),
      );
      const capture = await t.json<{ data: { biometryStatusId: number } }>(
        '/v1/biometry/create',
        {
          uuid: started.body.uuid,
          frames: standInCapture({ faces: [`support-${Date.now()}-${++serial}`], borderline: true }),
        },
        withCookie(buyer.cookie),
      );
      expect(capture.body.data.biometryStatusId).toBe(S.MANUAL_VERIFICATION);
      return { buyer, uuid: started.body.uuid };
    }

    it('lists enrolments under review with the buyer’s name (no CPF), serves the frame to the reviewer only (audited), and the decisions change the buyers’ status', async () => {
      const approved = await underReview();
      const rejected = await underReview();
      expect((await statusOf(approved.buyer))?.statusId).toBe(S.MANUAL_VERIFICATION);
      const queue = await call<TStaffBiometryReviewsAnswer>('/api/staff/biometry/reviews', reviewer.cookie);
      expect(queue.status).toBe(200);
      const mine = queue.body.reviews.filter((r) => r.uuid === approved.uuid || r.uuid === rejected.uuid);
      expect(mine.map((r) => r.uuid)).toEqual([approved.uuid, rejected.uuid]);
      expect(mine[0]).toMatchObject({
        buyerName: approved.buyer.input.name,
        statusName: 'MANUAL_VERIFICATION',
        reason: 'borderline',
        decidable: true,
        frames: 1,
      });
      expect(queue.text).not.toContain(approved.buyer.input.cpf);
      expect(queue.text).not.toContain(approved.buyer.input.email);

      const frame = await t.request(`/api/staff/biometry/reviews/${approved.uuid}/frames/0`, {
        headers: { cookie: reviewer.cookie },
      });
      expect(frame.status).toBe(200);
      expect(frame.headers.get('content-type')).toBe('image/jpeg');
      expect(frame.headers.get('cache-control')).toBe('no-store');
      expect((await frame.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(await auditOf('biometry.frames_view', approved.uuid)).toHaveLength(1);
      // Support never sees a face, nor does anyone without a session; a frame that is not kept is 404.
      for (const [headers, status] of [
        [{ cookie: support.cookie }, 403],
        [{}, 401],
      ] as const) {
        const refused = await t.request(`/api/staff/biometry/reviews/${approved.uuid}/frames/0`, { headers });
        expect(refused.status).toBe(status);
        expect(refused.headers.get('content-type')).not.toBe('image/jpeg');
      }
      expect((await call('/api/staff/biometry/reviews', support.cookie)).status).toBe(403);
      expect(
        (await call(`/api/staff/biometry/reviews/${approved.uuid}/frames/1`, reviewer.cookie)).status,
      ).toBe(404);
      expect(await auditOf('biometry.frames_view', approved.uuid)).toHaveLength(1);

      const yes = await call<TBiometryReviewAnswer>(
        `/api/staff/biometry/reviews/${approved.uuid}`,
        reviewer.cookie,
        {
          decision: 'approve',
          reason: 'Rosto nítido, mesma pessoa',
        },
      );
      expect(yes.body).toMatchObject({ statusName: 'ACTIVE' });
      const no = await call<TBiometryReviewAnswer>(
        `/api/staff/biometry/reviews/${rejected.uuid}`,
        reviewer.cookie,
        {
          decision: 'reject',
          reason: 'Foto de uma tela',
        },
      );
      expect(no.body).toMatchObject({ statusName: 'BLOCKED' });
      expect((await statusOf(approved.buyer))?.statusId).toBe(S.ACTIVE);
      expect((await statusOf(rejected.buyer))?.statusId).toBe(S.BLOCKED);
      expect(await auditOf('biometry.approve', approved.uuid)).toEqual([
        expect.objectContaining({ staffId: reviewer.id, reason: 'Rosto nítido, mesma pessoa' }),
      ]);
      expect(await auditOf('biometry.reject', rejected.uuid)).toHaveLength(1);
      // Decided: it leaves the queue, and deciding again is refused without a second audit line.
      const after = await call<TStaffBiometryReviewsAnswer>('/api/staff/biometry/reviews', reviewer.cookie);
      expect(after.body.reviews.map((r) => r.uuid)).not.toContain(approved.uuid);
      const again = await call(`/api/staff/biometry/reviews/${approved.uuid}`, reviewer.cookie, {
        decision: 'reject',
        reason: 'de novo',
      });
      expect(again.status).toBe(409);
      expect(await auditOf('biometry.reject', approved.uuid)).toHaveLength(0);
      const bad = await call(`/api/staff/biometry/reviews/${rejected.uuid}`, reviewer.cookie, {
        decision: 'maybe',
      });
      expect(bad.status).toBe(400);
    });
  });
});

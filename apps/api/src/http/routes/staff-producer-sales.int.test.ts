import type { TMyTicketsAnswer } from '@ingressos/contracts';
import type { TCheckInAnswer, TCourtesyList, TProducerDashboard } from '@ingressos/contracts/staff-producer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from '../../db/orm.ts';
import { orders, outboxMessages, staffAuditLog, ticketLots, tickets } from '../../db/schema/index.ts';
import { register } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { startedNow } from '../../testing/gate.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TErr = { code?: string; Message?: string; issues?: { path: string }[] };
const EVENTS = '/api/staff/producer/events';

/**
 * Issue 34: what a producer does with a sale under way: courtesies for named guests (counted
 * against the lot, in the guest's My tickets, through the gate), the dashboard's figures over a
 * known set of orders, and the orders and attendees CSVs (CPF masked but for an administrator).
 */
describe.each(testDatabases())('the producer runs a sale on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let producer: Awaited<ReturnType<typeof staffSession>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', PIX_EXPIRY_SECONDS: '1800' });
    f = await createCartFixture(t.database.db);
    producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.eventId] });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const call = async <T>(
    who: { headers: Record<string, string> },
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await t.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...who.headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('json');
    return { status: response.status, body: (json && text ? JSON.parse(text) : null) as T & TErr, text };
  };
  const courtesy = (eventId: number, lotId: number, guests: unknown[], who = producer) =>
    call<TCourtesyList>(who, 'POST', `${EVENTS}/${eventId}/courtesies`, { lotId, guests, note: 'Imprensa' });
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;

  it("issues a courtesy to a guest's account: counted on the lot, in My tickets, e-mailed, audited", async () => {
    const guest = await register(t);
    const before = await lot(f.lotId);
    const issued = await courtesy(f.eventId, f.lotId, [{ name: 'Convidada Imprensa', cpf: guest.input.cpf }]);
    expect(issued.status).toBe(201);
    expect(issued.body.courtesies).toHaveLength(1);
    const [one] = issued.body.courtesies;
    expect(one).toMatchObject({
      guestName: 'Convidada Imprensa',
      section: 'Pista',
      voided: false,
      checkedIn: false,
    });
    expect(one!.cpfMasked).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(one!.issuedBy).toBe(producer.email);
    expect((await lot(f.lotId)).sold).toBe(before.sold + 1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, one!.orderId));
    expect(order).toMatchObject({
      method: 'free',
      totalCents: 0,
      saleOrigin: 'Courtesy',
      status: 3,
      userId: guest.userId,
    });
    const mine = await t.request('/api/tickets/mine', { headers: { cookie: guest.cookie } });
    const answer = (await mine.json()) as TMyTicketsAnswer;
    expect(JSON.stringify(answer.upcoming)).toContain(one!.ticketId);
    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `order_confirmation:${one!.orderId}`));
    expect(mail).toHaveLength(1);
    const logged = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'courtesy.issue'), eq(staffAuditLog.targetId, String(f.eventId))));
    expect(logged.at(-1)).toMatchObject({ staffId: producer.id, reason: 'Imprensa' });
    expect(JSON.stringify(logged.at(-1)!.after)).not.toContain(guest.input.cpf);
    const list = await call<TCourtesyList>(producer, 'GET', `${EVENTS}/${f.eventId}/courtesies`);
    expect(list.body.courtesies.map((row) => row.ticketId)).toContain(one!.ticketId);
  });

  it("refuses an invalid CPF, a CPF without an account, another event's lot, and a lot without room", async () => {
    const guest = await register(t);
    const invalid = await courtesy(f.eventId, f.lotId, [{ name: 'Fulano', cpf: '123.456.789-00' }]);
    expect([invalid.status, invalid.body.code, invalid.body.issues?.[0]?.path]).toEqual([
      422,
      'courtesy_cpf_invalid',
      'guests[0].cpf',
    ]);
    const stranger = await courtesy(f.eventId, f.lotId, [{ name: 'Sem Conta', cpf: '529.982.247-25' }]);
    expect([stranger.status, stranger.body.code]).toEqual([422, 'courtesy_no_account']);
    expect(stranger.body.Message).toBe(
      'Este CPF não tem conta no site. Peça ao convidado para criar a conta e tente de novo.',
    );
    const otherLot = await courtesy(f.eventId, f.otherEventLotId, [
      { name: 'Convidado', cpf: guest.input.cpf },
    ]);
    expect([otherLot.status, otherLot.body.code]).toEqual([422, 'courtesy_lot_unknown']);
    expect((await lot(f.otherEventLotId)).sold).toBe(0);
    const small = await createCartFixture(t.database.db, { lotCapacity: 1 });
    const owner = await staffSession(t.database.db, { role: 'producer', eventIds: [small.eventId] });
    const two = [
      { name: 'Convidado Um', cpf: guest.input.cpf },
      { name: 'Convidado Dois', cpf: (await register(t)).input.cpf },
    ];
    const full = await courtesy(small.eventId, small.lotId, two, owner);
    expect([full.status, full.body.code]).toEqual([409, 'courtesy_no_room']);
    expect(await lot(small.lotId)).toMatchObject({ sold: 0, held: 0 });
    const orphan = await t.database.db.select().from(orders).where(eq(orders.eventId, small.eventId));
    expect(orphan).toEqual([]);
  });

  it('gives a reserved seat by its alias; a seated section needs one', async () => {
    const guest = await register(t);
    await t.database.db.execute(
      sql`update controlled_places set reserved = true where id = ${f.seatIds[0]!}`,
    );
    const none = await courtesy(f.eventId, f.seatLotId, [{ name: 'Convidado', cpf: guest.input.cpf }]);
    expect([none.status, none.body.code]).toEqual([422, 'courtesy_place_required']);
    const seated = await courtesy(f.eventId, f.seatLotId, [
      { name: 'Convidado', cpf: guest.input.cpf, place: 'A1' },
    ]);
    expect(seated.status).toBe(201);
    expect(seated.body.courtesies[0]).toMatchObject({ section: 'Plateia', place: 'A1' });
    const [place] = await t.database.db
      .execute(sql`select sold from controlled_places where id = ${f.seatIds[0]!}`)
      .then((r) => (r as unknown as { rows: { sold: number }[] }).rows);
    expect(Number(place!.sold)).toBe(1);
  });

  it('adds up a card sale, a Pix sale, a refund, a courtesy and a check-in on the dashboard', async () => {
    const g = await createCartFixture(t.database.db);
    const owner = await staffSession(t.database.db, { role: 'producer', eventIds: [g.eventId] });
    const card = await checkoutBuyer(t);
    await card.add(g.lotId, 1);
    const cardPaid = await card.pay('dash-card', cardBody('apro'));
    expect(cardPaid.body.orderStatus).toBe(3);
    const pix = await checkoutBuyer(t);
    await pix.add(g.lotId, 2);
    const pixCreated = await pix.pay('dash-pix', { paymentType: 'pix' });
    const settle = await t.request(`/sandbox-gateway/pix/${pixCreated.body.paymentId}/pay`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        cookie: pix.person.cookie,
      },
    });
    expect(settle.status).toBe(200);
    expect((await pix.poll(pixCreated.body.orderId)).body.orderStatus).toBe(3);
    const support = await staffSession(t.database.db, { role: 'support' });
    const refunded = await call(support, 'POST', `/api/staff/orders/${cardPaid.body.orderId}/refunds`, {
      reason: 'Pedido do comprador',
    });
    expect(refunded.status).toBe(201);
    await t.app.checkout.idle();
    const guest = await register(t);
    expect(
      (await courtesy(g.eventId, g.lotId, [{ name: 'Convidado', cpf: guest.input.cpf }], owner)).status,
    ).toBe(201);
    const [first] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, pixCreated.body.orderId));
    // The door admits on the event's day only (a courtesy, above, is given before it starts).
    await startedNow(t.database.db, g.eventId);
    const scan = await call<TCheckInAnswer>(owner, 'POST', '/api/staff/gate/check-ins', {
      qr: first!.qr,
      eventId: g.eventId,
      gate: 'Portão 1',
    });
    expect(scan.body.result).toBe('ok');

    const dash = await call<TProducerDashboard>(owner, 'GET', `${EVENTS}/${g.eventId}/dashboard`);
    expect(dash.status).toBe(200);
    // R$ 100,00 tickets with a R$ 10,00 fee: card 1 (refunded whole), Pix 2, one courtesy.
    expect(dash.body.totals).toMatchObject({
      paidOrders: 2,
      grossCents: 33_000,
      feesCents: 3_000,
      refundedCents: 11_000,
      netCents: 20_000,
      courtesies: 1,
      protectionOrders: 0,
      checkedIn: 1,
      sold: 3,
    });
    expect(dash.body.byMethod).toEqual([
      { method: 'credit_card', orders: 1, grossCents: 11_000 },
      { method: 'pix', orders: 1, grossCents: 22_000 },
    ]);
    expect(dash.body.byChannel).toEqual([
      { channel: 'courtesy', orders: 1, tickets: 1, grossCents: 0 },
      { channel: 'site', orders: 2, tickets: 3, grossCents: 33_000 },
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(dash.body.byDay).toEqual([{ date: today, tickets: 3, grossCents: 33_000 }]);
    expect(dash.body.checkIns).toMatchObject({ checkedIn: 1, expected: 3 });
    expect(dash.body.checkIns.recent[0]).toMatchObject({ section: 'Pista', gate: 'Portão 1' });
    expect(dash.body.byLot.find((row) => row.lotId === g.lotId)).toMatchObject({ sold: 3, state: 'on_sale' });
    expect(dash.body.byLot.find((row) => row.lotId === g.nextLotId)).toMatchObject({
      sold: 0,
      state: 'waiting',
    });
  });

  it('exports orders and attendees as CSV: CPF masked for a producer, whole for an admin, formulas defused, audited', async () => {
    const guest = await register(t);
    expect(
      (await courtesy(f.eventId, f.lotId, [{ name: '=HYPERLINK("x")', cpf: guest.input.cpf }])).status,
    ).toBe(201);
    const attendees = await call(producer, 'GET', `${EVENTS}/${f.eventId}/attendees.csv`);
    expect(attendees.status).toBe(200);
    const lines = attendees.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'ticket_id,order_id,holder_name,holder_cpf,section,ticket,place,courtesy,voided,checked_in_at,gate',
    );
    const row = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).not.toContain(guest.input.cpf);
    expect(row).toMatch(/\*\*\*\.\d{3}\.\d{3}-\*\*/);
    const admin = await staffSession(t.database.db, { role: 'admin' });
    const whole = await call(admin, 'GET', `${EVENTS}/${f.eventId}/attendees.csv`);
    expect(whole.text).toContain(guest.input.cpf);
    const ordersCsv = await call(producer, 'GET', `${EVENTS}/${f.eventId}/orders.csv`);
    expect(ordersCsv.text.split('\r\n')[0]).toMatch(/^order_id,created_at,paid_at,status,method/);
    expect(ordersCsv.text).not.toContain(guest.input.cpf);
    const logged = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'event'), eq(staffAuditLog.targetId, String(f.eventId))));
    const exports = logged.filter((line) => line.action.startsWith('event.export_'));
    expect(exports.map((line) => [line.action, line.staffId, (line.after as { cpf: string }).cpf])).toEqual([
      ['event.export_attendees', producer.id, 'masked'],
      ['event.export_attendees', admin.id, 'whole'],
      ['event.export_orders', producer.id, 'masked'],
    ]);
  });
});

import type { TCartAnswer, TCheckTicketsPerCpfAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { eventTickets, ticketLots, users } from '../../db/schema/index.ts';
import { register, type TRegistered, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TAnswer = TCheckTicketsPerCpfAnswer & { code?: string; Message?: string };

/**
 * Issue 31 item 8: POST /api/CheckTicketsPerCPF told anyone how many tickets any CPF holds. It now
 * answers only for the CPFs of the caller's own cart (a cart of their session holding that ticket,
 * as many CPFs as units), per account; and item 14: a repeated CPF is flagged on its entry.
 */
describe.each(testDatabases())('CheckTicketsPerCPF on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** A fixture whose plain ticket allows `perCpf` tickets per CPF. */
  const fixture = async (perCpf: number) => {
    const f = await createCartFixture(t.database.db);
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    await t.database.db
      .update(eventTickets)
      .set({ ticketsPerCpf: perCpf })
      .where(eq(eventTickets.id, lot!.ticketId));
    await t.catalogue.refresh();
    return { f, ticketId: lot!.ticketId };
  };
  /** A verified buyer holding `quantity` units of the fixture's lot in a cart of their session. */
  const buyer = async (f: TCartFixture, quantity: number) => {
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>(
      '/api/v4/addtocart',
      { lotId: f.lotId, quantity },
      { headers: { cookie: person.cookie } },
    );
    expect(added.status).toBe(200);
    return { person, sessionId: added.body.sessionID };
  };
  const check = async (
    person: TRegistered,
    sessionId: string | null,
    body: { ticketId: number; eventId: number; cpfs: string[] },
    extra: Record<string, string> = {},
  ) => {
    const response = await t.request('/api/CheckTicketsPerCPF', {
      method: 'POST',
      ...withCookie(person.cookie, { ...(sessionId ? { 'x-session-id': sessionId } : {}), ...extra }),
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as TAnswer };
  };

  it('answers for the CPFs of the caller’s own cart, up to its units of that ticket', async () => {
    const { f, ticketId } = await fixture(2);
    const b = await buyer(f, 2);
    const [a, c] = [uniqueCpf(), uniqueCpf()];
    const own = await check(b.person, b.sessionId, { ticketId, eventId: f.eventId, cpfs: [a, c] });
    expect(own.status).toBe(200);
    expect(own.body.ok).toBe(true);
    // More CPFs than the cart has units: a sweep, not an identification.
    const more = await check(b.person, b.sessionId, {
      ticketId,
      eventId: f.eventId,
      cpfs: [a, c, uniqueCpf()],
    });
    expect(more.status).toBe(422);
    expect(more.body.code).toBe('cpf_check_not_in_cart');
    expect(more.body.Message).toBe('Informe apenas os CPFs dos ingressos do seu carrinho.');
    expect(more.body.cpfs).toBeUndefined();
  });

  it('refuses a caller with no cart, a cart without that ticket, or someone else’s cart', async () => {
    const { f, ticketId } = await fixture(2);
    const owner = await buyer(f, 2);
    const stranger = await register(t);
    const body = { ticketId, eventId: f.eventId, cpfs: [uniqueCpf()] };
    const noCart = await check(stranger, null, body);
    expect(noCart.status).toBe(422);
    expect(noCart.body.code).toBe('cpf_check_not_in_cart');
    // The owner's cart session, sent by another account.
    const theirs = await check(stranger, owner.sessionId, body);
    expect(theirs.status).toBe(422);
    // A ticket type the caller's cart does not hold.
    const other = await fixture(2);
    const elsewhere = await check(owner.person, owner.sessionId, { ...body, ticketId: other.ticketId });
    expect(elsewhere.status).toBe(422);
    const english = await check(stranger, null, body, { 'accept-language': 'en' });
    expect(english.body.Message).toBe('Enter only the CPFs for the tickets in your cart.');
  });

  it('is rate-limited per account: a cart’s worth of typing, not a sweep', async () => {
    const { f, ticketId } = await fixture(2);
    const b = await buyer(f, 1);
    const statuses: number[] = [];
    for (let i = 0; i < 42; i += 1)
      statuses.push(
        (await check(b.person, b.sessionId, { ticketId, eventId: f.eventId, cpfs: [uniqueCpf()] })).status,
      );
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
  });

  it('flags the entry that repeats a CPF past the limit, also when the CPF already holds tickets', async () => {
    const { f, ticketId } = await fixture(2);
    const a = uniqueCpf();
    // a already holds one ticket of this type, bought by someone else.
    const first = await buyer(f, 1);
    const paid = await t.request('/checkout/v1', {
      method: 'POST',
      ...withCookie(first.person.cookie, { 'x-session-id': first.sessionId, 'idempotency-key': `cpf-${a}` }),
      body: JSON.stringify(cardBody('apro', 1, { identificationTickets: [{ indexItem: 0, cpfs: [a] }] })),
    });
    expect(((await paid.json()) as { orderStatus: number }).orderStatus).toBe(3);
    const b = await buyer(f, 3);
    const c = uniqueCpf();
    const answer = await check(b.person, b.sessionId, { ticketId, eventId: f.eventId, cpfs: [a, c, a] });
    expect(answer.body.ok).toBe(false);
    expect(answer.body.cpfs.map((x) => [x.valid, x.repeated, x.online])).toEqual([
      [true, false, false],
      [true, false, false],
      [true, true, false],
    ]);
    expect(answer.body.Message ?? answer.body.message).toContain('foi informado mais vezes');
  });
});

import type { TCartAnswer, THostedCheckoutAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { hideCpf } from '@ingressos/domain/cpf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import {
  biometryEnrolments,
  events,
  eventTickets,
  orders,
  outboxMessages,
  sandboxCharges,
  sandboxPreferences,
  ticketLots,
  users,
} from '../../db/schema/index.ts';
import { brazilianAdult, register, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const token = () => `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;

describe.each(testDatabases())('biometry at purchase on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** A verified buyer with one ticket in the cart of a fresh event whose facial flags are `facial`. */
  const buyer = async (facial: boolean) => {
    const f = await createCartFixture(t.database.db);
    const [lotRow] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    await t.database.db.update(events).set({ facialIsActive: facial }).where(eq(events.id, f.eventId));
    await t.database.db
      .update(eventTickets)
      .set({ facialAtMomentOfPurchase: facial })
      .where(eq(eventTickets.id, lotRow!.ticketId));
    await t.catalogue.refresh();
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity: 1 });
    expect(added.status).toBe(200);
    const headers = (key: string) =>
      withCookie(person.cookie, { 'x-session-id': added.body.sessionID, 'idempotency-key': key }).headers;
    const pay = async (key: string, cpf: string, paymentType: 'credit_card' | 'pix' = 'credit_card') => {
      const response = await t.request('/checkout/v1', {
        method: 'POST',
        headers: headers(key),
        body: JSON.stringify({
          paymentType,
          ...(paymentType === 'credit_card' ? { card: { token: token(), installments: 1 } } : {}),
          identificationTickets: [{ indexItem: 0, cpfs: [cpf] }],
        }),
      });
      return { status: response.status, body: (await response.json()) as TPaymentAnswer & TError };
    };
    /** POST api/checkoutPro/create: the order paid on the gateway's own page. */
    const hosted = async (key: string, cpf: string) => {
      const response = await t.request('/api/checkoutPro/create', {
        method: 'POST',
        headers: headers(key),
        body: JSON.stringify({ identificationTickets: [{ indexItem: 0, cpfs: [cpf] }] }),
      });
      return { status: response.status, body: (await response.json()) as THostedCheckoutAnswer & TError };
    };
    const ordersOf = async () => t.database.db.select().from(orders).where(eq(orders.userId, person.userId));
    const lot = async () =>
      (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId)))[0]!;
    return { person, pay, hosted, ordersOf, lot };
  };
  const activate = async (userId: string) => {
    await t.database.db.insert(biometryEnrolments).values({ userId, status: BIOMETRY_STATUS.ACTIVE });
  };

  it('refuses a facial event while the holder is not ACTIVE (nothing reserved or charged), then pays once ACTIVE', async () => {
    const b = await buyer(true);
    const cpf = b.person.input.cpf;
    const refused = await b.pay('bio-key-1', cpf);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('biometry_required');
    expect(refused.body.Message).toContain('biometria facial ativa');
    expect(refused.body.Message).toContain(hideCpf(cpf));
    expect(refused.body.Message).toContain(b.person.input.name);
    expect(refused.body.Message).not.toContain(cpf);
    expect(await b.ordersOf()).toHaveLength(0);
    expect((await b.lot()).sold).toBe(0);
    // An enrolment that is not ACTIVE still blocks.
    await t.database.db
      .insert(biometryEnrolments)
      .values({ userId: b.person.userId, status: BIOMETRY_STATUS.MANUAL_VERIFICATION });
    expect((await b.pay('bio-key-2', cpf)).status).toBe(422);
    await activate(b.person.userId);
    const paid = await b.pay('bio-key-3', cpf);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('approved');
    expect((await b.lot()).sold).toBe(1);
  });

  /** Calls made to the sandbox gateway so far: its charges (card, Pix) and hosted-page preferences. */
  const gatewayCalls = async () => ({
    charges: (await t.database.db.select().from(sandboxCharges)).length,
    preferences: (await t.database.db.select().from(sandboxPreferences)).length,
  });
  const expectRefusal = (
    refused: { status: number; body: TError },
    person: { input: { cpf: string; name: string } },
  ) => {
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('biometry_required');
    expect(refused.body.Message).toContain('biometria facial ativa');
    expect(refused.body.Message).toContain(`${person.input.name} (${hideCpf(person.input.cpf)})`);
    expect(refused.body.Message).not.toContain(person.input.cpf);
  };

  it('refuses Pix and the hosted checkout alike while the holder is not ACTIVE (nothing reserved, no gateway call), then both go', async () => {
    const pix = await buyer(true);
    const page = await buyer(true);
    const before = await gatewayCalls();
    // The cart's own hold (added to the cart) is all the lot carries before any attempt.
    const lotsBefore = [await pix.lot(), await page.lot()];
    expectRefusal(await pix.pay('bio-pix-1', pix.person.input.cpf, 'pix'), pix.person);
    expectRefusal(await page.hosted('bio-hosted-1', page.person.input.cpf), page.person);
    // An enrolment awaiting manual verification is not ACTIVE either.
    await t.database.db
      .insert(biometryEnrolments)
      .values({ userId: page.person.userId, status: BIOMETRY_STATUS.MANUAL_VERIFICATION });
    expectRefusal(await page.hosted('bio-hosted-2', page.person.input.cpf), page.person);
    for (const b of [pix, page]) expect(await b.ordersOf()).toHaveLength(0);
    expect([await pix.lot(), await page.lot()]).toEqual(lotsBefore);
    expect(lotsBefore.map((l) => l.sold)).toEqual([0, 0]);
    expect(await gatewayCalls()).toEqual(before);

    // Once ACTIVE the same requests go through: a Pix to pay, the gateway's page to pay on.
    await activate(pix.person.userId);
    await activate(page.person.userId);
    const pending = await pix.pay('bio-pix-3', pix.person.input.cpf, 'pix');
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ paymentType: 'pix', status: 'pending' });
    const made = await page.hosted('bio-hosted-3', page.person.input.cpf);
    expect(made.status).toBe(200);
    expect(made.body.url).toBe(`/sandbox-gateway/checkout/${made.body.preferenceId}`);
    for (const b of [pix, page]) expect(await b.ordersOf()).toHaveLength(1);
    expect(await gatewayCalls()).toEqual({
      charges: before.charges + 1,
      preferences: before.preferences + 1,
    });
  });

  it('refuses a holder CPF without an account, naming the masked CPF', async () => {
    const b = await buyer(true);
    const stranger = uniqueCpf();
    const refused = await b.pay('bio-key-4', stranger);
    expect(refused.status).toBe(422);
    expect(refused.body.Message).toContain(hideCpf(stranger));
    expect(await b.ordersOf()).toHaveLength(0);
  });

  it('never blocks on a minor holder (skipped by the rule), nor on an event without the flags', async () => {
    const guardian = uniqueCpf();
    const minor = await register(
      t,
      brazilianAdult({ name: 'Bia Souza Lima', birthDate: '10/03/2015', responsibleCPF: guardian }),
    );
    const b = await buyer(true);
    const paid = await b.pay('bio-key-5', minor.input.cpf);
    expect(paid.status).toBe(200);
    const plain = await buyer(false);
    expect((await plain.pay('bio-key-6', plain.person.input.cpf)).status).toBe(200);
  });

  const post = async <T>(cookie: string, path: string, body: unknown) => {
    const response = await t.request(path, {
      method: 'POST',
      headers: withCookie(cookie).headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T & TError };
  };

  it('tells the identification page who must enrol, and sends the link without revealing the address', async () => {
    const b = await buyer(true);
    const holder = await register(t);
    const minor = await register(t, brazilianAdult({ birthDate: '10/03/2015', responsibleCPF: uniqueCpf() }));
    const stranger = uniqueCpf();
    const eventId = (
      await t.database.db.select({ id: events.id }).from(events).where(eq(events.facialIsActive, true))
    )
      .map((x) => x.id)
      .at(-1)!;
    const states = await post<{ facial: boolean; holders: Record<string, unknown>[] }>(
      b.person.cookie,
      '/api/biometry/holders',
      {
        eventId,
        cpfs: [b.person.input.cpf, holder.input.cpf, minor.input.cpf, stranger],
      },
    );
    expect(states.status).toBe(200);
    expect(states.body.facial).toBe(true);
    expect(states.body.holders).toEqual([
      { cpf: b.person.input.cpf, hasAccount: true, statusId: 0, required: true, isBuyer: true },
      { cpf: holder.input.cpf, hasAccount: true, statusId: 0, required: true, isBuyer: false },
      { cpf: minor.input.cpf, hasAccount: true, statusId: 0, required: false, isBuyer: false },
      { cpf: stranger, hasAccount: false, statusId: null, required: true, isBuyer: false },
    ]);
    await activate(holder.userId);
    const after = await post<{ holders: { statusId: number }[] }>(b.person.cookie, '/api/biometry/holders', {
      eventId,
      cpfs: [holder.input.cpf],
    });
    expect(after.body.holders[0]!.statusId).toBe(BIOMETRY_STATUS.ACTIVE);

    const sent = await post<{ sent: boolean; message: string }>(
      b.person.cookie,
      '/api/biometry/holders/link',
      {
        eventId,
        cpf: holder.input.cpf,
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.sent).toBe(true);
    expect(JSON.stringify(sent.body)).not.toContain(holder.input.email);
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, holder.input.email));
    // Besides the registration's own e-mail, exactly one enrolment link.
    const links = mails.filter((m) => m.text?.includes('/reconhecimento-facial'));
    expect(links).toHaveLength(1);
    expect(links[0]!.subject).toBe('Cadastre sua biometria facial para receber seu ingresso');

    const unknown = await post(b.person.cookie, '/api/biometry/holders/link', { eventId, cpf: stranger });
    expect(unknown.status).toBe(422);
    expect(unknown.body.Message).toBe(
      'Este CPF não tem conta. A pessoa precisa criar uma conta e cadastrar a biometria facial antes do pagamento.',
    );
    for (const bad of ['{', { eventId, cpf: '123' }, { eventId: 'x', cpf: holder.input.cpf }]) {
      const answer = await post(b.person.cookie, '/api/biometry/holders/link', bad);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const anonymous = await t.request('/api/biometry/holders', { method: 'POST', body: '{}' });
    expect([401, 403]).toContain(anonymous.status);
    // Each link is an e-mail to someone else: a few per hour, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(
        (await post(b.person.cookie, '/api/biometry/holders/link', { eventId, cpf: holder.input.cpf }))
          .status,
      );
    expect(statuses).toContain(429);
  });
});

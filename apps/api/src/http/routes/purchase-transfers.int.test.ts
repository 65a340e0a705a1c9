import type { TCartAnswer, TMyTicketsAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { tickets, ticketTransfers, users } from '../../db/schema/index.ts';
import { brazilianAdult, register, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const token = () => `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;
const hidden = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

describe.each(testDatabases())('transfers chosen at identification, on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const get = async <T>(path: string, cookie: string) => {
    const response = await t.request(path, { headers: { cookie } });
    return { status: response.status, body: (await response.json()) as T };
  };

  /** A verified buyer with `quantity` tickets in the cart, and the payment call. */
  const buyer = async (quantity: number) => {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const pay = async (key: string, transfers: { destinationCpf: string; indexItem: number }[]) => {
      const response = await t.request('/checkout/v1', {
        method: 'POST',
        ...withCookie(person.cookie, { 'x-session-id': added.body.sessionID, 'idempotency-key': key }),
        body: JSON.stringify({
          paymentType: 'credit_card',
          card: { token: token(), installments: 1 },
          transfers,
        }),
      });
      return { status: response.status, body: (await response.json()) as TPaymentAnswer & TError };
    };
    return { person, pay };
  };

  it('an approved purchase sends the chosen tickets to the destination CPFs, pending their acceptance', async () => {
    const friend = await register(t);
    const stranger = uniqueCpf();
    const b = await buyer(3);
    const paid = await b.pay('transfer-ok-1', [
      { destinationCpf: friend.input.cpf, indexItem: 0 },
      { destinationCpf: stranger, indexItem: 0 },
    ]);
    expect(paid.status).toBe(200);
    expect(paid.body.orderStatus).toBe(3);
    const moved = await t.database.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.orderId, paid.body.orderId));
    expect(moved).toHaveLength(2);
    const toFriend = moved.find((m) => m.destinationCpf === friend.input.cpf.replace(/\D/g, ''));
    expect(toFriend).toMatchObject({
      status: 0,
      destinationUserId: friend.userId,
      fromUserId: b.person.userId,
    });
    expect(moved.find((m) => m.destinationCpf === stranger)).toMatchObject({
      status: 0,
      destinationUserId: null,
    });
    // Two different tickets of the order, the buyer keeps the first unit.
    const issued = await t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId));
    const units = moved.map((m) => issued.find((x) => x.id === m.ticketId)!.unit).sort();
    expect(units).toEqual([1, 2]);

    // My tickets shows which tickets are on their way, to whom (masked).
    const mine = await get<TMyTicketsAnswer>('/api/tickets/mine', b.person.cookie);
    const shown = mine.body.upcoming[0]!.tickets.map((x) => x.transfer?.destinationCpf ?? null);
    expect(shown.sort()).toEqual(
      [null, hidden(friend.input.cpf.replace(/\D/g, '')), hidden(stranger)].sort((a, b) =>
        String(a).localeCompare(String(b)),
      ),
    );
  });

  it('refuses a transfer to the buyer, a CPF twice, more transfers than tickets, an invalid CPF', async () => {
    const b = await buyer(1);
    const own = b.person.input.cpf.replace(/\D/g, '');
    const a = uniqueCpf();
    const self = await b.pay('transfer-bad-1', [{ destinationCpf: own, indexItem: 0 }]);
    expect([self.status, self.body.Message]).toEqual([
      400,
      'Você não pode transferir um ingresso para o seu próprio CPF.',
    ]);
    const twice = await b.pay('transfer-bad-2', [
      { destinationCpf: a, indexItem: 0 },
      { destinationCpf: a, indexItem: 0 },
    ]);
    expect([twice.status, twice.body.Message]).toEqual([
      400,
      'Um CPF de transferência não pode ser usado duas vezes.',
    ]);
    const many = await b.pay('transfer-bad-3', [
      { destinationCpf: a, indexItem: 0 },
      { destinationCpf: uniqueCpf(), indexItem: 0 },
    ]);
    expect(many.body.code).toBe('transfer_too_many');
    const invalid = await b.pay('transfer-bad-4', [{ destinationCpf: '12345678900', indexItem: 0 }]);
    expect([invalid.status, invalid.body.code]).toEqual([400, 'cpf_invalid']);
    // Nothing was charged for any of them: the cart is still there to pay.
    const ok = await b.pay('transfer-bad-5', []);
    expect(ok.body.orderStatus).toBe(3);
  });

  it('tells whose account a CPF reaches, masked, and limits the lookups', async () => {
    const friend = await register(t, brazilianAdult({ email: `maria.${uniqueCpf()}@example.com` }));
    const asker = await register(t);
    const found = await get<{ email: string; registered: boolean }>(
      `/api/transferTicket/getUserEmailByCpf?cpf=${friend.input.cpf}`,
      asker.cookie,
    );
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ registered: true, email: 'ma***@example.com' });
    const none = await get(`/api/transferTicket/getUserEmailByCpf?cpf=${uniqueCpf()}`, asker.cookie);
    expect(none.body).toEqual({ registered: false, email: null });
    const bad = await get<TError>('/api/transferTicket/getUserEmailByCpf?cpf=123', asker.cookie);
    expect([bad.status, bad.body.Message]).toEqual([400, 'Informe um CPF válido']);
    const anonymous = await t.request(`/api/transferTicket/getUserEmailByCpf?cpf=${friend.input.cpf}`);
    expect(anonymous.status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push(
        (await get(`/api/transferTicket/getUserEmailByCpf?cpf=${uniqueCpf()}`, asker.cookie)).status,
      );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

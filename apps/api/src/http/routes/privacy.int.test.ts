import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import type { TDeleteAccountRefusal, TMyDataExport } from '@ingressos/contracts/privacy';
import { TERMS_VERSION } from '@ingressos/domain/consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import {
  accountDeletions,
  emailChanges,
  events,
  mailOutbox,
  orders,
  sessions,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { brazilianAdult, PASSWORD, register, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TAnswer = { Message: string; code?: string };
const cardToken = () => `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;

describe.each(testDatabases())('data-subject rights on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const post = (path: string, cookie: string | null, body: unknown) =>
    t.json<TAnswer>(path, body, cookie ? withCookie(cookie) : {});
  const login = (email: string, password = PASSWORD) =>
    t.json<TAnswer & { token?: string }>('/api/v2/websiteuserlogin', { email, password });
  /** What reached `to` (the outbox delivers what is due first). */
  const mailsTo = async (to: string) => {
    await t.app.outbox.drain();
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  };
  const linkIn = (text: string) => {
    const found = text.match(/\/confirmar-email\?id=([\w-]+)&code=([\w-]+)/);
    if (!found) throw new Error('no e-mail change link');
    return { id: found[1]!, code: found[2]! };
  };

  /** A verified buyer who paid for `quantity` tickets, sending some to other CPFs. */
  async function buyer(quantity: number, transfers: { destinationCpf: string; indexItem: number }[] = []) {
    const f = await createCartFixture(t.database.db);
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const response = await t.request('/checkout/v1', {
      method: 'POST',
      ...withCookie(person.cookie, {
        'x-session-id': added.body.sessionID,
        'idempotency-key': `k-${uniqueCpf()}`,
      }),
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: cardToken(), installments: 1 },
        transfers,
      }),
    });
    const paid = (await response.json()) as TPaymentAnswer;
    expect(paid.orderStatus).toBe(3);
    return { person, eventId: f.eventId, orderId: paid.orderId };
  }

  describe('download my data', () => {
    it('answers an attachment with account, orders, tickets, transfers, consents, biometry and sessions', async () => {
      const friend = uniqueCpf();
      const b = await buyer(2, [{ destinationCpf: friend, indexItem: 0 }]);
      const response = await t.request('/api/privacy/my-data', { headers: { cookie: b.person.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      const data = JSON.parse(text) as TMyDataExport;
      const cpf = b.person.input.cpf;
      expect(data.account).toMatchObject({ id: b.person.userId, email: b.person.input.email, document: cpf });
      expect(data.consents).toMatchObject({ marketingEmails: true, marketingSms: null });
      expect(data.consents.termsAcceptance.map((c) => [c.kind, c.version]).sort()).toEqual([
        ['privacy_policy', TERMS_VERSION],
        ['terms_of_use', TERMS_VERSION],
      ]);
      expect(data.biometry.status).toBe('not_collected');
      expect(data.orders).toHaveLength(1);
      const [order] = data.orders;
      expect(order).toMatchObject({ id: b.orderId, status: 3, method: 'credit_card' });
      expect(order!.totalCents).toBeGreaterThan(0);
      expect(order!.items[0]).toMatchObject({ quantity: 2 });
      expect(order!.payment).toMatchObject({
        status: 'approved',
        amountCents: order!.totalCents,
        cardLast4: '1111',
      });
      expect(data.tickets).toHaveLength(2);
      expect(data.transfers.sent).toHaveLength(1);
      expect(data.transfers.sent[0]!.destinationCpf).toBe(
        `***.${friend.slice(3, 6)}.${friend.slice(6, 9)}-**`,
      );
      expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);

      // Never: the password hash, the session token or its hash, or the other person's CPF in full.
      const [row] = await t.database.db.select().from(users).where(eq(users.id, b.person.userId));
      const [session] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, b.person.userId));
      expect(text).not.toContain(row!.passwordHash);
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(b.person.token);
      expect(text).not.toContain(session!.tokenHash);
      expect(text).not.toContain(friend);
    });

    it("shows what a transfer's destination received without the sender's CPF", async () => {
      const friend = await register(t);
      const sender = await buyer(1, [{ destinationCpf: friend.input.cpf, indexItem: 0 }]);
      const response = await t.request('/api/privacy/my-data', { headers: { cookie: friend.cookie } });
      const data = (await response.json()) as TMyDataExport;
      expect(data.transfers.received).toHaveLength(1);
      expect(data.transfers.received[0]).toMatchObject({ fromName: 'Ana', status: 0 });
      expect(JSON.stringify(data)).not.toContain(sender.person.input.cpf);
      expect(JSON.stringify(data)).not.toContain(sender.person.input.email);
    });

    it('needs a session and is limited to five downloads an hour', async () => {
      expect((await t.request('/api/privacy/my-data')).status).toBe(401);
      const { cookie } = await register(t);
      for (let i = 0; i < 5; i += 1)
        expect((await t.request('/api/privacy/my-data', { headers: { cookie } })).status).toBe(200);
      const sixth = await t.request('/api/privacy/my-data', { headers: { cookie } });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).toBeTruthy();
    });
  });

  describe('delete my account', () => {
    it('anonymises the account, keeps the order, ends every session and frees the e-mail and CPF', async () => {
      const b = await buyer(1);
      const { email, cpf } = b.person.input;
      // The event is over: nothing stands in the way.
      await t.database.db
        .update(events)
        .set({ startsAt: new Date(Date.now() - 3 * 86_400_000) })
        .where(eq(events.id, b.eventId));
      const other = await login(email);
      expect(other.status).toBe(200);

      const deleted = await t.request('/api/privacy/delete-account', {
        method: 'POST',
        ...withCookie(b.person.cookie),
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(deleted.status).toBe(200);
      expect(((await deleted.json()) as TAnswer).Message).toBe(
        'Sua conta foi excluída e seus dados pessoais foram anonimizados.',
      );
      expect(deleted.headers.getSetCookie().join()).toMatch(/sid=;/);

      expect(
        (await t.request('/api/v2/authentication', { headers: { cookie: b.person.cookie } })).status,
      ).toBe(401);
      expect(
        (
          await t.request('/api/v2/authentication', {
            headers: { authorization: `Bearer ${other.body.token}` },
          })
        ).status,
      ).toBe(401);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, b.person.userId))).toEqual(
        [],
      );
      expect((await login(email)).status).toBe(401);
      expect((await login(cpf)).status).toBe(401);

      const [row] = await t.database.db.select().from(users).where(eq(users.id, b.person.userId));
      expect(row).toMatchObject({
        name: 'Conta excluída',
        phone: '',
        gender: null,
        stateIbge: null,
        cityIbge: null,
      });
      expect(row!.email).toMatch(/@deleted\.invalid$/);
      expect(JSON.stringify(row)).not.toContain(cpf);
      expect(JSON.stringify(row)).not.toContain('1990-05-20');
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, b.orderId));
      expect(order).toMatchObject({ status: 3, userId: b.person.userId });
      expect(order!.totalCents).toBeGreaterThan(0);
      expect(JSON.stringify(order)).not.toContain(cpf);
      const kept = await t.database.db.select().from(tickets).where(eq(tickets.orderId, b.orderId));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.holderCpf).not.toBe(cpf);
      const goodbye = await mailsTo(email);
      expect(goodbye.some((m) => /foi excluída/.test(m.subject))).toBe(true);

      // Someone may register again with the same e-mail and CPF.
      const again = await register(t, brazilianAdult({ email, cpf }));
      expect(again.userId).not.toBe(b.person.userId);

      // The old session asking again is simply logged out.
      const second = await post('/api/privacy/delete-account', b.person.cookie, { password: PASSWORD });
      expect(second).toEqual({
        status: 401,
        body: { Message: 'Dados do Usuario nao encontrado', code: 'unauthenticated' },
      });
    });

    it('refuses while tickets for upcoming events or pending transfers exist, and lists them', async () => {
      const b = await buyer(2, [{ destinationCpf: uniqueCpf(), indexItem: 0 }]);
      const refused = await t.json<TDeleteAccountRefusal>(
        '/api/privacy/delete-account',
        { password: PASSWORD },
        withCookie(b.person.cookie),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('account_busy');
      expect(refused.body.blockers.tickets).toHaveLength(2);
      expect(refused.body.blockers.transfers).toEqual([expect.objectContaining({ direction: 'sent' })]);
      expect((await login(b.person.input.email)).status).toBe(200);
      expect(
        await t.database.db
          .select()
          .from(accountDeletions)
          .where(eq(accountDeletions.userId, b.person.userId)),
      ).toEqual([]);
    });

    it('needs the session and the right password, counted like logins', async () => {
      expect((await post('/api/privacy/delete-account', null, { password: PASSWORD })).status).toBe(401);
      const person = await register(t);
      expect(await post('/api/privacy/delete-account', person.cookie, { password: '' })).toMatchObject({
        status: 400,
        body: { Message: 'A senha é obrigatória' },
      });
      for (let i = 0; i < 10; i += 1)
        expect(await post('/api/privacy/delete-account', person.cookie, { password: 'Errada#2026' })).toEqual(
          {
            status: 403,
            body: { Message: 'Senha incorreta.', code: 'password_wrong' },
          },
        );
      const limited = await post('/api/privacy/delete-account', person.cookie, { password: PASSWORD });
      expect(limited.status).toBe(429);
      expect((await t.request('/api/v2/authentication', { headers: { cookie: person.cookie } })).status).toBe(
        200,
      );
    });

    it('makes no order for an account whose deletion committed while its purchase was on the way', async () => {
      // The purchase authenticated before the deletion revoked its session; its reserve step must
      // still see the deletion (reserve-order.ts locks the account row, then reads the deletion).
      const f = await createCartFixture(t.database.db);
      const person = await register(t);
      await t.database.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, person.userId));
      const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity: 1 });
      await t.database.db.insert(accountDeletions).values({ userId: person.userId });
      const response = await t.request('/checkout/v1', {
        method: 'POST',
        ...withCookie(person.cookie, {
          'x-session-id': added.body.sessionID,
          'idempotency-key': `k-${uniqueCpf()}`,
        }),
        body: JSON.stringify({ paymentType: 'credit_card', card: { token: cardToken(), installments: 1 } }),
      });
      // Issue 31: said as it is (409), not as a lost session.
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: 'buyer_account_deleted',
        Message: 'Esta conta foi excluída: a compra não foi feita e nada foi cobrado.',
      });
      expect(await t.database.db.select().from(orders).where(eq(orders.userId, person.userId))).toEqual([]);
    });

    it('runs once when two requests race', async () => {
      const person = await register(t);
      const both = await Promise.all([
        post('/api/privacy/delete-account', person.cookie, { password: PASSWORD }),
        post('/api/privacy/delete-account', person.cookie, { password: PASSWORD }),
      ]);
      for (const answer of both) expect([200, 401]).toContain(answer.status);
      expect(both.some((a) => a.status === 200)).toBe(true);
      expect(
        await t.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, person.userId)),
      ).toHaveLength(1);
    });
  });

  describe('change my e-mail', () => {
    it('e-mails a link to the new address and a notice to the old; the link changes it once', async () => {
      const person = await register(t);
      const oldEmail = person.input.email;
      const newEmail = `novo.${uniqueCpf()}@exemplo.com.br`;
      const asked = await post('/api/privacy/change-email', person.cookie, {
        email: ` ${newEmail.toUpperCase()} `,
        password: PASSWORD,
      });
      expect(asked).toEqual({
        status: 200,
        body: {
          Message: `Enviamos um link de confirmação para ${newEmail}. O e-mail só muda depois que você clicar nele.`,
        },
      });
      const [toNew] = await mailsTo(newEmail);
      const notice = (await mailsTo(oldEmail)).find((m) => /alteração de e-mail/.test(m.subject));
      expect(notice!.text).toContain(`${newEmail.slice(0, 2)}***@exemplo.com.br`);
      expect(notice!.text).toMatch(/Não foi você\?/);
      expect((await login(oldEmail)).status).toBe(200);

      const link = linkIn(toNew!.text);
      const confirmed = await post('/api/privacy/confirm-email-change', null, link);
      expect(confirmed).toEqual({
        status: 200,
        body: { Message: 'E-mail alterado com sucesso! Use o novo endereço para entrar.' },
      });
      expect((await login(newEmail)).status).toBe(200);
      expect((await login(oldEmail)).status).toBe(401);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, person.userId));
      expect(row!.emailVerifiedAt).not.toBeNull();
      expect((await mailsTo(oldEmail)).some((m) => /foi alterado/.test(m.subject))).toBe(true);

      const reused = await post('/api/privacy/confirm-email-change', null, link);
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('email_change_invalid');
    });

    it('refuses an expired link, a link after a password change, and an address taken meanwhile', async () => {
      const person = await register(t);
      const ask = async () => {
        const email = `troca.${uniqueCpf()}@exemplo.com.br`;
        expect(
          (await post('/api/privacy/change-email', person.cookie, { email, password: PASSWORD })).status,
        ).toBe(200);
        const [mail] = await mailsTo(email);
        return { email, link: linkIn(mail!.text) };
      };
      const expired = await ask();
      await t.database.db
        .update(emailChanges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailChanges.id, expired.link.id));
      expect((await post('/api/privacy/confirm-email-change', null, expired.link)).body.code).toBe(
        'email_change_invalid',
      );

      const taken = await ask();
      await register(t, brazilianAdult({ email: taken.email }));
      expect(await post('/api/privacy/confirm-email-change', null, taken.link)).toEqual({
        status: 409,
        body: { Message: 'Este e-mail já está cadastrado', code: 'email_taken' },
      });

      // An older link stops working once a newer one is asked for.
      const older = await ask();
      const newer = await ask();
      expect((await post('/api/privacy/confirm-email-change', null, older.link)).body.code).toBe(
        'email_change_invalid',
      );
      await t.database.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, person.userId));
      expect((await post('/api/privacy/confirm-email-change', null, newer.link)).body.code).toBe(
        'email_change_invalid',
      );
      const [row] = await t.database.db.select().from(users).where(eq(users.id, person.userId));
      expect(row!.email).toBe(person.input.email);
    });

    it('refuses a wrong password, an address in use, the same address, no session; and is rate-limited', async () => {
      const person = await register(t);
      const someone = await register(t);
      expect(
        (await post('/api/privacy/change-email', null, { email: 'x@exemplo.com', password: PASSWORD }))
          .status,
      ).toBe(401);
      expect(
        await post('/api/privacy/change-email', person.cookie, {
          email: 'x@exemplo.com',
          password: 'Errada#2026',
        }),
      ).toEqual({
        status: 403,
        body: { Message: 'Senha incorreta.', code: 'password_wrong' },
      });
      expect(
        await post('/api/privacy/change-email', person.cookie, {
          email: someone.input.email,
          password: PASSWORD,
        }),
      ).toEqual({
        status: 409,
        body: { Message: 'Este e-mail já está cadastrado', code: 'email_taken' },
      });
      expect(
        (
          await post('/api/privacy/change-email', person.cookie, {
            email: person.input.email,
            password: PASSWORD,
          })
        ).body.code,
      ).toBe('email_same');
      expect(
        (
          await post('/api/privacy/change-email', person.cookie, {
            email: 'não é e-mail',
            password: PASSWORD,
          })
        ).body.Message,
      ).toBe('E-mail inválido');
      expect(await mailsTo('x@exemplo.com')).toEqual([]);
      // Five requests an hour; the three refused after parsing count: two more go, the sixth waits.
      const change = () =>
        post('/api/privacy/change-email', person.cookie, {
          email: `ok.${uniqueCpf()}@exemplo.com`,
          password: PASSWORD,
        });
      expect((await change()).status).toBe(200);
      expect((await change()).status).toBe(200);
      const sixth = await change();
      expect(sixth.status).toBe(429);
      expect(
        await t.database.db.select().from(emailChanges).where(eq(emailChanges.userId, person.userId)),
      ).toHaveLength(2);
    });

    it('refuses a malformed link', async () => {
      expect(await post('/api/privacy/confirm-email-change', null, { id: 'x', code: 'y' })).toMatchObject({
        status: 400,
        body: { Message: 'Link de confirmação inválido' },
      });
    });
  });
});

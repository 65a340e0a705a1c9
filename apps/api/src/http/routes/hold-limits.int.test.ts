import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { CAPTCHA_HEADER } from '@ingressos/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { carts, orders, ticketLots, users } from '../../db/schema/index.ts';
import { brazilianAdult, fromIp, sessionCookie } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
type TAnswer<T> = { status: number; body: T };

const RENEWALS = 3;
const ACCOUNT_CAP = 5;
const CAPTCHA_AFTER = 3;
const IP_MAX = 10;
/** Issue 31: units anonymous holds of one address may take per event in a hold window, and the ceiling for every hold. */
const IP_EVENT_UNITS = 12;
const IP_EVENT_CEILING = 30;
/** Issue 19's settings, small enough to reach in a test; the throttle is on here (off in other tests). */
const ENV = {
  CAPTCHA_PROVIDER: 'local',
  HOLD_THROTTLE: 'true',
  HOLD_CAPTCHA_AFTER: String(CAPTCHA_AFTER),
  HOLD_IP_MAX_PER_MINUTE: String(IP_MAX),
  HOLD_MAX_UNITS_PER_IP_EVENT: String(IP_EVENT_UNITS),
  HOLD_IP_EVENT_CEILING: String(IP_EVENT_CEILING),
  HOLD_MAX_UNITS_PER_ACCOUNT: String(ACCOUNT_CAP),
  CART_MAX_RENEWALS: String(RENEWALS),
};
const RENEWAL_LIMIT = 'Erro ao renovar tempo do carrinho.';

let ipSerial = 0;
/** An address no other test uses: the throttle counts per IP. */
const newIp = () => {
  ipSerial += 1;
  return `203.0.${Math.floor(ipSerial / 250)}.${(ipSerial % 250) + 1}`;
};

/** Issue 19: holds that cannot be hoarded. Each case is a hoarding path the old code let through. */
describe.each(testDatabases())('hold limits on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, ENV);
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const read = async <T>(response: Response): Promise<TAnswer<T>> => {
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const call = async <T>(app: TTestApp, path: string, init: RequestInit, ip = '198.51.100.1') =>
    read<T>(await app.app.request(`http://localhost${path}`, init, fromIp(ip)));
  const post = (headers: Record<string, string>, body: unknown = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  /** An anonymous hold from `ip`, in `sessionId`'s cart or a new one. */
  const anonymousAdd = (ip: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call<TCartAnswer & TError>(t, '/api/v4/addtocart', post(headers, body), ip);
  const captchaToken = async (ip: string) =>
    (await call<{ token: string }>(t, '/api/captcha/local', post({}), ip)).body.token;
  const lot = async (app: TTestApp, lotId: number) => {
    const [row] = await app.database.db.select().from(ticketLots).where(eq(ticketLots.id, lotId));
    return row!;
  };
  const cartOf = async (sessionId: string) => {
    const [row] = await t.database.db.select().from(carts).where(eq(carts.sessionId, sessionId));
    return row!;
  };

  /** A verified buyer, registered through the API with the local captcha answered. */
  const buyer = async (app: TTestApp, ip = newIp()) => {
    const token = (await call<{ token: string }>(app, '/api/captcha/local', post({}), ip)).body.token;
    const response = await app.app.request(
      'http://localhost/api/registerclient',
      post({ [CAPTCHA_HEADER]: token }, brazilianAdult()),
      fromIp(ip),
    );
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const cookie = sessionCookie(response);
    return {
      cookie,
      add: (lotId: number, quantity: number, sessionId?: string) =>
        call<TCartAnswer & TError>(
          app,
          '/api/v4/addtocart',
          post({ cookie }, { lotId, quantity, ...(sessionId ? { sessionId } : {}) }),
          ip,
        ),
      pix: (sessionId: string, key: string) =>
        call<TPaymentAnswer & TError>(
          app,
          '/checkout/v1',
          post({ cookie, 'x-session-id': sessionId, 'idempotency-key': key }, { paymentType: 'pix' }),
          ip,
        ),
      card: (sessionId: string, key: string) =>
        call<TPaymentAnswer & TError>(
          app,
          '/checkout/v1',
          post({ cookie, 'x-session-id': sessionId, 'idempotency-key': key }, cardBody('rej')),
          ip,
        ),
      cancelPix: (sessionId: string) =>
        call<TPaymentAnswer & TError>(
          app,
          '/api/checkout/ongoing/cancel',
          post({ cookie, 'x-session-id': sessionId }),
          ip,
        ),
    };
  };
  const renew = (cartId: string, sessionId: string) =>
    call<{ exp: string } & TError>(t, `/api/refresh-expiration/${cartId}`, {
      method: 'PUT',
      headers: { 'x-session-id': sessionId },
    });
  const activate = (cartId: string, sessionId: string) =>
    call<TCartAnswer & TError>(t, '/api/v4/activatecart', post({}, { id: cartId, sessionId }));

  describe('one renewal budget for every path', () => {
    it('activatecart on a live cart spends the budget: past it, 422 and the timer stays', async () => {
      f = await createCartFixture(t.database.db);
      const added = await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 2 });
      const { sessionID, cart } = added.body;
      for (let i = 0; i < RENEWALS; i += 1) expect((await activate(cart!.id, sessionID)).status).toBe(200);
      const before = (await cartOf(sessionID)).expiresAt;
      const refused = await activate(cart!.id, sessionID);
      expect(refused.status).toBe(422);
      expect(refused.body.Message).toBe(RENEWAL_LIMIT);
      expect((await cartOf(sessionID)).expiresAt).toEqual(before);
      expect((await lot(t, f.lotId)).held).toBe(2);
    });

    it('refresh-expiration shares that budget: activations then a renewal past it are refused', async () => {
      f = await createCartFixture(t.database.db);
      const added = await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 1 });
      const { sessionID, cart } = added.body;
      expect((await activate(cart!.id, sessionID)).status).toBe(200);
      expect((await activate(cart!.id, sessionID)).status).toBe(200);
      expect((await renew(cart!.id, sessionID)).status).toBe(200);
      const before = (await cartOf(sessionID)).expiresAt;
      const refused = await renew(cart!.id, sessionID);
      expect(refused.status).toBe(422);
      expect(refused.body.Message).toBe(RENEWAL_LIMIT);
      expect((await cartOf(sessionID)).expiresAt).toEqual(before);
    });

    it('a Pix after a cancelled Pix and a renewal is refused: no order, holds end on time', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      const added = await b.add(f.lotId, 2);
      const sessionId = added.body.sessionID;
      expect((await b.pix(sessionId, 'hold-pix-1')).body.orderStatus).toBe(1);
      expect((await b.cancelPix(sessionId)).status).toBe(200);
      expect((await renew(added.body.cart!.id, sessionId)).status).toBe(200);
      const before = (await cartOf(sessionId)).expiresAt;
      const refused = await b.pix(sessionId, 'hold-pix-2');
      expect(refused.status).toBe(422);
      expect(refused.body.Message).toBe(RENEWAL_LIMIT);
      const made = await t.database.db.select().from(orders).where(eq(orders.cartId, added.body.cart!.id));
      expect(made).toHaveLength(1);
      expect((await cartOf(sessionId)).expiresAt).toEqual(before);
      expect((await lot(t, f.lotId)).held).toBe(2);
    });

    it('cancelling a Pix past the budget is refused: the Pix stays payable until it expires', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      const added = await b.add(f.lotId, 1);
      const sessionId = added.body.sessionID;
      expect((await b.pix(sessionId, 'hold-cancel-1')).body.orderStatus).toBe(1);
      expect((await b.cancelPix(sessionId)).status).toBe(200);
      const second = await b.pix(sessionId, 'hold-cancel-2');
      expect(second.body.orderStatus).toBe(1);
      const refused = await b.cancelPix(sessionId);
      expect(refused.status).toBe(422);
      expect(refused.body.Message).toBe(RENEWAL_LIMIT);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, second.body.orderId!));
      expect(order!.status).toBe(1);
      // Its holds last as long as that Pix, not one second more.
      const held = await t.database.db.execute(
        sql`select max(expires_at) <= ${order!.pixExpiresAt!.toISOString()}::timestamptz as on_time
            from cart_holds where cart_id = ${order!.cartId}`,
      );
      expect((held as unknown as { rows: { on_time: boolean }[] }).rows[0]!.on_time).toBe(true);
    });
  });

  describe('a refused card hands the cart back on its own timer', () => {
    /** The cart's timer (and its holds') set to end `ms` from now. */
    const expireIn = async (cartId: string, ms: number) => {
      const at = new Date(Date.now() + ms);
      await t.database.db.update(carts).set({ expiresAt: at }).where(eq(carts.id, cartId));
      await t.database.db.execute(
        sql`update cart_holds set expires_at = ${at.toISOString()}::timestamptz where cart_id = ${cartId}`,
      );
      return at;
    };
    const renewalsOf = async (sessionId: string) => (await cartOf(sessionId)).renewals;
    const holdsExpireAt = async (cartId: string) => {
      const held = await t.database.db.execute(
        sql`select distinct expires_at from cart_holds where cart_id = ${cartId} and not released`,
      );
      return (held as unknown as { rows: { expires_at: string | Date }[] }).rows.map((row) =>
        new Date(row.expires_at).getTime(),
      );
    };

    it('refused cards over and over never hold past the timer the cart had', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      const added = await b.add(f.lotId, 2);
      const sessionId = added.body.sessionID;
      const cartId = added.body.cart!.id;
      // 90 s left: less than a card charge may take, so each reserve keeps the holds longer.
      const before = await expireIn(cartId, 90_000);
      for (let i = 0; i < 4; i += 1) {
        const refused = await b.card(sessionId, `hold-card-${i}`);
        expect(refused.body.orderStatus).toBe(7);
      }
      const after = await cartOf(sessionId);
      expect(after.expiresAt).toEqual(before);
      expect(await holdsExpireAt(cartId)).toEqual([before.getTime()]);
      expect(after.renewals).toBe(0);
      expect((await lot(t, f.lotId)).held).toBe(2);
    });

    it('with under a minute left, a refusal spends a renewal for a fresh timer; with none left the cart ends on time', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      const added = await b.add(f.lotId, 1);
      const sessionId = added.body.sessionID;
      const cartId = added.body.cart!.id;
      const soon = () => expireIn(cartId, 20_000);
      await soon();
      expect((await b.card(sessionId, 'late-card-1')).body.orderStatus).toBe(7);
      expect(await renewalsOf(sessionId)).toBe(1);
      expect((await cartOf(sessionId)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
      await t.database.db.update(carts).set({ renewals: RENEWALS }).where(eq(carts.id, cartId));
      const last = await soon();
      expect((await b.card(sessionId, 'late-card-2')).body.orderStatus).toBe(7);
      expect((await cartOf(sessionId)).expiresAt).toEqual(last);
      expect(await holdsExpireAt(cartId)).toEqual([last.getTime()]);
    });
  });

  describe('caps on units held at once', () => {
    it('one account across several cart sessions holds at most its cap', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      expect((await b.add(f.lotId, 4)).status).toBe(200);
      const other = await b.add(f.lotId, 2);
      expect(other.status).toBe(422);
      expect(other.body.Message).toBe(
        `Sua conta já tem 4 ingressos reservados em carrinhos; o limite é ${ACCOUNT_CAP} por vez. Finalize ou libere uma compra antes de reservar mais.`,
      );
      expect((await b.add(f.lotId, 1)).status).toBe(200);
      expect((await lot(t, f.lotId)).held).toBe(ACCOUNT_CAP);
    });

    it('an expired cart of the account is not taken again past its cap', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      const first = await b.add(f.lotId, 4);
      const past = new Date(Date.now() - 1000);
      await t.database.db.execute(
        sql`update carts set expires_at = ${past.toISOString()}::timestamptz where id = ${first.body.cart!.id}`,
      );
      await t.database.db.execute(
        sql`update cart_holds set expires_at = ${past.toISOString()}::timestamptz where cart_id = ${first.body.cart!.id}`,
      );
      // Its units stopped counting when it expired: another cart of the account takes 4.
      expect((await b.add(f.lotId, 4)).status).toBe(200);
      const refused = await activate(first.body.cart!.id, first.body.sessionID);
      expect(refused.status).toBe(422);
      expect(refused.body.Message).toContain(`o limite é ${ACCOUNT_CAP} por vez`);
      const live = await t.database.db.execute(
        sql`select coalesce(sum(quantity), 0)::int as units from cart_holds
            where lot_id = ${f.lotId} and not released and expires_at > now()`,
      );
      expect((live as unknown as { rows: { units: number }[] }).rows[0]!.units).toBe(4);
    });

    it('a cart paid by a pending Pix still counts against the account', async () => {
      f = await createCartFixture(t.database.db);
      const b = await buyer(t);
      const first = await b.add(f.lotId, 4);
      expect((await b.pix(first.body.sessionID, 'hold-cap-pix')).body.orderStatus).toBe(1);
      const english = await call<TError>(
        t,
        '/api/v4/addtocart',
        post({ cookie: b.cookie, 'accept-language': 'en' }, { lotId: f.lotId, quantity: 2 }),
      );
      expect(english.status).toBe(422);
      expect(english.body.Message).toBe(
        `Your account already holds 4 tickets in carts; the limit is ${ACCOUNT_CAP} at a time. Finish or release a purchase before holding more.`,
      );
      expect((await lot(t, f.lotId)).held).toBe(4);
    });
  });

  describe('anonymous holds: throttle and captcha', () => {
    const captchaRequired = 'Confirme que você não é um robô para continuar reservando ingressos.';

    it('asks the captcha once one IP made its holds of the minute in new sessions', async () => {
      f = await createCartFixture(t.database.db, { lotCapacity: 60 });
      const ip = newIp();
      for (let i = 0; i < CAPTCHA_AFTER; i += 1)
        expect((await anonymousAdd(ip, { lotId: f.lotId, quantity: 4 })).status).toBe(200);
      const asked = await anonymousAdd(ip, { lotId: f.lotId, quantity: 4 });
      expect(asked.status).toBe(400);
      expect(asked.body).toMatchObject({ code: 'captcha_required', Message: captchaRequired });
      expect((await lot(t, f.lotId)).held).toBe(4 * CAPTCHA_AFTER);
      // Another address is a different visitor.
      expect((await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 1 })).status).toBe(200);
    });

    it('asks the captcha of one cart session adding from many addresses', async () => {
      f = await createCartFixture(t.database.db, { lotCapacity: 60, maxPerCart: 20 });
      const first = await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 1 });
      const sessionId = first.body.sessionID;
      for (let i = 0; i < CAPTCHA_AFTER; i += 1)
        expect((await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 1, sessionId })).status).toBe(200);
      const asked = await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 1, sessionId });
      expect(asked.status).toBe(400);
      expect(asked.body.code).toBe('captcha_required');
      expect((await lot(t, f.lotId)).held).toBe(1 + CAPTCHA_AFTER);
    });

    it('a solved captcha lets the visitor through and opens a fresh window; a wrong or spent one does not; the IP ceiling holds regardless', async () => {
      f = await createCartFixture(t.database.db, { lotCapacity: 60 });
      const ip = newIp();
      const hold = (headers: Record<string, string> = {}) =>
        anonymousAdd(ip, { lotId: f.lotId, quantity: 1 }, headers);
      for (let i = 0; i < CAPTCHA_AFTER; i += 1) expect((await hold()).status).toBe(200);
      const wrong = await hold({ [CAPTCHA_HEADER]: 'x'.repeat(40) });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('captcha_invalid');
      const token = await captchaToken(ip);
      expect((await hold({ [CAPTCHA_HEADER]: token })).status).toBe(200);
      // The answer opened a fresh window of CAPTCHA_AFTER holds; then the captcha again, and an
      // answer already used is no answer.
      for (let i = 0; i < CAPTCHA_AFTER; i += 1) expect((await hold()).status).toBe(200);
      const spent = await hold({ [CAPTCHA_HEADER]: token });
      expect(spent.status).toBe(400);
      expect(spent.body.code).toBe('captcha_invalid');
      expect((await hold({ [CAPTCHA_HEADER]: await captchaToken(ip) })).status).toBe(200);
      expect((await lot(t, f.lotId)).held).toBe(2 * CAPTCHA_AFTER + 2);
      // IP_MAX holds a minute from one address, refused ones included: then it waits, answer or not.
      const waited = await hold({ [CAPTCHA_HEADER]: await captchaToken(ip) });
      expect(waited.status).toBe(429);
      expect(waited.body.code).toBe('too_many_holds');
      expect((await lot(t, f.lotId)).held).toBe(2 * CAPTCHA_AFTER + 2);
    });
  });

  describe('one address cannot take a whole lot (issue 31)', () => {
    const ipLimit =
      'Muitos ingressos reservados desta conexão para este evento. Entre na sua conta para reservar mais.';

    it('a flood of anonymous holds answering every captcha stops at the address’s units for the event', async () => {
      f = await createCartFixture(t.database.db, { lotCapacity: 60 });
      const ip = newIp();
      const answers: { status: number; code: string | undefined }[] = [];
      // Every add a new cart session with a fresh captcha answer: what the attack run did.
      // (6 tries: the address's ceiling of IP_MAX holds a minute is another guard, tested above.)
      for (let i = 0; i < 6; i += 1) {
        const added = await anonymousAdd(
          ip,
          { lotId: f.lotId, quantity: 4 },
          { [CAPTCHA_HEADER]: await captchaToken(ip) },
        );
        answers.push({ status: added.status, code: added.body.code });
      }
      const held = (await lot(t, f.lotId)).held;
      expect(held).toBe(IP_EVENT_UNITS);
      expect(held).toBeLessThan(60);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(IP_EVENT_UNITS / 4);
      const refused = await anonymousAdd(
        ip,
        { lotId: f.nextLotId, quantity: 1 },
        { [CAPTCHA_HEADER]: await captchaToken(ip) },
      );
      // The cap is per event: another lot of it is refused too, with what to do next.
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'ip_hold_limit', Message: ipLimit });
      const english = await anonymousAdd(
        ip,
        { lotId: f.lotId, quantity: 1 },
        { 'accept-language': 'fr-FR', [CAPTCHA_HEADER]: await captchaToken(ip) },
      );
      expect(english.body.Message).toBe(
        'Too many tickets held from this connection for this event. Log in to hold more.',
      );
      // Another address, and another event, are other visitors' shares.
      expect((await anonymousAdd(newIp(), { lotId: f.lotId, quantity: 4 })).status).toBe(200);
      expect((await anonymousAdd(ip, { lotId: f.otherEventLotId, quantity: 1 })).status).toBe(200);
    });

    it('logged-in buyers behind one address hold on their accounts, up to a loose ceiling for the address', async () => {
      f = await createCartFixture(t.database.db, { lotCapacity: 60 });
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const b = await buyer(t, ip);
        statuses.push((await b.add(f.lotId, 4)).status);
      }
      // Each account holds its 4 (past the anonymous share of 12) until the address's ceiling of 30.
      expect(statuses.filter((status) => status === 200)).toHaveLength(Math.floor(IP_EVENT_CEILING / 4));
      expect((await lot(t, f.lotId)).held).toBe(Math.floor(IP_EVENT_CEILING / 4) * 4);
    });

    it('a hold the lot cannot give does not spend the address’s share', async () => {
      f = await createCartFixture(t.database.db, { lotCapacity: 2 });
      const ip = newIp();
      const add = async (quantity: number) =>
        (await anonymousAdd(ip, { lotId: f.lotId, quantity }, { [CAPTCHA_HEADER]: await captchaToken(ip) }))
          .status;
      for (let i = 0; i < 5; i += 1) expect(await add(4)).toBe(422);
      expect(await add(2)).toBe(200);
    });
  });

  // Only PostgreSQL runs requests side by side (PGlite has one connection), so only it can show
  // the race; registered there alone rather than reported as skipped on PGlite.
  if (kind === 'postgres')
    describe('under real concurrency', () => {
      let unsafe: TTestApp;
      beforeAll(async () => {
        unsafe = await createTestApp(kind, { ...ENV, TEST_UNSAFE_HOLD_CAPS: 'true' });
      });
      afterAll(() => unsafe.close());

      /** 16 adds of one unit at once by one account, each from a cart session of its own. */
      const rush = async (app: TTestApp) => {
        const fixture = await createCartFixture(app.database.db, { lotCapacity: 60 });
        const b = await buyer(app);
        const answers = await Promise.all(Array.from({ length: 16 }, () => b.add(fixture.lotId, 1)));
        return {
          ok: answers.filter((a) => a.status === 200).length,
          held: (await lot(app, fixture.lotId)).held,
        };
      };

      it('parallel adds of one account from many sessions never hold more than its cap', async () => {
        expect(await rush(t)).toEqual({ ok: ACCOUNT_CAP, held: ACCOUNT_CAP });
      });

      it('negative control: without the account lock, the same rush holds past the cap', async () => {
        // A race shows when the adds interleave, which a busy machine does not promise in every
        // rush: up to five rushes, and one past the cap proves the guard is what holds the line.
        let worst = { ok: 0, held: 0 };
        for (let attempt = 0; attempt < 5 && worst.held <= ACCOUNT_CAP; attempt += 1) {
          const result = await rush(unsafe);
          expect(result.held).toBe(result.ok);
          if (result.held > worst.held) worst = result;
        }
        expect(worst.held).toBeGreaterThan(ACCOUNT_CAP);
      });

      it('parallel adds in one cart session never hold more than the event allows per cart', async () => {
        const fixture = await createCartFixture(t.database.db, { lotCapacity: 60, maxPerCart: 3 });
        const b = await buyer(t);
        const first = await b.add(fixture.lotId, 1);
        const sessionId = first.body.sessionID;
        await Promise.all(Array.from({ length: 12 }, () => b.add(fixture.lotId, 1, sessionId)));
        expect((await lot(t, fixture.lotId)).held).toBe(3);
      });
    });
});

import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import type { TDeleteAccountRefusal } from '@ingressos/contracts/privacy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { accountDeletions, orders, users } from '../../db/schema/index.ts';
import { holdAt, type TPausePoint } from '../../modules/checkout/order/test-pause.ts';
import { PASSWORD, register, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/** An approved sandbox test card, as its card form tokenizes it. */
const cardToken = () => `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;

/** The first request reaching `point` waits there until the test opens the barrier. */
function barrier(point: TPausePoint) {
  let reached!: () => void;
  let opened!: () => void;
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    opened = resolve;
  });
  let taken = false;
  const remove = holdAt(point, async () => {
    if (taken) return;
    taken = true;
    reached();
    await gate;
  });
  return {
    arrived,
    open: () => {
      remove();
      opened();
    },
  };
}

/**
 * Issue 31, item 2: `POST /checkout/v1` and `POST /api/privacy/delete-account` of one account at
 * the same time. Each interleaving is forced with a barrier (modules/checkout/order/test-pause.ts): the
 * deletion holding the account while the purchase arrives, the purchase holding it while the
 * deletion arrives, and the deletion arriving between reserve and charge. Whatever the order, no
 * deleted account ends with an order, a charge or a ticket. On PostgreSQL the negative control
 * (TEST_UNSAFE_ACCOUNT_LOCK: reserve without the account lock) shows the race happen. The
 * two-process version: e2e/delete-while-paying.pg.e2e.ts.
 */
describe.each(testDatabases())('deleting the account while paying on %s', (kind) => {
  let t: TTestApp;
  let unsafe: TTestApp | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    if (kind === 'postgres')
      unsafe = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off', TEST_UNSAFE_ACCOUNT_LOCK: 'true' });
  });
  afterAll(async () => {
    for (const app of [t, unsafe]) {
      await app?.app.checkout.idle();
      await app?.close();
    }
  });

  /** A verified buyer with one unit in the cart, ready to pay; and to delete the account. */
  async function ready(app: TTestApp) {
    const f = await createCartFixture(app.database.db);
    const person = await register(app);
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, person.userId));
    const added = await app.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity: 1 });
    expect(added.status).toBe(200);
    const pay = async () => {
      const response = await app.request('/checkout/v1', {
        method: 'POST',
        ...withCookie(person.cookie, {
          'x-session-id': added.body.sessionID,
          'idempotency-key': `race-${uniqueCpf()}`,
        }),
        body: JSON.stringify({ paymentType: 'credit_card', card: { token: cardToken(), installments: 1 } }),
      });
      return { status: response.status, body: (await response.json()) as TPaymentAnswer & { code?: string } };
    };
    const remove = async () => {
      const response = await app.request('/api/privacy/delete-account', {
        method: 'POST',
        ...withCookie(person.cookie),
        body: JSON.stringify({ password: PASSWORD }),
      });
      return { status: response.status, body: (await response.json()) as Partial<TDeleteAccountRefusal> };
    };
    return { userId: person.userId, pay, remove };
  }

  /** The books of one account: deleted or not, its orders, and the sandbox charges approved for them. */
  async function books(app: TTestApp, userId: string) {
    const [deleted] = await app.database.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, userId));
    const made = await app.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.userId, userId));
    const approved = (await app.database.db.execute(
      sql`select c.id from sandbox_charges c join payments p on p.id::text = c.external_ref
          join orders o on o.id = p.order_id
          where o.user_id = ${userId} and c.status = 'approved'`,
    )) as unknown as { rows: unknown[] };
    const ticketsHeld = (await app.database.db.execute(
      sql`select count(*)::int as n from tickets where user_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    return {
      deleted: Boolean(deleted),
      orders: made,
      approvedCharges: approved.rows.length,
      tickets: ticketsHeld.rows[0]!.n,
    };
  }

  /** Until a statement of this database waits for a row lock (PostgreSQL; PGlite runs one transaction at a time). */
  async function someoneWaitsForALock(app: TTestApp) {
    if (kind === 'pglite') return new Promise((resolve) => setTimeout(resolve, 300));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const waiting = (await app.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('nobody waited for the account lock');
  }

  it('the deletion holds the account when the purchase arrives: the purchase is refused with its message, nothing made or charged', async () => {
    const b = await ready(t);
    const hold = barrier('deletion_locked');
    const deleting = b.remove();
    await hold.arrived;
    const paying = b.pay();
    await someoneWaitsForALock(t);
    hold.open();
    const [deleted, paid] = await Promise.all([deleting, paying]);
    expect(deleted.status).toBe(200);
    expect(paid.status).toBeGreaterThanOrEqual(400);
    expect(paid.status).toBeLessThan(500);
    // On PostgreSQL the purchase got past its session before the deletion ended it, and its reserve
    // says why; on PGlite it waited for the whole deletion and found its session gone (401).
    if (kind === 'postgres')
      expect(paid.body).toMatchObject({
        code: 'buyer_account_deleted',
        Message: 'Esta conta foi excluída: a compra não foi feita e nada foi cobrado.',
      });
    expect(await books(t, b.userId)).toEqual({ deleted: true, orders: [], approvedCharges: 0, tickets: 0 });
  });

  it('the purchase holds the account when the deletion arrives: the deletion waits, then refuses; the purchase is paid', async () => {
    const b = await ready(t);
    const hold = barrier('reserve_locked');
    const paying = b.pay();
    await hold.arrived;
    const deleting = b.remove();
    await someoneWaitsForALock(t);
    hold.open();
    const [paid, refused] = await Promise.all([paying, deleting]);
    expect(paid.body).toMatchObject({ orderStatus: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('account_busy');
    const mine = await books(t, b.userId);
    expect(mine).toMatchObject({ deleted: false, approvedCharges: 1, tickets: 1 });
    expect(mine.orders).toEqual([{ id: paid.body.orderId, status: 3 }]);
  });

  it('the deletion arrives between reserve and charge: refused while the order awaits payment, which then completes', async () => {
    const b = await ready(t);
    const hold = barrier('after_reserve');
    const paying = b.pay();
    await hold.arrived;
    const refused = await b.remove();
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('account_busy');
    expect(refused.body.blockers?.orders).toEqual([expect.objectContaining({ status: 1 })]);
    hold.open();
    const paid = await paying;
    expect(paid.body).toMatchObject({ orderStatus: 3 });
    // Paid: the ticket for an upcoming event still keeps the account.
    expect((await b.remove()).status).toBe(409);
    expect(await books(t, b.userId)).toMatchObject({ deleted: false, approvedCharges: 1, tickets: 1 });
  });

  if (kind === 'postgres') {
    describe('negative control: reserve without the account lock (TEST_UNSAFE_ACCOUNT_LOCK)', () => {
      it('a purchase made while the deletion holds the account is paid, and the account is deleted with it', async () => {
        const b = await ready(unsafe!);
        const hold = barrier('deletion_locked');
        const deleting = b.remove();
        await hold.arrived;
        // The order's foreign key still waits for the deletion's row lock, but nothing reads the
        // deletion after it: the order is written for the account just deleted, and charged.
        const paying = b.pay();
        await someoneWaitsForALock(unsafe!);
        hold.open();
        const [deleted, paid] = await Promise.all([deleting, paying]);
        expect(deleted.status).toBe(200);
        expect(paid.body).toMatchObject({ orderStatus: 3 });
        expect(await books(unsafe!, b.userId)).toMatchObject({
          deleted: true,
          approvedCharges: 1,
          tickets: 1,
        });
      });

      it('a deletion made while the purchase checked the account is not held back: a paid order on a deleted account', async () => {
        const b = await ready(unsafe!);
        const hold = barrier('reserve_locked');
        const paying = b.pay();
        await hold.arrived;
        expect((await b.remove()).status).toBe(200);
        hold.open();
        expect((await paying).body).toMatchObject({ orderStatus: 3 });
        expect(await books(unsafe!, b.userId)).toMatchObject({ deleted: true, approvedCharges: 1 });
      });
    });
  }
});

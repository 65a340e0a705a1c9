import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import { eq } from '../db/orm.ts';
import { users } from '../db/schema/index.ts';
import { register, withCookie } from './accounts.ts';
import type { TTestApp } from './test-app.ts';

export type TAnswer = TPaymentAnswer & { Message: string; code: string };

/** What the sandbox card form (sandbox-card-form.js) makes in the browser from a test card. */
export const sandboxToken = (outcome: 'apro' | 'rej' | 'pend') =>
  `sbx_${outcome}_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;

export const cardBody = (
  outcome: 'apro' | 'rej' | 'pend',
  installments = 1,
  extra: Record<string, unknown> = {},
) => ({
  paymentType: 'credit_card',
  card: { token: sandboxToken(outcome), installments },
  ...extra,
});

/**
 * A verified buyer with a cart session: `add` holds units of a lot (a new cart after the last one
 * became an order), `pay` posts /checkout/v1 with an Idempotency-Key, `poll` reads an order.
 */
export async function checkoutBuyer(t: TTestApp) {
  const person = await register(t);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
  let sessionId: string | undefined;
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as TAnswer };
  };
  return {
    person,
    get sessionId() {
      return sessionId;
    },
    async add(lotId: number, quantity = 1) {
      const added = await t.json<TCartAnswer & { Message?: string }>(
        '/api/v4/addtocart',
        { lotId, quantity, ...(sessionId ? { sessionId } : {}) },
        { headers: { cookie: person.cookie } },
      );
      if (added.status === 200) sessionId = added.body.sessionID;
      return added;
    },
    pay(key: string, body: unknown) {
      return call('/checkout/v1', {
        method: 'POST',
        headers: withCookie(person.cookie, { 'x-session-id': sessionId ?? '', 'idempotency-key': key })
          .headers,
        body: JSON.stringify(body),
      });
    },
    poll(orderId: string) {
      return call(`/api/checkout/orders/${orderId}`, { headers: { cookie: person.cookie } });
    },
  };
}

import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { events, orders, payments, sandboxCharges, ticketLots, tickets } from '../../db/schema/index.ts';
import { reconcilePayments } from '../../modules/checkout/reconcile-payments.ts';
import { withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const { AGUARDANDO_PAGAMENTO, PAGO, NAO_AUTORIZADO } = ORDER_STATUS;
const NOT_AUTHORISED =
  'Seu pagamento não foi autorizado, por favor, tente novamente. Recomendamos que tente com outro cartão ou por outro meio de pagamento.';

/** What the sandbox card form makes of 4000 0000 0000 3220: a card whose issuer asks for a challenge. */
const challengeCard = (installments = 1, extra: Record<string, unknown> = {}) => ({
  paymentType: 'credit_card',
  card: {
    token: `sbx_3ds_visa_3220_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`,
    installments,
  },
  ...extra,
});

type TOption = {
  installments: number;
  installmentValue: number;
  totalValue: number;
  interestRate: number;
  interestValue: number;
  noInterest: boolean;
};

/** Issue 15: 3-D Secure, installments charged exactly as shown, and the NF-e document. */
describe.each(testDatabases())('ways to pay: 3DS, installments, NF-e on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const order = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const chargeOf = async (paymentId: string) =>
    (await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.externalRef, paymentId)))[0]!;
  const lot = async (id: number) =>
    (await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, id)))[0]!;
  /** The sandbox issuer's page, as the buyer's browser meets it: the page, then the button's form post. */
  const answerChallenge = async (url: string, decision: 'approve' | 'deny') => {
    const page = await t.request(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Aprovar');
    expect(html).toContain('Recusar');
    const action = new RegExp(`action="([^"]+/${decision}[^"]*)"`).exec(html)![1]!.replaceAll('&#38;', '&');
    const posted = await t.request(action, { method: 'POST', headers: { origin: 'http://localhost' } });
    expect(posted.status).toBe(303);
    return new URL(posted.headers.get('location')!, 'http://localhost');
  };
  const complete = async (cookie: string, orderId: string, auth3dsId: unknown) => {
    const response = await t.request(`/api/checkout/orders/${orderId}/3ds`, {
      method: 'POST',
      ...withCookie(cookie, { 'content-type': 'application/json' }),
      body: JSON.stringify({ auth3dsId }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  describe('3-D Secure', () => {
    it('a card needing a challenge waits (pending_challenge); approved at the issuer, the completion issues the tickets', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      await b.add(f.lotId, 2);
      const paid = await b.pay('threeds-ok-1', challengeCard());
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({
        status: 'pending',
        statusDetail: 'pending_challenge',
        transactionStatus: 'pending',
        orderStatus: AGUARDANDO_PAGAMENTO,
        message: '',
      });
      const url = paid.body.challenge!.url;
      expect(url).toMatch(/^\/sandbox-gateway\/3ds\/sbx[0-9a-f]{20}\?return=/);
      // The order's status poll keeps showing the challenge while it waits.
      expect((await b.poll(paid.body.orderId)).body.challenge).toEqual({ url });
      expect(await lot(f.lotId)).toMatchObject({ held: 2, sold: 0 });

      const back = await answerChallenge(url, 'approve');
      expect(back.pathname).toBe('/pagamento');
      expect(back.searchParams.get('order')).toBe(paid.body.orderId);
      const auth3dsId = back.searchParams.get('auth3dsId')!;
      // Answered at the issuer, not yet completed: the charge still waits.
      expect((await order(paid.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);

      const done = await complete(b.person.cookie, paid.body.orderId, auth3dsId);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        status: 'approved',
        transactionStatus: 'success',
        orderStatus: PAGO,
        challenge: null,
      });
      expect(
        await t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId)),
      ).toHaveLength(2);
      expect(await chargeOf(paid.body.paymentId)).toMatchObject({
        status: 'approved',
        statusDetail: 'accredited',
      });
      // A repeat answers the settled order; nothing is charged again.
      const again = await complete(b.person.cookie, paid.body.orderId, auth3dsId);
      expect(again.body).toMatchObject({ orderStatus: PAGO });
    });

    it('denied at the issuer: cc_rejected_3ds_challenge with the spec message, the order ends (7), the cart comes back', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      await b.add(f.lotId, 1);
      const paid = await b.pay('threeds-deny-1', challengeCard());
      const back = await answerChallenge(paid.body.challenge!.url, 'deny');
      const done = await complete(b.person.cookie, paid.body.orderId, back.searchParams.get('auth3dsId'));
      expect(done.status).toBe(402);
      expect(done.body).toMatchObject({
        status: 'rejected',
        statusDetail: 'cc_rejected_3ds_challenge',
        transactionStatus: 'error',
        orderStatus: NAO_AUTORIZADO,
        message: NOT_AUTHORISED,
      });
      expect(
        await t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId)),
      ).toHaveLength(0);
    });

    it('bad input: a malformed or foreign auth id is refused (4xx) and changes nothing; a charge with no challenge is 409', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      await b.add(f.lotId, 1);
      const paid = await b.pay('threeds-bad-1', challengeCard());
      expect((await complete(b.person.cookie, paid.body.orderId, 'x')).status).toBe(400);
      expect((await complete(b.person.cookie, paid.body.orderId, 42)).status).toBe(400);
      // Not answered at the issuer yet: no auth id is this charge's.
      const early = await complete(b.person.cookie, paid.body.orderId, 'sbx3ds_000000000000000000000000');
      expect(early.status).toBe(422);
      expect(early.body.Message ?? early.body.message).toBe(
        'A autenticação do cartão não corresponde a este pagamento. Tente novamente.',
      );
      const back = await answerChallenge(paid.body.challenge!.url, 'approve');
      const wrong = await complete(b.person.cookie, paid.body.orderId, 'sbx3ds_111111111111111111111111');
      expect(wrong.status).toBe(422);
      expect((await order(paid.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);
      // The issuer's page answers once; an unknown charge is not found.
      expect(
        (
          await t.request(`/sandbox-gateway/3ds/sbx${'0'.repeat(20)}/approve`, {
            method: 'POST',
            headers: { origin: 'http://localhost' },
          })
        ).status,
      ).toBe(404);
      expect((await t.request(`/sandbox-gateway/3ds/not-a-ref`)).status).toBe(404);
      // It still completes with the right one.
      const done = await complete(b.person.cookie, paid.body.orderId, back.searchParams.get('auth3dsId'));
      expect(done.body).toMatchObject({ orderStatus: PAGO });

      // An approved card never had a challenge.
      await b.add(f.lotId, 1);
      const plain = await b.pay('threeds-bad-2', cardBody('apro'));
      expect(plain.body.orderStatus).toBe(PAGO);
      expect(
        (await complete(b.person.cookie, plain.body.orderId, 'sbx3ds_111111111111111111111111')).status,
      ).toBe(409);
    });

    it("someone else's order: not found, and their charge stays waiting", async () => {
      const f = await createCartFixture(t.database.db);
      const owner = await checkoutBuyer(t);
      const other = await checkoutBuyer(t);
      await owner.add(f.lotId, 1);
      const paid = await owner.pay('threeds-other-1', challengeCard());
      const back = await answerChallenge(paid.body.challenge!.url, 'approve');
      const stolen = await complete(
        other.person.cookie,
        paid.body.orderId,
        back.searchParams.get('auth3dsId'),
      );
      expect(stolen.status).toBe(404);
      expect((await order(paid.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);
      const anonymous = await t.request(`/api/checkout/orders/${paid.body.orderId}/3ds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth3dsId: back.searchParams.get('auth3dsId') }),
      });
      expect(anonymous.status).toBe(401);
      expect(
        (await complete(owner.person.cookie, paid.body.orderId, back.searchParams.get('auth3dsId'))).body,
      ).toMatchObject({ orderStatus: PAGO });
    });

    it('the issuer page sends the buyer back only to a path of this site', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      await b.add(f.lotId, 1);
      const paid = await b.pay('threeds-redirect-1', challengeCard());
      const ref = /3ds\/(sbx[0-9a-f]{20})/.exec(paid.body.challenge!.url)![1];
      const posted = await t.request(
        `/sandbox-gateway/3ds/${ref}/deny?return=${encodeURIComponent('https://evil.example/x')}`,
        {
          method: 'POST',
          headers: { origin: 'http://localhost' },
        },
      );
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toMatch(/^\/pagamento\?auth3dsId=sbx3ds_/);
    });

    it('a challenge never answered is settled by the reconciler: not authorised, the units back on sale', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      await b.add(f.lotId, 2);
      const paid = await b.pay('threeds-timeout-1', challengeCard());
      await reconcilePayments(t.app.checkout);
      expect((await order(paid.body.orderId)).status).toBe(AGUARDANDO_PAGAMENTO);
      // The issuer's time to answer runs out.
      await t.database.db.execute(
        sql`update sandbox_charges set created_at = now() - interval '1 hour' where external_ref = ${paid.body.paymentId}`,
      );
      await reconcilePayments(t.app.checkout);
      expect((await order(paid.body.orderId)).status).toBe(NAO_AUTORIZADO);
      expect(await paymentOf(paid.body.orderId)).toMatchObject({
        status: 'rejected',
        statusDetail: 'cc_rejected_3ds_challenge',
      });
      expect(await lot(f.lotId)).toMatchObject({ held: 0, sold: 0 });
    });
  });

  describe('installments', () => {
    const table = async (eventId: number, value: number, headers: Record<string, string> = {}) => {
      const response = await t.request(`/api/socialEvent/${eventId}/getInstallments?value=${value}`, {
        headers,
      });
      return { status: response.status, body: (await response.json()) as TOption[] };
    };

    it("shows interest per count and the total per option; the event's interest-free counts; X-NoInterest narrows to them", async () => {
      const f = await createCartFixture(t.database.db);
      await t.database.db
        .update(events)
        .set({ maxInterestFreeInstallments: 3 })
        .where(eq(events.id, f.eventId));
      const all = await table(f.eventId, 300);
      expect(all.status).toBe(200);
      expect(
        all.body.slice(0, 3).every((o) => o.noInterest && o.totalValue === 300 && o.interestValue === 0),
      ).toBe(true);
      const four = all.body[3]!;
      expect(four).toMatchObject({ installments: 4, noInterest: false, interestRate: 2.99 });
      expect(four.totalValue).toBeCloseTo(four.installmentValue * 4, 2);
      expect(four.interestValue).toBeCloseTo(four.totalValue - 300, 2);
      const free = await table(f.eventId, 300, { 'X-NoInterest': 'true' });
      expect(free.body.map((o) => o.installments)).toEqual([1, 2, 3]);
      expect((await table(f.eventId, 300, { 'X-NoInterest': 'false' })).body).toHaveLength(all.body.length);
      // Bad input: 400, never 5xx.
      expect((await table(f.eventId, -1)).status).toBe(400);
    });

    it('3x with interest: the order total and the gateway charge are exactly the table total', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      const added = await b.add(f.lotId, 2);
      const cartTotal = (added.body as unknown as { cart: { totals: { total: number } } }).cart.totals.total;
      const three = (await table(f.eventId, cartTotal)).body.find((o) => o.installments === 3)!;
      expect(three.noInterest).toBe(false);
      const paid = await b.pay(
        'installments-3x',
        cardBody('apro', 3, { totalTicketValue: three.totalValue }),
      );
      expect(paid.body).toMatchObject({ orderStatus: PAGO, installments: 3, total: three.totalValue });
      const cents = Math.round(three.totalValue * 100);
      expect(await order(paid.body.orderId)).toMatchObject({ totalCents: cents, installments: 3 });
      expect(await chargeOf(paid.body.paymentId)).toMatchObject({ amountCents: cents, installments: 3 });
      // Within the event's interest-free counts, the same 3x costs the cart total.
      await t.database.db
        .update(events)
        .set({ maxInterestFreeInstallments: 3 })
        .where(eq(events.id, f.eventId));
      await b.add(f.lotId, 2);
      const shownFree = (await table(f.eventId, cartTotal)).body.find((o) => o.installments === 3)!;
      expect(shownFree).toMatchObject({ noInterest: true, totalValue: cartTotal });
      const stale = await b.pay(
        'installments-3x-stale',
        cardBody('apro', 3, { totalTicketValue: three.totalValue }),
      );
      expect(stale.status).toBe(409);
      const freePaid = await b.pay(
        'installments-3x-free',
        cardBody('apro', 3, { totalTicketValue: cartTotal }),
      );
      expect(freePaid.body).toMatchObject({ orderStatus: PAGO, total: cartTotal });
      expect(await chargeOf(freePaid.body.paymentId)).toMatchObject({
        amountCents: Math.round(cartTotal * 100),
      });
    });
  });

  describe('NF-e document', () => {
    it("the cart says isNfeMandatory from the event's flag; missing or invalid is refused (422) with a Portuguese message; valid is stored", async () => {
      const f = await createCartFixture(t.database.db);
      await t.database.db.update(events).set({ nfeMandatory: true }).where(eq(events.id, f.eventId));
      const b = await checkoutBuyer(t);
      const added = await b.add(f.lotId, 1);
      expect((added.body as unknown as { cart: { isNfeMandatory: boolean } }).cart.isNfeMandatory).toBe(true);

      const missing = await b.pay('nfe-missing', cardBody('apro'));
      expect(missing.status).toBe(422);
      expect(missing.body.Message).toBe('Informe o CPF ou CNPJ para a emissão da nota fiscal (NF-e).');
      const badCpf = await b.pay('nfe-bad-cpf', cardBody('apro', 1, { nfeDocument: '529.982.247-26' }));
      expect(badCpf.status).toBe(422);
      expect(badCpf.body.Message).toBe(
        'O CPF ou CNPJ informado para a nota fiscal (NF-e) é inválido. Confira os números.',
      );
      const badCnpj = await b.pay('nfe-bad-cnpj', cardBody('apro', 1, { nfeDocument: '12.ABC.345/01DE-36' }));
      expect(badCnpj.status).toBe(422);
      const tooLong = await b.pay('nfe-too-long', cardBody('apro', 1, { nfeDocument: 'x'.repeat(41) }));
      expect(tooLong.status).toBe(400);
      // Nothing was made by the refusals: the cart is still there.
      const paid = await b.pay('nfe-good', cardBody('apro', 1, { nfeDocument: '12.abc.345/01de-35' }));
      expect(paid.body.orderStatus).toBe(PAGO);
      expect((await order(paid.body.orderId)).nfeDocument).toBe('12ABC34501DE35');

      await b.add(f.lotId, 1);
      const cpf = await b.pay('nfe-cpf-doc', cardBody('apro', 1, { nfeDocument: '529.982.247-25' }));
      expect(cpf.body).toMatchObject({ orderStatus: PAGO });
      expect((await order(cpf.body.orderId)).nfeDocument).toBe('52998224725');
    });

    it('an event without the flag needs none (isNfeMandatory false), and an invalid one given anyway is still refused', async () => {
      const f = await createCartFixture(t.database.db);
      const b = await checkoutBuyer(t);
      const added = await b.add(f.lotId, 1);
      expect((added.body as unknown as { cart: { isNfeMandatory: boolean } }).cart.isNfeMandatory).toBe(
        false,
      );
      expect((await b.pay('nfe-none-bad', cardBody('apro', 1, { nfeDocument: '123' }))).status).toBe(422);
      const paid = await b.pay('nfe-none', cardBody('apro'));
      expect(paid.body.orderStatus).toBe(PAGO);
      expect((await order(paid.body.orderId)).nfeDocument).toBeNull();
    });
  });
});

import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import type { TSendPixelAnswer } from '@ingressos/contracts/tracking';
import { COOKIE_POLICY_VERSION, formatCookieConsent } from '@ingressos/domain/cookie-consent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { consents, events, trackingLocalEvents, users } from '../../db/schema/index.ts';
import { brazilianAdult, fromIp, register, type TRegistered } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { sandboxToken } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/** SHA-256 (hex) of the normalised values, computed outside this code (`printf %s value | sha256sum`). */
const KNOWN = {
  em: '75ac01008391351afc4e909157c242964fea02a8527420f5976fdf96080d620e', // ana.pixel@exemplo.com.br
  ph: '029c7290f14c4516673508635f0519db95f7daf42057fd0e4ad1de84c5408a66', // 5511987654321
  fn: '24d4b96f58da6d4a8512313bbd02a28ebf0ca95dec6e4c86ef78ce7f01e788ac', // ana
  ln: 'd24e913a4107af875dc2ac3d419798f3794d00434e5059fbb68ac8d33626eaee', // silva
  external_id: '7281dfb5e8becca0a1c5e77c1268baacb0f983572b8c204fd8df72b24175b231', // 52998224725
  country: '885036a0da3dff3c3e05bc79bf49382b12bc5098514ed57ce0875aba1aa2c40d', // br
};
const CPF = '52998224725';
const BOTH = `cookie_consent=${formatCookieConsent({ analytics: true, marketing: true })}`;
const ANALYTICS_ONLY = `cookie_consent=${formatCookieConsent({ analytics: true, marketing: false })}`;
const PIXEL = '/api/website/SendPixel';

type TAnswer = TSendPixelAnswer & { Message?: string; code?: string };

describe.each(testDatabases())('SendPixel on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let ana: TRegistered;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    f = await createCartFixture(t.database.db);
    // The fixture's first event sends pixels; its second does not.
    await t.database.db.update(events).set({ sendPixel: true }).where(eq(events.id, f.eventId));
    ana = await register(
      t,
      brazilianAdult({
        name: '  Ana Maria  Silva',
        email: 'Ana.Pixel@Exemplo.com.br',
        cpf: CPF,
        ddiPhone: '+55',
        phone: '11987654321',
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** Each call from an IP of its own unless given, so the per-IP limit is tested on purpose only. */
  const send = async (body: unknown, cookie: string, given?: string) => {
    serial += 1;
    const ip = given ?? `203.0.113.${serial % 250}`;
    const response = await t.app.request(
      `http://localhost${PIXEL}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'user-agent': 'Mozilla/5.0 (teste)' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      fromIp(ip),
    );
    return { status: response.status, body: (await response.json()) as TAnswer };
  };
  const payload = (p: Record<string, unknown>) => JSON.stringify(p);
  const eventId = () => `evt-${crypto.randomUUID()}`;
  const recorded = (id: string) =>
    t.database.db.select().from(trackingLocalEvents).where(eq(trackingLocalEvents.eventId, id));

  it('sends AddToCart with hashed user data, BRL and the value to 2 decimals', async () => {
    const id = eventId();
    const answer = await send(
      {
        EventId: f.eventId,
        payload: payload({
          event_name: 'AddToCart',
          event_id: id,
          event_source_url: `${t.config.publicUrl}/events/${f.slug}`,
          custom_data: {
            value: 440.456,
            contents: [{ id: String(f.lotId), quantity: 2, item_price: 220.228 }],
          },
        }),
      },
      `${ana.cookie}; ${BOTH}`,
    );
    expect(answer).toEqual({ status: 200, body: { status: 'sent' } });

    const [row] = await recorded(id);
    const body = row!.body as Record<string, unknown>;
    expect(body.event_name).toBe('AddToCart');
    expect(body.event_id).toBe(id);
    expect(body.action_source).toBe('website');
    expect(body.event_source_url).toBe(`${t.config.publicUrl}/events/${f.slug}`);
    expect(body.user_data).toEqual({
      em: [KNOWN.em],
      ph: [KNOWN.ph],
      fn: [KNOWN.fn],
      ln: [KNOWN.ln],
      external_id: [KNOWN.external_id],
      country: [KNOWN.country],
      client_ip_address: expect.stringMatching(/^203\.0\.113\./),
      client_user_agent: 'Mozilla/5.0 (teste)',
    });
    expect(body.custom_data).toEqual({
      currency: 'BRL',
      value: 440.46,
      contents: [{ id: String(f.lotId), quantity: 2, item_price: 220.23 }],
      content_type: 'product',
      content_ids: [String(f.lotId)],
      num_items: 2,
    });
    // No raw identifier anywhere in what is kept.
    const stored = JSON.stringify(row).toLowerCase();
    for (const raw of ['ana.pixel@exemplo.com.br', CPF, '11987654321', 'silva'])
      expect(stored).not.toContain(raw);

    // The recorder shows it, on this machine only.
    const page = await t.request('/_dev/pixel.json');
    expect(page.status).toBe(200);
    expect(((await page.json()) as { eventId: string }[]).some((e) => e.eventId === id)).toBe(true);
  });

  it('counts the same event id once', async () => {
    const id = eventId();
    const body = { EventId: f.eventId, payload: payload({ event_name: 'ViewContent', event_id: id }) };
    expect((await send(body, BOTH)).body).toEqual({ status: 'sent' });
    expect((await send(body, BOTH)).body).toEqual({ status: 'duplicate' });
    expect(await recorded(id)).toHaveLength(1);
    // The same id under another event name is another event.
    const other = { EventId: f.eventId, payload: payload({ event_name: 'InitiateCheckout', event_id: id }) };
    expect((await send(other, BOTH)).body).toEqual({ status: 'sent' });
    expect(await recorded(id)).toHaveLength(2);
  });

  it('sends an anonymous visit with no user identifiers', async () => {
    const id = eventId();
    expect(
      (
        await send(
          { EventId: f.eventId, payload: payload({ event_name: 'ViewContent', event_id: id }) },
          BOTH,
        )
      ).body,
    ).toEqual({ status: 'sent' });
    const [row] = await recorded(id);
    expect(Object.keys((row!.body as { user_data: object }).user_data).sort()).toEqual([
      'client_ip_address',
      'client_user_agent',
    ]);
  });

  it('sends nothing without marketing consent, nor for an event without sendPixel', async () => {
    for (const cookie of [
      ana.cookie,
      `${ana.cookie}; ${ANALYTICS_ONLY}`,
      'cookie_consent=2020-01-01.a1.m1',
    ]) {
      const id = eventId();
      const answer = await send(
        { EventId: f.eventId, payload: payload({ event_name: 'ViewContent', event_id: id }) },
        cookie,
      );
      expect(answer).toEqual({ status: 200, body: { status: 'ignored', reason: 'no_consent' } });
      expect(await recorded(id)).toHaveLength(0);
    }
    const id = eventId();
    const off = await send(
      { EventId: f.otherEventId, payload: payload({ event_name: 'ViewContent', event_id: id }) },
      BOTH,
    );
    expect(off.body).toEqual({ status: 'ignored', reason: 'event_disabled' });
    expect(await recorded(id)).toHaveLength(0);
  });

  it('answers bad input with a 4xx and the error body', async () => {
    const cases: [unknown, number][] = [
      ['{not json', 400],
      [{ payload: payload({ event_name: 'ViewContent', event_id: eventId() }) }, 400],
      [{ EventId: f.eventId, payload: '{oops' }, 400],
      [{ EventId: f.eventId, payload: payload({ event_name: 'PageView', event_id: eventId() }) }, 400],
      [{ EventId: f.eventId, payload: payload({ event_name: 'ViewContent', event_id: 'x' }) }, 400],
      [
        {
          EventId: f.eventId,
          payload: payload({ event_name: 'AddToCart', event_id: eventId(), custom_data: { value: -1 } }),
        },
        400,
      ],
      [
        {
          EventId: f.eventId,
          payload: payload({ event_name: 'AddToCart', event_id: eventId(), user_data: { em: 'x' } }),
        },
        400,
      ],
      [{ EventId: f.eventId, payload: payload({ event_name: 'Purchase', event_id: eventId() }) }, 400],
      [{ EventId: 999_999, payload: payload({ event_name: 'ViewContent', event_id: eventId() }) }, 404],
    ];
    for (const [body, status] of cases) {
      const answer = await send(body, BOTH);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.body.Message).toEqual(expect.any(String));
    }
  });

  it('values a Purchase from the paid order, never from the browser, and only for its buyer', async () => {
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ana.userId));
    const added = await t.json<TCartAnswer>(
      '/api/v4/addtocart',
      { lotId: f.lotId, quantity: 2 },
      { headers: { cookie: ana.cookie } },
    );
    expect(added.status).toBe(200);
    const paid = await t.request('/checkout/v1', {
      method: 'POST',
      headers: {
        cookie: ana.cookie,
        'content-type': 'application/json',
        'x-session-id': added.body.sessionID,
        'idempotency-key': `pixel-${crypto.randomUUID()}`,
      },
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: sandboxToken('apro'), installments: 1 },
      }),
    });
    const order = (await paid.json()) as TPaymentAnswer;
    expect(order.orderStatus).toBe(3);
    const total = added.body.cart!.totals.total;

    const id = `purchase-${order.orderId}`;
    const purchase = {
      EventId: f.eventId,
      payload: payload({
        event_name: 'Purchase',
        event_id: id,
        order_id: order.orderId,
        custom_data: { value: 0.01 },
      }),
    };
    // Someone else (or nobody) cannot report this order.
    const stranger = await register(t);
    expect((await send(purchase, `${stranger.cookie}; ${BOTH}`)).status).toBe(404);
    expect((await send(purchase, BOTH)).status).toBe(404);

    expect((await send(purchase, `${ana.cookie}; ${BOTH}`)).body).toEqual({ status: 'sent' });
    const [row] = await recorded(id);
    const custom = (row!.body as { custom_data: Record<string, unknown> }).custom_data;
    expect(custom).toMatchObject({
      currency: 'BRL',
      value: Math.round(total * 100) / 100,
      order_id: order.orderId,
      num_items: 2,
      content_ids: [String(f.lotId)],
    });
    expect(custom.value).not.toBe(0.01);
    // The order page reloaded: the same purchase is counted once.
    expect((await send(purchase, `${ana.cookie}; ${BOTH}`)).body).toEqual({ status: 'duplicate' });
  });

  it("records a logged-in visitor's cookie choice with its version and date, and exports it", async () => {
    const post = (cookie: string, body: unknown) =>
      t.json<{ analytics: boolean; marketing: boolean; version: string; recordedAt: string }>(
        '/api/privacy/cookie-consent',
        body,
        { headers: { cookie } },
      );
    expect((await post('', { analytics: true, marketing: true })).status).toBe(401);
    expect((await post(ana.cookie, { analytics: 'sim' })).status).toBe(400);
    const first = await post(ana.cookie, { analytics: true, marketing: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      analytics: true,
      marketing: false,
      version: COOKIE_POLICY_VERSION,
      recordedAt: expect.any(String),
    });
    expect((await post(ana.cookie, { analytics: false, marketing: false })).status).toBe(200);
    // In the database's order: its clock has microseconds, and two choices may come in one millisecond.
    const rows = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.userId, ana.userId))
      .orderBy(consents.acceptedAt, consents.kind);
    const cookieRows = rows.filter((r) => r.kind.startsWith('cookies_'));
    expect(cookieRows.map((r) => [r.kind, r.granted, r.version])).toEqual([
      ['cookies_analytics', true, COOKIE_POLICY_VERSION],
      ['cookies_marketing', false, COOKIE_POLICY_VERSION],
      ['cookies_analytics', false, COOKIE_POLICY_VERSION],
      ['cookies_marketing', false, COOKIE_POLICY_VERSION],
    ]);
    const data = (await (
      await t.request('/api/privacy/my-data', { headers: { cookie: ana.cookie } })
    ).json()) as {
      consents: { termsAcceptance: { kind: string; granted: boolean }[] };
    };
    expect(
      data.consents.termsAcceptance.filter((c) => c.kind === 'cookies_analytics').map((c) => c.granted),
    ).toEqual([true, false]);
  });

  it('limits pixel calls per IP', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    // Issue 31: a ceiling for the buyers behind one carrier address (a handful of events per visit).
    for (let i = 0; i < 1205; i += 1) {
      const answer = await send(
        { EventId: f.otherEventId, payload: payload({ event_name: 'ViewContent', event_id: eventId() }) },
        '',
        ip,
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 1200).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(1200)).toEqual([429, 429, 429, 429, 429]);
  });
});

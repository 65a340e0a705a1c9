import type { TCart } from '@ingressos/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { callEndpoint, type TAnswer, type TCallOptions, type TSend } from './api-client.ts';

/** A stand-in for fetch that records what was sent and answers `response` (or fails like a dropped connection). */
function recorder(response: Response | Error) {
  const sent: { url: string; init: RequestInit }[] = [];
  const send: TSend = async (url, init) => {
    sent.push({ url, init });
    if (response instanceof Error) throw response;
    return response;
  };
  return { sent, send };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the typed API client', () => {
  it('builds the URL from the table, with parameters and query, and sends writes as JSON', async () => {
    const get = recorder(json([]));
    await callEndpoint(get.send, 'installments', { params: { eventId: 7 }, query: { value: 120.5 } });
    expect(get.sent[0]).toMatchObject({
      url: '/api/socialEvent/7/getInstallments?value=120.5',
      init: { method: 'GET', body: undefined },
    });
    const post = recorder(json({ cart: null }));
    await callEndpoint(post.send, 'getCart');
    await callEndpoint(post.send, 'pay', {
      body: { paymentType: 'pix', totalTicketValue: 10 },
      headers: { 'idempotency-key': 'k1' },
    });
    // A write with no body still sends {}: the routes parse an object.
    expect(post.sent[0]!.init).toMatchObject({ method: 'POST', body: '{}' });
    expect(post.sent[1]!.url).toBe('/checkout/v1');
    expect(post.sent[1]!.init.headers).toEqual({
      'content-type': 'application/json',
      'idempotency-key': 'k1',
    });
  });

  it("keeps the spec's three failures apart: no connection, nothing usable, the API's Message", async () => {
    const offline = await callEndpoint(recorder(new TypeError('Failed to fetch')).send, 'nextEvents');
    expect(offline).toMatchObject({ ok: false, status: 0, kind: 'network' });
    const gateway = await callEndpoint(
      recorder(new Response('<html>502</html>', { status: 502 })).send,
      'nextEvents',
    );
    expect(gateway).toMatchObject({ ok: false, status: 502, kind: 'server', error: null });
    const refused = await callEndpoint(
      recorder(json({ Message: 'Lote esgotado', code: 'lot_sold_out' }, 422)).send,
      'addToCart',
      { body: { lotId: 1, quantity: 1 } },
    );
    expect(refused).toMatchObject({ ok: false, status: 422, kind: 'http', message: 'Lote esgotado' });
    expect(refused.ok ? null : refused.error?.code).toBe('lot_sold_out');
  });

  it('types the body from the request schema and the answer from the answer schema', () => {
    expectTypeOf<TAnswer<'addToCart'>['cart']>().toEqualTypeOf<TCart | null>();
    expectTypeOf<TCallOptions<'cartProtection'>['body']['provider']>().toEqualTypeOf<'bilheto' | 'none'>();
    // @ts-expect-error a path parameter is required where the path has one
    const missing: TCallOptions<'order'> = {};
    // @ts-expect-error a body the schema does not take
    const wrong: TCallOptions<'cartProtection'> = { body: { provider: 'acme' } };
    expect([missing, wrong]).toHaveLength(2);
  });
});

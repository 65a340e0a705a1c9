import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import type { TOpenApiDocument } from '../openapi/document.ts';

/**
 * The answer schemas in /api/openapi.json are what the routes really send: real answers of a
 * buyer's journey (catalogue, cart, payment, tickets, account) validate against them, extra
 * fields included (the document's objects allow none).
 */
describe.each(testDatabases())('the documented answers (%s)', (kind) => {
  let t: TTestApp;
  let doc: TOpenApiDocument;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    doc = (await (await t.request('/api/openapi.json')).json()) as TOpenApiDocument;
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** Validates the answer of `url` against the document's schema for (method, template, status). */
  async function expectDocumented(method: string, template: string, url: string, init: RequestInit = {}) {
    const response = await t.request(url, { method, ...init });
    const body = (await response.json()) as unknown;
    const documented = doc.paths[template]?.[method.toLowerCase()]?.responses[String(response.status)];
    const found = documented?.content?.['application/json']?.schema;
    // The error body is the one shared component.
    const schema = found?.$ref === '#/components/schemas/ApiError' ? doc.components.schemas.ApiError : found;
    expect(schema, `${method} ${template} ${response.status} is documented`).toBeTruthy();
    const validate = ajv.compile(schema as object);
    expect(
      validate(body) ? [] : validate.errors,
      `${method} ${url}: ${JSON.stringify(body).slice(0, 300)}`,
    ).toEqual([]);
    return body;
  }

  it('match what a buyer gets from the catalogue to the issued tickets', async () => {
    const f = await createCartFixture(t.database.db);
    await t.catalogue.refresh();
    const b = await checkoutBuyer(t);
    const added = await b.add(f.lotId, 2);
    expect(added.status).toBe(200);
    const auth = withCookie(b.person.cookie, { 'x-session-id': b.sessionId ?? '' });
    const json = (body: unknown) => ({
      ...auth,
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    await expectDocumented('GET', '/api/v3/nextEvents', '/api/v3/nextEvents');
    await expectDocumented(
      'POST',
      '/api/v2/getEventTicketsBySlug',
      '/api/v2/getEventTicketsBySlug',
      json({ eventSlug: f.slug }),
    );
    await expectDocumented('GET', '/api/events/search', '/api/events/search?s=a');
    await expectDocumented('POST', '/api/v3/getcart', '/api/v3/getcart', json({}));
    await expectDocumented('GET', '/api/v2/authentication', '/api/v2/authentication', auth);
    await expectDocumented('GET', '/api/visitor', '/api/visitor', auth);
    await expectDocumented('GET', '/api/visitor', '/api/visitor');
    await expectDocumented('GET', '/api/checkout/gateway', '/api/checkout/gateway');
    await expectDocumented(
      'GET',
      '/api/socialEvent/{eventId}/getInstallments',
      `/api/socialEvent/${f.eventId}/getInstallments?value=100`,
    );
    const paid = (await b.pay('answers-1', cardBody('apro'))).body;
    expect(paid.orderStatus).toBe(3);
    await expectDocumented('GET', '/api/checkout/orders/{id}', `/api/checkout/orders/${paid.orderId}`, auth);
    await expectDocumented(
      'GET',
      '/api/v1/mercadopago/payments/{id}',
      `/api/v1/mercadopago/payments/${paid.orderId}`,
      auth,
    );
    await expectDocumented(
      'GET',
      '/api/newtickettransaction/{id}/payment-status',
      `/api/newtickettransaction/${paid.orderId}/payment-status`,
      auth,
    );
    await expectDocumented('GET', '/api/tickets/mine', '/api/tickets/mine', auth);
    await expectDocumented('GET', '/api/checkout/ongoing', '/api/checkout/ongoing', auth);
    await expectDocumented('GET', '/api/checkout/ongoing/exists', '/api/checkout/ongoing/exists', auth);
    await expectDocumented(
      'GET',
      '/api/transferTicket/getUserTransfers',
      '/api/transferTicket/getUserTransfers',
      auth,
    );
    await expectDocumented(
      'GET',
      '/api/transferTicket/pendingCount',
      '/api/transferTicket/pendingCount',
      auth,
    );
    await expectDocumented('GET', '/api/tickets/revoked', `/api/tickets/revoked?eventId=${f.eventId}`);
    await expectDocumented('GET', '/api/tickets/public-key', '/api/tickets/public-key');
  });

  it('match the account and address calls, and the error body', async () => {
    await expectDocumented('GET', '/api/captcha/config', '/api/captcha/config');
    await expectDocumented('GET', '/api/addresses/states', '/api/addresses/states');
    await expectDocumented('GET', '/api/addresses/cities/{stateId}', '/api/addresses/cities/35');
    await expectDocumented('GET', '/api/v1/localidades/estados', '/api/v1/localidades/estados');
    await expectDocumented(
      'GET',
      '/api/v1/localidades/estados/{uf}/municipios',
      '/api/v1/localidades/estados/SP/municipios',
    );
    await expectDocumented(
      'GET',
      '/api/utils/validateEmail',
      '/api/utils/validateEmail?email=ninguem@example.com',
    );
    await expectDocumented('GET', '/healthz', '/healthz');
    // A refusal answers the documented error body.
    await expectDocumented('POST', '/api/v2/websiteuserlogin', '/api/v2/websiteuserlogin', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x' }),
    });
  });
});

import type { TCartAnswer, TEventTicketsResponse } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { importCatalogue } from '../../modules/catalogue/import-catalogue.ts';
import { DEMO_EXCLUSIVE_BIN, DEMO_SLUGS, demoCatalogue } from '../../modules/demo/demo-catalogue.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
type TValidated = { result: true; sessionID: string; expiresAt: string };

/** The demo's exclusive event, with a second issuer that opens it with a club code. */
function exclusiveFile() {
  const file = demoCatalogue(new Date());
  const event = file.events.find((e) => e.slug === DEMO_SLUGS.exclusive)!;
  event.exclusiveAccess = [
    ...(event.exclusiveAccess ?? []),
    { type: 'clubCoupon', name: 'Sócio do clube', codes: ['SOCIO-2027'] },
  ];
  return { groups: [], events: [event] };
}

async function setUp(t: TTestApp) {
  const imported = await importCatalogue(t.database.db, exclusiveFile());
  expect(imported.ok).toBe(true);
  await t.catalogue.refresh();
  const { body } = await t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', {
    eventSlug: DEMO_SLUGS.exclusive,
  });
  return body;
}

describe.each(testDatabases())('exclusive pre-sale access on %s', (kind) => {
  let t: TTestApp;
  let event: TEventTicketsResponse;
  beforeAll(async () => {
    t = await createTestApp(kind);
    event = await setUp(t);
  });
  afterAll(() => t.close());

  const validate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.json<TValidated & TError>('/api/socialevents/validateExclusiveEmissor', body, { headers });
  const add = (body: Record<string, unknown>) => t.json<TCartAnswer & TError>('/api/v4/addtocart', body);
  const lotId = () => event.sections[0]!.tickets[0]!.lotId;

  it('publishes who has the pre-sale but never its codes', async () => {
    expect(event.exclusiveEmissorsAccess).toEqual([
      { type: 'cooperativeCard', name: 'Cartão Cooperativo' },
      { type: 'clubCoupon', name: 'Sócio do clube' },
    ]);
    const published = JSON.stringify(event);
    expect(published).not.toContain(DEMO_EXCLUSIVE_BIN);
    expect(published).not.toContain('SOCIO');
  });

  it('refuses restricted tickets to a buyer who has not validated a code', async () => {
    const refused = await add({ lotId: lotId(), quantity: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'exclusive_required',
      Message: 'Venda exclusiva: valide seu código de acesso para adicionar estes ingressos.',
    });
  });

  it('answers a wrong card prefix, a wrong type or a whole card number with the spec message', async () => {
    const wrong = [
      { eventId: event.id, binHolder: '654321', type: 'cooperativeCard' },
      // The right digits for an issuer type the event does not have.
      { eventId: event.id, binHolder: DEMO_EXCLUSIVE_BIN, type: 'bankCard' },
      // More than 8 digits is a card number: refused, never looked up.
      { eventId: event.id, binHolder: `${DEMO_EXCLUSIVE_BIN}7890123456`, type: 'cooperativeCard' },
      { eventId: event.id, binHolder: 'OUTRO-CODIGO', type: 'clubCoupon' },
    ];
    for (const body of wrong) {
      const answer = await validate(body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: 'exclusive_invalid', Message: 'Não foi possível validar' });
    }
    const english = await validate(wrong[0]!, { 'accept-language': 'en' });
    expect(english.body.Message).toBe('Could not validate');
  });

  it('grants the session access with the documented demo BIN, and then addtocart takes the tickets', async () => {
    const refused = await add({ lotId: lotId(), quantity: 1 });
    const sessionId = refused.body.sessionID;
    expect(refused.status).toBe(403);

    const response = await t.request('/api/socialevents/validateExclusiveEmissor', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Eight digits of a card whose first six are the issuer's BIN.
      body: JSON.stringify({
        eventId: event.id,
        binHolder: `${DEMO_EXCLUSIVE_BIN}78`,
        type: 'cooperativeCard',
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/cart_session=[\w-]+;.*HttpOnly/);
    const granted = (await response.json()) as TValidated;
    expect(granted.result).toBe(true);
    expect(Date.parse(granted.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(sessionId ?? granted.sessionID).toBeTruthy();

    const status = await t.request(`/api/socialevents/${event.id}/exclusiveAccess`, {
      headers: { 'x-session-id': granted.sessionID },
    });
    expect(await status.json()).toMatchObject({ access: true });

    const added = await add({ lotId: lotId(), quantity: 2, sessionId: granted.sessionID });
    expect(added.status).toBe(200);
    expect(added.body.cart!.items[0]).toMatchObject({ lotId: lotId(), quantity: 2 });

    // Another session still has no access.
    const other = await t.request(`/api/socialevents/${event.id}/exclusiveAccess`);
    expect(await other.json()).toMatchObject({ access: false });
  });

  it('opens the event with a club code for the session that sent it, whatever its case', async () => {
    const first = await add({ lotId: lotId(), quantity: 1 });
    expect(first.status).toBe(403);
    const granted = await validate({ eventId: event.id, binHolder: ' socio-2027 ', type: 'clubCoupon' });
    expect(granted.status).toBe(200);
    const added = await add({ lotId: lotId(), quantity: 1, sessionId: granted.body.sessionID });
    expect(added.status).toBe(200);
  });

  it('stops opening the event once the grant expires', async () => {
    const granted = await validate({
      eventId: event.id,
      binHolder: DEMO_EXCLUSIVE_BIN,
      type: 'cooperativeCard',
    });
    await t.database.db.execute(
      sql`update exclusive_access_grants set expires_at = now() - interval '1 second' where session_id = ${granted.body.sessionID}`,
    );
    const refused = await add({ lotId: lotId(), quantity: 1, sessionId: granted.body.sessionID });
    expect(refused.status).toBe(403);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    expect((await validate({ eventId: 'x', binHolder: 1, type: 'cooperativeCard' })).status).toBe(400);
    expect((await validate({ eventId: event.id, binHolder: '123456', type: 'nope' })).status).toBe(400);
    expect((await validate({ eventId: 999_999, binHolder: '123456', type: 'cooperativeCard' })).status).toBe(
      422,
    );
  });
});

describe.each(testDatabases())('exclusive access rate limit on %s', (kind) => {
  let t: TTestApp;
  let event: TEventTicketsResponse;
  beforeAll(async () => {
    t = await createTestApp(kind);
    event = await setUp(t);
  });
  afterAll(() => t.close());

  const validate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request('/api/socialevents/validateExclusiveEmissor', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const wrong = (i: number) => ({
    eventId: event.id,
    binHolder: String(700_000 + i),
    type: 'cooperativeCard',
  });

  it('lets a visitor try 10 codes in 15 minutes, then answers 429 even for the right one', async () => {
    // The first try gives the visitor a cart session, kept although the code was wrong.
    const first = await validate(wrong(0));
    expect(first.status).toBe(422);
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('cart_session='))!
      .split(';')[0]!;
    const statuses: number[] = [first.status];
    for (let i = 1; i < 10; i++) statuses.push((await validate(wrong(i), { cookie })).status);
    expect(statuses).toEqual(Array(10).fill(422));
    const right = await validate(
      { eventId: event.id, binHolder: DEMO_EXCLUSIVE_BIN, type: 'cooperativeCard' },
      { cookie, 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    // A foreign visitor is answered in English (issue 31).
    expect(((await right.json()) as TError).Message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('does not lock out the other buyers behind the same address (CGNAT, issue 31)', async () => {
    // Every test request comes from one address: 40 visitors, one wrong try each, then the right code.
    for (let i = 0; i < 40; i++) expect((await validate(wrong(100 + i))).status).toBe(422);
    const right = await validate({
      eventId: event.id,
      binHolder: DEMO_EXCLUSIVE_BIN,
      type: 'cooperativeCard',
    });
    expect(right.status).toBe(200);
  });
});

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ZApiError } from '@ingressos/contracts';
import { ENDPOINTS } from '@ingressos/contracts/endpoints';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brazilianAdult, fromIp, PASSWORD } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import {
  fieldBodies,
  formBodies,
  headerBodies,
  seededRandom,
  type TFuzzBody,
  wholeBodies,
} from '../../testing/fuzz-inputs.ts';
import {
  mercadoPagoNotification,
  startMercadoPagoStandIn,
  type TMpStandIn,
} from '../../testing/mercadopago-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/**
 * Issue 12: every write call (the API's POST/PUT/DELETE routes as the app mounts them, the gateway
 * webhook, the sandbox's controls and the pages' form actions), anonymous and logged in, fed
 * malformed, empty, mistyped, NUL-laden, huge-number, deeply nested and oversized bodies from a
 * seeded generator. Never a 5xx; every API refusal is the error body of contracts/errors.ts; a
 * page refusal says something; and the process still answers afterwards.
 * Checked by reverting each defence once: without request.ts's size checks the oversized bodies
 * on the catalogue and cart calls answer 400, not 413 (fails); without readJsonBody's try/catch
 * every malformed body is a 500 (fails); before form-body.server.ts the page actions gave 500s
 * (fuzz-findings.int.test.ts keeps each of those as a plain case).
 */
const SEED = 20_261_124;
const WRITE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const UUID = '00000000-0000-4000-8000-000000000000';
const CPF = '52998224725';
const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789';
/** Calls that never read a body (mounted before the API's limit), so they have nothing to refuse. */
const READS_NO_BODY = new Set<string>();
/** Calls with a larger limit of their own (a capture's frames): their 413 is tested beside them (biometry.int.test.ts). */
const OWN_BODY_LIMIT = new Set<string>(['/v1/biometry/create', '/api/staff/producer/posters']);
const webBuild = path.resolve(import.meta.dirname, '../../../../web/build/server/index.js');

/** The pages whose route module has an action, from the web build (as the server runs them). */
async function pageActions(): Promise<string[]> {
  const build = (await import(pathToFileURL(webBuild).href)) as {
    routes: Record<string, { path?: string; module: { action?: unknown } }>;
  };
  return Object.values(build.routes)
    .filter((route) => route.module.action && route.path)
    .map((route) => `/${route.path}`);
}

/** The mounted write routes of an app, `METHOD /path` with Hono's patterns (`:id`, `:v{v[12]}`). */
function writeRoutes(app: TTestApp['app']): string[] {
  return [...new Set(app.routes.filter((r) => WRITE.has(r.method)).map((r) => `${r.method} ${r.path}`))];
}

type TSeeds = { sessionId: string; f: TCartFixture };

/** A valid-looking body per route: the starting point each field's damage is applied to. */
function apiSeeds({ sessionId, f }: TSeeds): Record<string, unknown> {
  return {
    'POST /api/v2/getEventTicketsBySlug': { eventSlug: f.slug, token: null },
    'POST /api/v2/website/GetSellingPointsByEvent': { eventId: f.eventId },
    'POST /api/v4/addtocart': {
      sessionId,
      lotId: f.lotId,
      quantity: 1,
      quantityTotal: 1,
      SocialEventId: f.eventId,
    },
    'POST /api/:version{v[1-4]}/removefromcart': { sessionId, lotId: f.nextLotId, quantity: 1 },
    'POST /api/v3/getcart': { sessionId, token: null },
    'POST /api/v4/activatecart': { id: 'abc', sessionId },
    'POST /api/v3/leaveCart': { sessionId: `${sessionId.slice(0, -1)}x` },
    'POST /api/validatepromotion': {
      lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
      eventId: f.eventId,
      promoCode: 'SAMBA20',
      channel: 1,
    },
    'POST /api/cart/protection': { sessionId, provider: 'bilheto' },
    'PUT /api/refresh-expiration/:cartId': {},
    'POST /api/v2/websiteuserlogin': { email: 'ana@exemplo.com', password: PASSWORD },
    'POST /api/v2/logout': {},
    'POST /api/registerclient': brazilianAdult(),
    'POST /api/createUserNotification': {},
    'POST /api/v2/webiste/sendResetPasswordEmail': { identifier: 'ana@exemplo.com', identifierType: 0 },
    'POST /api/website/NewResetPassword': { id: UUID, code: 'a'.repeat(43), password: 'Nova#Senha2026' },
    'POST /api/v3/send-sms-code': {},
    'POST /api/v2/match-code': { code: '123456' },
    'POST /api/website/updatemyaccount': { Id: UUID, Name: 'Ana Souza', gender: 1, stateIBGEId: 35 },
    'POST /api/newunsubscribe': { userId: UUID },
    // A wrong password on purpose: the fuzz must not delete or move its own buyer.
    'POST /api/privacy/delete-account': { password: 'Errada#2026' },
    'POST /api/privacy/change-email': { email: 'nova@exemplo.com', password: 'Errada#2026' },
    'POST /api/privacy/confirm-email-change': { id: UUID, code: 'a'.repeat(43) },
    'POST /api/transferTicket/addTicketTransfer': { ticketId: UUID, destinationCpf: CPF },
    'POST /api/transferTicket/createUserNotification': {},
    'POST /api/validateTransferCode': { code: '123456' },
    'POST /v1/ticketTransfer/CanTransfer': { ticketId: UUID, destinationCpf: CPF },
    'PUT /api/transferTicket/confirmTransfer': { transferId: UUID },
    'PUT /api/transferTicket/returnTicketTransfer': { transferId: UUID },
    'PUT /api/transferTicket/cancelTicketTransfer': { transferId: UUID },
    'POST /api/captcha/local': {},
    'POST /api/socialevents/validateExclusiveEmissor': {
      eventId: f.eventId,
      binHolder: '123456',
      type: 'bin',
      sessionId,
    },
    // Issue 19: the waiting room's join reads no body; the slug is the fixture's (no queue: 409).
    'POST /api/queue/:slug/join': {},
    'POST /api/CheckTicketsPerCPF': { ticketId: 1, eventId: f.eventId, cpfs: [CPF] },
    // Issue 16: a facial event's holders, and the enrolment link sent to one.
    'POST /api/biometry/holders': { eventId: f.eventId, cpfs: [CPF] },
    'POST /api/biometry/holders/link': { eventId: f.eventId, cpf: CPF },
    'POST /checkout/:version{v[12]}': cardBody('rej', 1, { sessionId }),
    // Commissioner mode: a commissioner that does not exist, so no seed moves money or a cart.
    'POST /api/Commissioners/getcommissionerinfo': { hash: 'revenda-exemplo-01' },
    'POST /api/v2/CommissionersLandingPage/getticketeventlist': { token: 'token', commissionerID: 999_999 },
    'POST /api/v3/getCommissionerEventTicketsBySlug': {
      token: 'token',
      eventSlug: f.slug,
      commissionerId: 999_999,
    },
    'POST /api/CommissionersLandingPage/newfinishpayment': cardBody('rej', 1, {
      sessionId,
      commissionerId: 999_999,
    }),
    'POST /api/v2/CommissionersLandingPage/newfinishpayment': cardBody('rej', 1, {
      sessionId,
      commissionerId: 999_999,
    }),
    'POST /api/checkout/ongoing/cancel': {},
    // Ways to pay: the mobile app's checkout session and the spec's other payment paths
    'POST /api/checkout/app-session': { sessionId, identificationTickets: [] },
    'POST /api/checkout/app-session/pay': {
      checkoutSession: 'A'.repeat(80),
      card: { token: 'sbx_rej_visa_1111_aaaaaaaaaaaaaaaa', installments: 1 },
    },
    'POST /api/:version{v[12]}/website/checkout': cardBody('rej', 1, { sessionId }),
    'POST /api/:version{v[12]}/website/newfinishpayment': cardBody('rej', 1, { sessionId }),
    'POST /api/mercadopago/pix/:version{v[12]}/create': { sessionId, identificationTickets: [] },
    // Ways to pay: multi-payment
    'POST /api/reimburseService/reimburseMultiplePayments/:transactionUID': {},
    'POST /sandbox-gateway/pix/:paymentId/pay': {},
    // Ways to pay: hosted checkout (issue 15).
    'POST /api/checkoutPro/create': { sessionId },
    'DELETE /api/checkoutPro/:preferenceId': {},
    'POST /sandbox-gateway/checkout/:preferenceId': { outcome: 'approve' },
    // Issue 15, 3DS: a challenge's completion and the test issuer's answer.
    'POST /api/checkout/orders/:id/3ds': { auth3dsId: 'sbx3ds_000000000000000000000000' },
    'POST /sandbox-gateway/3ds/:ref/:decision': {},
    // Facial biometry (issue 16): an unknown uuid, so no face is ever checked.
    'POST /v1/biometry/startBiometry': {},
    'POST /v1/biometry/generateToken': { uuid: UUID, channel: 'qrcode', locale: 'pt-BR' },
    'POST /v1/biometry/create': { uuid: UUID, frames: ['/9j/'.padEnd(200, 'A')] },
    'DELETE /api/privacy/biometry': {},
    // Issue 17: tracking, the cookie choice, the admin switches (no token: refused at the door).
    'POST /api/website/SendPixel': {
      EventId: f.eventId,
      payload: JSON.stringify({
        event_name: 'AddToCart',
        event_id: 'fuzz-event-0001',
        custom_data: { value: 10 },
      }),
    },
    'POST /api/privacy/cookie-consent': { analytics: true, marketing: false },
    'PUT /api/admin/site-flags': { chatWidget: false },
    // Issue 31 item 16: a biometry review's decision (no token: refused at the door).
    'POST /api/admin/biometry/reviews/:uuid': { decision: 'approve', reviewer: 'Fuzz Revisor' },
    // Issue 33, staff login and the administrator's calls: no staff session, so the admin's calls
    // stop at the door; the login and the invitation read their bodies (an unknown e-mail, a made-up token).
    'POST /api/staff/login': { email: 'ana@bilheto.test', password: PASSWORD },
    'POST /api/staff/login/totp': { code: '123456' },
    'POST /api/staff/totp/enrol': {},
    'POST /api/staff/totp/confirm': { code: '123456' },
    'POST /api/staff/logout': {},
    'POST /api/staff/invitations/accept': { token: 'a'.repeat(43), password: 'Nova#Senha2026' },
    'POST /api/staff/accounts': { email: 'fuzz@bilheto.test', name: 'Fuzz', role: 'support', eventIds: [] },
    'PATCH /api/staff/accounts/:id': { role: 'support' },
    'POST /api/staff/accounts/:id/unlock': {},
    'PUT /api/staff/site-flags': { flags: { chatWidget: false } },
    'POST /api/staff/commissioners': { name: 'Fuzz Revenda', eventIds: [f.eventId] },
    'PATCH /api/staff/commissioners/:id': { active: false },
    'POST /api/webhooks/mercadopago': { action: 'payment.updated', type: 'payment', data: { id: '123' } },
    // Issue 33, money going back (no staff session: refused at the door, nothing refunded).
    'POST /api/staff/orders/:orderId/refunds': { reason: 'Fuzz refund', ticketIds: [UUID] },
    'POST /api/staff/orders/:orderId/protection-claim': { reason: 'Fuzz claim' },
    'POST /api/staff/orders/:orderId/cancel': { reason: 'Fuzz cancel' },
    'POST /api/staff/refunds/:refundId/retry': {},
    'POST /api/staff/events/:eventId/cancellation': { reason: 'Fuzz cancel' },
    'POST /api/staff/events/:eventId/postponement': {
      reason: 'Fuzz',
      newStartsAt: '2031-01-01T20:00:00-03:00',
    },
    'POST /api/staff/cancellations/:id/retry-failed': {},
    // Issue 33, support's actions and the reviewer's decision (no staff session: refused at the door).
    'POST /api/staff/orders/:orderId/resend-tickets': {},
    'POST /api/staff/buyers/:userId/unlock': {},
    'POST /api/staff/biometry/reviews/:uuid': { decision: 'approve', reason: 'Fuzz review' },
    // Issue 34, the producer's console and the gate's check-in (no staff session: refused at the door).
    'POST /api/staff/producer/events': { document: { slug: 'fuzz-evento', name: 'Fuzz' } },
    'PUT /api/staff/producer/events/:eventId/document': { revision: 1, document: { slug: 'fuzz-evento' } },
    'POST /api/staff/producer/events/:eventId/status': { action: 'publish' },
    'POST /api/staff/producer/posters': {},
    'POST /api/staff/producer/events/:eventId/courtesies': {
      lotId: f.lotId,
      guests: [{ name: 'Convidada Fuzz', cpf: CPF }],
    },
    'POST /api/staff/gate/check-ins': { qr: `${'a'.repeat(20)}.b.c`, eventId: f.eventId },
    // Issue 35, the gate's offline sync and undo (no staff session: refused at the door).
    'POST /api/staff/gate/events/:eventId/sync': {
      deviceId: 'fuzz-device-1',
      checkIns: [{ clientId: 'fuzz-check-1', ticketId: UUID, v: 1, at: '2030-01-01T20:00:00.000Z' }],
    },
    'POST /api/staff/gate/check-ins/:ticketId/undo': { eventId: f.eventId, reason: 'Fuzz undo' },
    // Issue 36, Apple's PassKit web service (no wallet configured in this app: 404 for every pass).
    'POST /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial': {
      pushToken: 'a'.repeat(64),
    },
    'DELETE /api/wallet/apple/v1/devices/:deviceId/registrations/:passTypeId/:serial': {},
    'POST /api/wallet/apple/v1/log': { logs: ['fuzz'] },
  };
}

/** Page actions: some read a form, some JSON (the register and reset forms post JSON). */
const PAGE_FORMS: Record<string, Record<string, string>> = {
  '/login': { email: 'ana@exemplo.com', password: PASSWORD, captcha: '' },
  '/cadastrar': { name: 'Ana', email: 'ana@exemplo.com', password: PASSWORD, cpf: CPF },
  '/cadastrar-mobile': { name: 'Ana', email: 'ana@exemplo.com', password: PASSWORD, cpf: CPF },
  '/minha-conta': { intent: 'unsubscribe', userId: UUID },
  '/dados-da-conta': { Id: UUID, Name: 'Ana Souza', gender: '1' },
  '/home/confirmpasswordreset': { id: UUID, code: 'a'.repeat(43), password: 'Nova#Senha2026' },
  '/confirmar-email': { id: UUID, code: 'a'.repeat(43) },
  '/sair': {},
  // No action (the language switch is a GET): a POST there must still be a clean refusal.
  '/idioma': { lang: 'en', redirect: '/' },
};

/** Hono's patterns filled: versions with one the pattern allows, ids with a value of the right shape. */
function concrete(pattern: string, sessionId: string): string {
  return pattern
    .replace(/:version\{v\[(\d)[^}]*\}/g, 'v$1')
    .replace(':cartId', sessionId)
    .replace(/:\w+(\{[^}]*\})?/g, UUID);
}

describe.each(testDatabases())('fuzz of every write call on %s', { timeout: 180_000 }, (kind) => {
  let t: TTestApp;
  /** The same product with a real gateway's webhook mounted (its API is a local stand-in). */
  let g: TTestApp;
  let mp: TMpStandIn;
  let buyer: Awaited<ReturnType<typeof checkoutBuyer>>;
  let seeds: Record<string, unknown>;
  let pages: string[];
  // Each database draws its own values: the two runs together try more than either alone.
  const random = seededRandom(SEED + testDatabases().indexOf(kind));
  let ip = 0;

  beforeAll(async () => {
    mp = await startMercadoPagoStandIn('TEST-fuzz-access-token');
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' }, { web: true });
    g = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      PAYMENT_GATEWAY: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-fuzz-access-token',
      MERCADOPAGO_PUBLIC_KEY: 'TEST-fuzz-public-key',
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MERCADOPAGO_API_BASE: mp.url,
    });
    const f = await createCartFixture(t.database.db, { lotCapacity: 50 });
    buyer = await checkoutBuyer(t);
    await buyer.add(f.lotId);
    await buyer.add(f.nextLotId);
    seeds = apiSeeds({ sessionId: buyer.sessionId!, f });
    READS_NO_BODY.add(concrete('/api/refresh-expiration/:cartId', buyer.sessionId!));
    // The gate's offline sync takes up to 2 MB (5,000 check-ins): its limit is tested in staff-gate.int.test.ts.
    OWN_BODY_LIMIT.add(concrete('/api/staff/gate/events/:eventId/sync', buyer.sessionId!));
    pages = [...(await pageActions()), '/idioma'];
  });
  afterAll(async () => {
    await t?.app.checkout.idle();
    await Promise.all([t?.close(), g?.close(), mp?.close()]);
  });

  /** Every wrong answer of the current test, as `route [who] input: what was wrong`. */
  let failures: string[] = [];
  beforeEach(() => {
    failures = [];
  });

  async function send(
    app: TTestApp,
    method: string,
    target: string,
    input: TFuzzBody,
    loggedIn: boolean,
    page: boolean,
    extra: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { origin: app.config.publicUrl, ...extra };
    if (input.contentType) headers['content-type'] = input.contentType;
    if (loggedIn) Object.assign(headers, { cookie: buyer.person.cookie, 'x-session-id': buyer.sessionId! });
    Object.assign(headers, input.headers);
    const body = typeof input.body === 'string' ? input.body : input.body();
    // Each request from its own address: the per-IP limits must not hide what lies behind them.
    ip += 1;
    const init = { method, headers, body, duplex: 'half' } as RequestInit;
    const response = await app.app.request(
      // At the site's own address, as a browser sends it (React Router refuses a foreign Origin).
      new URL(target, app.config.publicUrl).toString(),
      init,
      fromIp(`198.51.${(ip >> 8) & 255}.${ip & 255}`),
    );
    const text = await response.text();
    const where = `${method} ${target} [${loggedIn ? 'buyer' : 'anonymous'}] ${input.label}`;
    if (response.status >= 500) failures.push(`${where}: ${response.status} ${text.slice(0, 160)}`);
    else if (
      input.label.startsWith('oversized') &&
      response.status !== 413 &&
      !READS_NO_BODY.has(target) &&
      !OWN_BODY_LIMIT.has(target)
    )
      failures.push(`${where}: ${response.status}, not 413: the body was read past the limit`);
    else if (response.status >= 400 && !page) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {}
      const error = ZApiError.safeParse(parsed);
      if (!error.success || !error.data.Message)
        failures.push(`${where}: ${response.status} without the error body`);
    } else if (response.status >= 400 && text.trim() === '')
      failures.push(`${where}: ${response.status} empty`);
  }

  it('covers every write call of the endpoint table and has a seed for every mounted one', () => {
    const mounted = [...writeRoutes(t.app), ...writeRoutes(g.app)];
    const writes = Object.values(ENDPOINTS).filter((e) => WRITE.has(e.method));
    const matches = (route: string, e: { method: string; path: string }) => {
      const [method, pattern] = route.split(' ') as [string, string];
      const regex = new RegExp(`^${pattern.replace(/:\w+\{([^}]*)\}/g, '($1)').replace(/:\w+/g, '[^/]+')}$`);
      return method === e.method && regex.test(concrete(e.path, 'x'));
    };
    expect(writes.filter((e) => !mounted.some((route) => matches(route, e)))).toEqual([]);
    expect(mounted.filter((route) => !(route in seeds))).toEqual([]);
    expect(pages.filter((page) => !(page in PAGE_FORMS))).toEqual([]);
    expect(pages).toEqual(
      expect.arrayContaining(['/login', '/cadastrar', '/dados-da-conta', '/minha-conta', '/sair']),
    );
  });

  it('answers every hostile body on every API write call with a 4xx and the error body, never a 5xx', async () => {
    const routes = [
      ...writeRoutes(t.app).map((r) => [t, r] as const),
      ...writeRoutes(g.app)
        .filter((r) => r.includes('webhooks'))
        .map((r) => [g, r] as const),
    ];
    // Logging out ends the buyer's session: it goes last so the other calls run logged in.
    routes.sort(([, a], [, b]) => Number(a.includes('logout')) - Number(b.includes('logout')));
    let sent = 0;
    for (const [app, route] of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const seed = seeds[route];
      // The webhook's notice is signed (a bad signature stops at the door): its body goes deeper.
      const notice = route.includes('webhooks') ? mercadoPagoNotification(WEBHOOK_SECRET, '123') : null;
      const target = notice?.path ?? concrete(pattern, buyer.sessionId!);
      const signed: Record<string, string> = notice
        ? {
            'x-request-id': notice.init.headers['x-request-id'],
            'x-signature': notice.init.headers['x-signature'],
          }
        : {};
      for (const loggedIn of [false, true]) {
        // The buyer gets every field × the core values and 2 more drawn; strangers 2 drawn per field.
        const inputs = [
          ...wholeBodies(seed, random),
          ...fieldBodies(seed, random, loggedIn ? { extra: 2 } : { only: 2 }),
          ...headerBodies(seed),
        ];
        for (const input of inputs) {
          await send(app, method, target, input, loggedIn, false, signed);
          sent += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2_000);
  });

  it('answers hostile path parameters and query strings on every API write call with a 4xx, never a 5xx', async () => {
    const PARAMS = [
      '%00',
      'a%00b',
      '%E0%A4%A',
      '%',
      '2147483648',
      '9007199254740993',
      '-1',
      '1e308',
      'NaN',
      '..%2F..%2Fetc',
      'x'.repeat(5_000),
    ];
    const QUERIES = [
      '?sessionId=%00',
      `?eventId=${2 ** 53 + 1}&lotId=-1`,
      '?a=%E0%A4%A&b=%',
      `?${'q=1&'.repeat(2_000)}`,
    ];
    let sent = 0;
    for (const route of writeRoutes(t.app)) {
      const [method, pattern] = route.split(' ') as [string, string];
      const body = { label: 'seed', body: JSON.stringify(seeds[route]), contentType: 'application/json' };
      const targets = QUERIES.map((query) => `${concrete(pattern, buyer.sessionId!)}${query}`);
      // Each parameter of the path (not a version: those only match their pattern) takes each value.
      for (const value of pattern.includes(':') && !/^[^:]*:version[^:]*$/.test(pattern) ? PARAMS : [])
        targets.push(concrete(pattern.replace(/:(?!version)\w+(\{[^}]*\})?/g, value), buyer.sessionId!));
      for (const target of targets)
        for (const loggedIn of [false, true]) {
          await send(
            t,
            method,
            target,
            { ...body, label: `seed at ${target.slice(0, 60)}` },
            loggedIn,
            false,
          );
          sent += 1;
        }
    }
    // The webhook with a hostile payment id in its query, signed for that very id.
    for (const id of ['%00', '%E0%A4%A', '2147483648', '-1', 'x'.repeat(2_000), '1e308']) {
      const notice = mercadoPagoNotification(WEBHOOK_SECRET, id);
      const headers = {
        'x-request-id': notice.init.headers['x-request-id'],
        'x-signature': notice.init.headers['x-signature'],
      };
      const input = {
        label: `webhook data.id=${id.slice(0, 12)}`,
        body: notice.init.body,
        contentType: 'application/json',
      };
      await send(g, 'POST', notice.path, input, false, false, headers);
      sent += 1;
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  });

  it('answers every hostile body on every page form action without a 5xx', async () => {
    let sent = 0;
    for (const page of pages.sort((a, b) => Number(a === '/sair') - Number(b === '/sair'))) {
      const fields = PAGE_FORMS[page]!;
      for (const loggedIn of [false, true]) {
        // A page renders whole: each side gets every whole-body damage and a sample per field.
        for (const input of [...wholeBodies(fields, random), ...formBodies(fields, random, 3)]) {
          await send(t, 'POST', page, input, loggedIn, true);
          sent += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });

  it('still answers afterwards', async () => {
    expect((await t.request('/healthz')).status).toBe(200);
    expect((await g.request('/healthz')).status).toBe(200);
    const events = await t.request('/api/v3/nextEvents');
    expect(events.status).toBe(200);
  });
});

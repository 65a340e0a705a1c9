import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCpf } from '../apps/api/src/testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { fillSandboxCard } from './support/buyer.ts';
import { fire } from './support/load.ts';
import { resentRequests, startNginx, type TRunningNginx } from './support/nginx.ts';
import { paymentViolations, sandboxLedger } from './support/payment-invariants.ts';
import { faultDatabase, makeBuyers, sleep, type TApiBuyer, type TFaultDb } from './support/purchase-kit.ts';
import { freePort, startServer, type TRunningServer } from './support/server.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server. nginx is required
// (startNginx fails loudly without it): this suite is never skipped for want of it.

/**
 * Issue 19: the storefront as deployed, several processes behind nginx (the configuration of
 * deploy/nginx/bilheto.conf.template, the one deploy/compose.yaml runs) on one PostgreSQL. Which
 * process served a request is read from nginx's access log by the request's X-Request-Id.
 */
const GRACE_SECONDS = 2;
/** Grace + a reconcile pass + slack: past it every order must have its final status. */
const WINDOW_SECONDS = 6;
const ORDER_PAGE = /\/pedido\/[0-9a-f-]{36}$/;
const masked = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');

function serverEnv(db: TFaultDb, publicUrl: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: db.url,
    DEMO_DATA: 'false',
    DATABASE_POOL_SIZE: '5',
    LOG_LEVEL: 'error',
    PUBLIC_URL: publicUrl,
    // nginx is the one proxy in front (X-Forwarded-For).
    TRUST_PROXY_HOPS: '1',
    PAYMENT_RECONCILE_SECONDS: '1',
    PAYMENT_RECONCILE_GRACE_SECONDS: String(GRACE_SECONDS),
    // Only the waiting-room case's event has a queue; the others sell as usual.
    WAITING_ROOM: 'true',
    ...extra,
  };
}

const address = (server: TRunningServer) => `127.0.0.1:${server.port}`;

/** What the sandbox card form makes in the browser from an approved test card (adapters/payments/sandbox.ts). */
const approvedCardToken = () => `sbx_apro_visa_1111_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;

/** `requestId`: nginx's X-Request-Id, the key of its access log line. */
type TAnswer = { status: number; body: Record<string, unknown> | null; requestId: string };

/** A call as the mobile app makes it (Bearer token); status 0 when the connection broke. */
async function call(url: string, buyer: TApiBuyer, body: unknown, headers: Record<string, string> = {}) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // nginx's own HTML error page
    }
    return {
      status: response.status,
      body: parsed,
      requestId: response.headers.get('x-request-id') ?? '',
    } satisfies TAnswer;
  } catch {
    return { status: 0, body: null, requestId: '' } satisfies TAnswer;
  }
}

/** Holds one unit in the buyer's cart; answers its cart session, or the failed answer. */
async function hold(baseUrl: string, buyer: TApiBuyer, lotId: number) {
  const answer = await call(`${baseUrl}/api/v4/addtocart`, buyer, { lotId, quantity: 1 });
  return { ...answer, sessionId: answer.status === 200 ? String(answer.body?.sessionID ?? '') : '' };
}

type TPayment = { key: string; token: string };

/** Pays the cart by card with an Idempotency-Key (the same key and token again is the buyer's retry). */
function pay(baseUrl: string, buyer: TApiBuyer, sessionId: string, payment: TPayment) {
  return call(
    `${baseUrl}/checkout/v1`,
    buyer,
    { paymentType: 'credit_card', card: { token: payment.token, installments: 1 } },
    { 'x-session-id': sessionId, 'idempotency-key': payment.key },
  );
}

const newPayment = (): TPayment => ({ key: `lb-${crypto.randomUUID()}`, token: approvedCardToken() });

async function orderOfKey(db: TFaultDb, key: string) {
  return db.query<{ status: number; charges: number; tickets: number }>(
    `select o.status,
       (select count(*)::int from sandbox_charges c join payments p on p.id = c.external_ref where p.order_id = o.id) as charges,
       (select count(*)::int from tickets t where t.order_id = o.id) as tickets
     from orders o where o.idempotency_key = $1`,
    [key],
  );
}

describe('three processes behind nginx on one PostgreSQL', () => {
  let db: TFaultDb;
  let servers: TRunningServer[] = [];
  const extra: TRunningServer[] = [];
  let lb: TRunningNginx;
  const edges: TRunningNginx[] = [];
  let browser: Browser | undefined;
  let buyers: TApiBuyer[] = [];
  /** The browser buyer's event: two tickets per CPF, so each ticket names its holder. */
  let named: TCartFixture;
  let next = 0;
  const buyer = () => buyers[next++]!;

  beforeAll(async () => {
    db = await faultDatabase('lb', 500);
    buyers = await makeBuyers(db, 90);
    named = await createCartFixture(db.database.db);
    await db.query(
      'update event_tickets set tickets_per_cpf = 2 where id = (select ticket_id from ticket_lots where id = $1)',
      [named.lotId],
    );
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    servers = await Promise.all([0, 1, 2].map(() => startServer(serverEnv(db, publicUrl))));
    lb = await startNginx({ upstreams: servers.map(address), port });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([lb, ...edges].map((nginx) => nginx?.stop()));
    await Promise.all([...servers, ...extra].map((server) => server.stop()));
    await db?.drop();
  });

  it('a buyer pays in the browser through nginx (cart, identification, card, ticket): the requests land on every process', async () => {
    browser = await launchBrowser();
    const person = buyer();
    // Answered the gender question already (spec §4's pop-up would cover the page).
    await db.query('update users set gender = 2 where id = $1', [person.userId]);
    const page = await newPage(browser);
    await page.context().addCookies([{ name: 'sid', value: person.token, url: lb.url }]);
    const seen: { step: string; requestId: string }[] = [];
    page.on('response', (response) => {
      const requestId = response.headers()['x-request-id'];
      if (requestId && response.url().startsWith(lb.url))
        seen.push({ step: `${response.request().method()} ${new URL(response.url()).pathname}`, requestId });
    });
    const open = async (target: Page, path: string) => {
      await target.goto(`${lb.url}${path}`);
      await waitForHydration(target);
    };

    await open(page, `/events/${named.slug}`);
    await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();
    await open(page, '/identificacao');
    await page.getByLabel('CPF do ingresso 1').fill(masked(uniqueCpf()));
    await expect.poll(() => page.getByText('CPF liberado').count(), { timeout: 15_000 }).toBe(1);
    const next = page.getByRole('button', { name: 'Continuar para o pagamento' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 });
    const orderId = new URL(page.url()).pathname.split('/').pop();
    await waitForHydration(page);
    await page.getByRole('heading', { name: /^(Pagamento aprovado|Ingressos confirmados)$/ }).waitFor();
    await page.getByRole('link', { name: 'Ver meus ingressos' }).click();
    await page.waitForURL(/\/detalhes-do-ingresso\/\d+$/);
    await page
      .getByRole('button', { name: /Mostrar QR code do ingresso/ })
      .first()
      .waitFor();

    const [order] = await db.query<{ status: number; tickets: number }>(
      'select o.status, (select count(*)::int from tickets t where t.order_id = o.id) as tickets from orders o where o.id = $1',
      [orderId],
    );
    expect(order).toEqual({ status: 3, tickets: 1 });

    // Which process answered each step, by nginx's log: the purchase crossed all three.
    const servedBy = seen.map((s) => ({ ...s, by: lb.servedBy(s.requestId) })).filter((s) => s.by);
    expect(new Set(servedBy.map((s) => s.by))).toEqual(new Set(servers.map(address)));
    const steps = servedBy.filter((s) =>
      /^(POST|GET) \/(api|checkout|events|identificacao|pagamento|pedido)/.test(s.step),
    );
    expect(new Set(steps.map((s) => s.by)).size).toBeGreaterThan(1);
    await page.context().close();
  }, 120_000);

  it('nginx answers the catalogue snapshots and the hashed assets from its cache, as the processes wrote them', async () => {
    const snapshot = `/assets/api/getEventTicketsBySlug/${db.fixture.slug}.json`;
    const direct = await fetch(`${servers[0]!.url}${snapshot}`);
    expect(direct.status).toBe(200);
    // Each process writes its own files (generatedAt is its own): the rest is the same everywhere.
    const { generatedAt: _, ...expected } = (await direct.json()) as Record<string, unknown>;

    const first = await fetch(`${lb.url}${snapshot}`);
    const firstBody = await first.text();
    const second = await fetch(`${lb.url}${snapshot}`);
    expect(second.status).toBe(200);
    expect(JSON.parse(firstBody)).toMatchObject(expected);
    // The very bytes nginx kept, though the next process in turn would have written its own.
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('public, max-age=2, must-revalidate');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // Answered by nginx alone: the log names no process for it.
    expect(lb.servedBy(second.headers.get('x-request-id')!)).toBeUndefined();

    // Past max-age (nginx counts whole seconds: at most 3 s) it asks a process again, in the
    // background, serving its copy meanwhile.
    await sleep(3_100);
    const refreshed = await fetch(`${lb.url}${snapshot}`);
    expect(refreshed.headers.get('x-cache-status')).toMatch(/^(STALE|UPDATING|EXPIRED|REVALIDATED)$/);
    expect(await refreshed.json()).toMatchObject(expected);

    const page = await (await fetch(`${lb.url}/events/${db.fixture.slug}`)).text();
    const asset = page.match(/\/assets\/[\w.-]+\.js(?!\w)/)![0];
    await fetch(`${lb.url}${asset}`);
    const cached = await fetch(`${lb.url}${asset}`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache-status')).toBe('HIT');
    expect(cached.headers.get('cache-control')).toContain('immutable');
  });

  it('a process SIGKILLed mid-run, with carts held and purchases in flight: nothing lost, nginx routes around it, no POST sent twice', async () => {
    const { lotId } = db.fixture;
    // Carts held before the kill, paid after it.
    const holders = Array.from({ length: 6 }, () => buyer());
    const held = await Promise.all(holders.map((b) => hold(lb.url, b, lotId)));
    expect(held.map((h) => h.status)).toEqual(holders.map(() => 200));

    const victim = servers[2]!;
    const crowd = Array.from({ length: 30 }, () => buyer());
    let finished = 0;
    let killed: Promise<void> | undefined;
    const results = await fire(crowd.length, 9, async (i) => {
      const cart = await hold(lb.url, crowd[i]!, lotId);
      const paid = cart.status === 200 ? await pay(lb.url, crowd[i]!, cart.sessionId, newPayment()) : cart;
      finished += 1;
      if (finished === 6) killed = victim.crash();
      return paid;
    });
    await killed;
    expect(victim.alive()).toBe(false);
    // It died with requests in flight (nine buyers at once keep about three on each process).
    const cutShort = lb.entries().filter((e) => e.upstream.endsWith(address(victim)) && e.status === '502');
    expect(cutShort.length).toBeGreaterThan(0);
    // Each buyer got an answer: paid, or nginx's 502 for a request the dead process had taken.
    for (const r of results) {
      if (r.status === 200) expect(r.body).toMatchObject({ orderStatus: 3 });
      else expect(r.status).toBe(502);
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(15);

    // After the kill nothing fails: the held carts are paid and pages answer, never by the dead one.
    const mark = lb.entries().length;
    const paid = await Promise.all(holders.map((b, i) => pay(lb.url, b, held[i]!.sessionId, newPayment())));
    for (const r of paid) expect(r).toMatchObject({ status: 200, body: { orderStatus: 3 } });
    for (let i = 0; i < 6; i += 1) expect((await fetch(`${lb.url}/healthz`)).status).toBe(200);
    const after = lb.entries().slice(mark);
    expect(after.every((e) => e.status === '200')).toBe(true);
    expect(after.filter((e) => e.upstream.split(', ').pop() === address(victim))).toEqual([]);

    expect(resentRequests(lb.entries())).toEqual([]);
    await sleep(WINDOW_SECONDS * 1000 + 500);
    const survivors = servers.slice(0, 2).map((s, i) => ({ name: `server ${i}`, alive: s.alive }));
    expect(
      await paymentViolations(db, await sandboxLedger(db), {
        windowSeconds: WINDOW_SECONDS,
        processes: survivors,
      }),
    ).toEqual([]);
  }, 120_000);

  /**
   * A process that dies after charging a card, before answering (TEST_CRASH_AT=after_charge), with
   * nginx configured by `edit`: answers the buyer's payment, its Idempotency-Key and nginx's log.
   */
  async function paymentCutByACrash(edit?: (config: string) => string) {
    const survivor = servers[0]!;
    const port = await freePort();
    const doomed = await startServer(
      serverEnv(db, `http://127.0.0.1:${port}`, { TEST_CRASH_AT: 'after_charge' }),
    );
    extra.push(doomed);
    const edge = await startNginx({ upstreams: [address(survivor), address(doomed)], port, edit });
    edges.push(edge);
    // Round-robin over two: within two purchases a payment reaches the doomed process.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const person = buyer();
      const cart = await hold(edge.url, person, db.fixture.lotId);
      expect(cart.status).toBe(200);
      const payment = newPayment();
      const answer = await pay(edge.url, person, cart.sessionId, payment);
      // nginx writes its access line as it finishes the request: the answer may arrive first.
      let entry: ReturnType<typeof edge.entries>[number] | undefined;
      await expect
        .poll(() => (entry = edge.entries().find((e) => e.request_id === answer.requestId)), {
          timeout: 5_000,
        })
        .toBeDefined();
      if (!entry) throw new Error(`no access line for ${answer.requestId}`);
      if (entry.upstream.startsWith(address(doomed))) {
        await expect.poll(() => doomed.alive(), { timeout: 5_000 }).toBe(false);
        return { answer, payment, person, sessionId: cart.sessionId, edge, doomed, entry };
      }
      expect(answer.body).toMatchObject({ orderStatus: 3 });
      // Cart and payment alternate between the two: one more request turns the next payment to the other.
      await fetch(`${edge.url}/healthz`);
    }
    throw new Error('no payment reached the doomed process');
  }

  it('a payment whose process dies after charging is answered 502, never sent to another process; the reconciler pays it and the retry finds it', async () => {
    const cut = await paymentCutByACrash();
    expect(cut.answer.status).toBe(502);
    expect(cut.entry.upstream).toBe(address(cut.doomed));
    expect(resentRequests(cut.edge.entries())).toEqual([]);
    await sleep(WINDOW_SECONDS * 1000 + 500);
    expect(await orderOfKey(db, cut.payment.key)).toEqual([{ status: 3, charges: 1, tickets: 1 }]);
    // The buyer's app retries the same payment: the order it made, paid; nothing charged again.
    const retried = await pay(cut.edge.url, cut.person, cut.sessionId, cut.payment);
    expect(retried).toMatchObject({ status: 200, body: { orderStatus: 3 } });
    expect(await orderOfKey(db, cut.payment.key)).toEqual([{ status: 3, charges: 1, tickets: 1 }]);
    expect(
      await paymentViolations(db, await sandboxLedger(db), {
        windowSeconds: WINDOW_SECONDS,
        processes: [{ name: 'server 0', alive: servers[0]!.alive }],
      }),
    ).toEqual([]);
  }, 90_000);

  it('negative control: with non_idempotent in proxy_next_upstream, nginx sends the same payment to a second process and the checker says so', async () => {
    const line = 'proxy_next_upstream error timeout http_502 http_504;';
    const cut = await paymentCutByACrash((config) =>
      config.replace(line, 'proxy_next_upstream error timeout http_502 http_504 non_idempotent;'),
    );
    // The buyer never saw the crash: nginx re-sent the POST and the survivor answered it.
    expect(cut.answer.status).toBe(200);
    const violations = resentRequests(cut.edge.entries());
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^POST \/checkout\/v1 .* was sent to 2 processes/);
    // Only the Idempotency-Key kept it to one order and one charge: the second process answered the first one's order.
    expect(await orderOfKey(db, cut.payment.key)).toEqual([expect.objectContaining({ charges: 1 })]);
  }, 90_000);

  it('the waiting room through nginx: joined on one process, admitted by the ticks of all, bought through another; a process killed mid-run loses no place and no hold', async () => {
    const queued = await createCartFixture(db.database.db, { lotCapacity: 100 });
    await db.query('update events set queue_enabled = true, queue_rate_per_minute = 60 where id = $1', [
      queued.eventId,
    ]);
    const survivor = servers[0]!;
    const port = await freePort();
    const doomed = await startServer(serverEnv(db, `http://127.0.0.1:${port}`));
    extra.push(doomed);
    const edge = await startNginx({ upstreams: [address(survivor), address(doomed)], port });
    edges.push(edge);
    const visitors = Array.from({ length: 24 }, (_, i) => ({
      person: buyer(),
      sessionId: `lb_queue_visitor_${String(i).padStart(6, '0')}`,
    }));
    const queueCall = (v: (typeof visitors)[number], join: boolean) =>
      join
        ? call(`${edge.url}/api/queue/${queued.slug}/join`, v.person, {}, { 'x-session-id': v.sessionId })
        : fetch(`${edge.url}/api/queue/${queued.slug}`, {
            headers: { authorization: `Bearer ${v.person.token}`, 'x-session-id': v.sessionId },
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    for (const v of visitors) expect((await queueCall(v, true)).status).toBe(200);
    const joinedOn = new Set(
      edge
        .entries()
        .filter((e) => e.uri.endsWith('/join'))
        .map((e) => e.upstream),
    );
    expect(joinedOn.size).toBe(2);

    // The first visitor is admitted within a few ticks, holds a ticket with the pass (through
    // whichever process nginx picks) and keeps it across the kill.
    const first = visitors[0]!;
    await expect
      .poll(async () => (await queueCall(first, false)).body?.state, { timeout: 15_000 })
      .toBe('admitted');
    const { body } = await queueCall(first, false);
    const held = await call(
      `${edge.url}/api/v4/addtocart`,
      first.person,
      { lotId: queued.lotId, quantity: 1 },
      {
        'x-session-id': first.sessionId,
        'x-queue-pass': String(body?.pass),
      },
    );
    expect(held.status).toBe(200);
    const admittedBefore = (
      await db.query<{ n: number }>(
        'select count(*)::int as n from queue_entries where event_id = $1 and admitted_at is not null',
        [queued.eventId],
      )
    )[0]!.n;

    await doomed.crash();
    expect(doomed.alive()).toBe(false);

    // Every place is still there and answers through nginx; the survivor keeps admitting.
    const places = await db.query<{ n: number }>(
      'select count(*)::int as n from queue_entries where event_id = $1',
      [queued.eventId],
    );
    expect(places[0]!.n).toBe(visitors.length);
    for (const v of visitors) {
      const status = await queueCall(v, false);
      expect(status.status).toBe(200);
      expect(['waiting', 'admitted']).toContain(status.body?.state);
    }
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              'select count(*)::int as n from queue_entries where event_id = $1 and admitted_at is not null',
              [queued.eventId],
            )
          )[0]!.n,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(admittedBefore + 1);
    const holds = await db.query<{ n: number }>(
      'select count(*)::int as n from cart_holds h join carts c on c.id = h.cart_id where c.session_id = $1 and not h.released',
      [first.sessionId],
    );
    expect(holds[0]!.n).toBe(1);
    const paid = await pay(edge.url, first.person, first.sessionId, newPayment());
    expect(paid).toMatchObject({ status: 200, body: { orderStatus: 3 } });
  }, 120_000);
});

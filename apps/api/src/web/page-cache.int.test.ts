import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../db/orm.ts';
import { events, ticketLots } from '../db/schema/index.ts';
import { admitToEvent } from '../modules/queue/admit-visitors.ts';
import { forgetQueueEvents } from '../modules/queue/queue-event.ts';
import { fromIp, register } from '../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../testing/test-app.ts';

const TOKEN = 'a-long-admin-token-for-the-page-cache-0123';

/** The page as a browser gets it: body (inflated), the nonce its CSP allows, and the headers. */
async function page(t: TTestApp, path: string, headers: Record<string, string> = {}) {
  const response = await t.request(path, { headers: { 'accept-encoding': 'gzip', ...headers } });
  const raw = Buffer.from(await response.arrayBuffer());
  const gzip = response.headers.get('content-encoding') === 'gzip';
  const html = (gzip ? gunzipSync(raw) : raw).toString('utf8');
  const csp = response.headers.get('content-security-policy') ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
  return {
    status: response.status,
    html,
    nonce,
    cacheControl: response.headers.get('cache-control'),
    vary: response.headers.get('vary'),
    encoding: response.headers.get('content-encoding'),
    requestId: response.headers.get('x-request-id'),
    /** Every header but the body's own and those new per response. */
    headers: [...response.headers]
      .filter(([name]) => !['content-length', 'content-encoding', 'x-request-id'].includes(name))
      .map(([name, value]) => [name, value.replaceAll(nonce, 'NONCE')]),
  };
}

/** The page with this response's nonce taken out: what must be the same for every anonymous visitor. */
const withoutNonce = (p: { html: string; nonce: string }) => p.html.replaceAll(p.nonce, 'NONCE');

describe.each(testDatabases())('shared pages of visitors not logged in on %s', (kind) => {
  let t: TTestApp;
  let fixture: TCartFixture;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ADMIN_TOKEN: TOKEN, SITE_FLAGS_REFRESH_MS: '100', CAPTCHA_PROVIDER: 'off' },
      { web: true },
    );
    fixture = await createCartFixture(t.database.db);
    await t.catalogue.refresh();
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the same bytes to every anonymous visitor but the nonce, which is new and matches the CSP', async () => {
    const path = `/events/${fixture.slug}`;
    const first = await page(t, path);
    const hitsBefore = t.app.pageCache.stats().hits;
    const second = await page(t, path);
    const plain = await page(t, path, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(t.app.pageCache.stats().hits).toBe(hitsBefore + 2);
    expect(second.encoding).toBe('gzip');
    expect(plain.encoding).toBeNull();
    expect(first.status).toBe(200);
    expect(first.html).toContain(`Show ${fixture.slug}`);
    expect(first.cacheControl).toBe('public, s-maxage=5, stale-while-revalidate=30');
    // A CDN keeps one copy per encoding and language, and none for a visitor with cookies it must not share.
    for (const p of [first, second]) expect(p.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(new Set([first.nonce, second.nonce, plain.nonce]).size).toBe(3);
    // The kept copy is answered with the same security headers as the render, and its own request id.
    expect(second.headers).toEqual(first.headers);
    expect(plain.headers).toEqual(first.headers);
    expect(first.headers.map(([name]) => name)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'referrer-policy']),
    );
    expect(new Set([first.requestId, second.requestId, plain.requestId]).size).toBe(3);
    for (const p of [first, second, plain]) {
      // Every script carries the nonce of its own response; no placeholder leaks.
      expect(p.html).toContain(`nonce="${p.nonce}"`);
      expect(p.html).not.toMatch(/bilhetoN0nce/);
    }
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(withoutNonce(plain)).toBe(withoutNonce(first));
  });

  it('renders a page once for a rush of visitors arriving together', async () => {
    const path = `/eventmap/${fixture.slug}`;
    const before = t.app.pageCache.stats().misses;
    const rush = await Promise.all(Array.from({ length: 8 }, () => page(t, path)));
    expect(t.app.pageCache.stats().misses).toBe(before + 1);
    for (const p of rush) {
      expect(p.status).toBe(200);
      expect(withoutNonce(p)).toBe(withoutNonce(rush[0]!));
    }
    expect(new Set(rush.map((p) => p.nonce)).size).toBe(8);
  });

  it('keeps one copy per language', async () => {
    const pt = await page(t, '/', { 'accept-language': 'pt-BR' });
    const en = await page(t, '/', { 'accept-language': 'en' });
    const enAgain = await page(t, '/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(pt.html).toContain('<html lang="pt-BR"');
    expect(en.html).toContain('<html lang="en"');
    expect(withoutNonce(enAgain)).toBe(withoutNonce(en));
    expect(withoutNonce(await page(t, '/', { 'accept-language': 'pt-BR' }))).toBe(withoutNonce(pt));
  });

  it('never answers a logged-in visitor without the signed-in hint from it, nor keeps what they saw', async () => {
    const path = `/events/${fixture.slug}`;
    await page(t, path);
    const person = await register(t);
    const firstName = person.input.name.split(' ')[0]!;
    const mine = await page(t, path, { cookie: person.cookie });
    expect(mine.html).toContain(firstName);
    // A CDN must not keep it either.
    expect(mine.cacheControl ?? '').not.toContain('public');
    const anonymous = await page(t, path);
    expect(anonymous.html).not.toContain(firstName);
    expect(anonymous.html).not.toContain(person.input.email);
  });

  it('answers a logged-in visitor (session and hint) with the kept page: the same bytes as anonymous', async () => {
    const person = await register(t);
    const member = `${person.cookie}; signed_in=1`;
    const firstName = person.input.name.split(' ')[0]!;
    for (const path of [`/events/${fixture.slug}`, `/eventmap/${fixture.slug}`, '/resultados?s=show']) {
      const anonymous = await page(t, path);
      const hitsBefore = t.app.pageCache.stats().hits;
      const theirs = await page(t, path, { cookie: member });
      expect(t.app.pageCache.stats().hits).toBe(hitsBefore + 1);
      expect(theirs.status).toBe(200);
      expect(withoutNonce(theirs)).toBe(withoutNonce(anonymous));
      expect(theirs.nonce).not.toBe(anonymous.nonce);
      expect(theirs.html).not.toContain(firstName);
    }
    // With no copy yet, the page is rendered for nobody, kept, and the next visitor shares it.
    const fresh = '/resultados?s=novo';
    const first = await page(t, fresh, { cookie: member });
    expect(first.html).not.toContain(firstName);
    expect(first.cacheControl).toBe('public, s-maxage=5, stale-while-revalidate=30');
    const hitsBefore = t.app.pageCache.stats().hits;
    expect(withoutNonce(await page(t, fresh))).toBe(withoutNonce(first));
    expect(t.app.pageCache.stats().hits).toBe(hitsBefore + 1);
  });

  it("never keeps nor shares a logged-in visitor's own pages (cart, account, a client navigation's data)", async () => {
    const person = await register(t);
    const member = `${person.cookie}; signed_in=1`;
    const firstName = person.input.name.split(' ')[0]!;
    const before = t.app.pageCache.stats();
    for (const path of ['/minha-conta', '/carrinho', '/meus-ingressos']) {
      const theirs = await page(t, path, { cookie: member });
      expect(theirs.status, path).toBe(200);
      expect(theirs.html, path).toContain(firstName);
      expect(theirs.cacheControl ?? '', path).not.toContain('public');
    }
    // The data of a navigation to a shared page carries the root's user: theirs, not kept.
    await page(t, `/events/${fixture.slug}`);
    const data = await page(t, `/events/${fixture.slug}.data`, { cookie: member });
    expect(data.html).toContain(firstName);
    expect(data.cacheControl ?? '').not.toContain('public');
    const after = t.app.pageCache.stats();
    expect(after.hits).toBe(before.hits + 1);
    expect(after.entries).toBe(before.entries);
  });

  it("renders a logged-in buyer's cart once per visit while the stock moves (not once for nobody first)", async () => {
    const person = await register(t);
    const member = `${person.cookie}; signed_in=1`;
    await page(t, '/carrinho', { cookie: member });
    const before = t.app.pageCache.stats();
    for (let sold = 1; sold <= 3; sold += 1) {
      // A sale under way: every purchase moves the stock, and with it the shared pages' version.
      await t.database.db.update(ticketLots).set({ sold }).where(eq(ticketLots.id, fixture.lotId));
      await t.catalogue.refresh();
      expect((await page(t, '/carrinho', { cookie: member })).status).toBe(200);
    }
    expect(t.app.pageCache.stats().misses).toBe(before.misses);
  });

  it('does not share commissioner mode', async () => {
    const anonymous = await page(t, '/');
    const commissioner = await page(t, '/', { cookie: 'commissioner=unknown-hash-123' });
    // An unknown commissioner: 'Comissário não encontrado', not the site's home page.
    expect(commissioner.status).toBe(404);
    expect(commissioner.html).not.toBe(anonymous.html);
    const linked = await page(t, '/?id=unknown-hash-123');
    expect(linked.status).toBe(404);
    expect(linked.cacheControl ?? '').not.toContain('public');
    expect(withoutNonce(await page(t, '/'))).toBe(withoutNonce(anonymous));
  });

  it('shows a change of the event at once (its revision), and of its stock', async () => {
    const path = `/events/${fixture.slug}`;
    const before = await page(t, path);
    await t.database.db
      .update(events)
      .set({ name: 'Show Renomeado', revision: sql`${events.revision} + 1` })
      .where(eq(events.id, fixture.eventId));
    await t.catalogue.refresh();
    const renamed = await page(t, path);
    expect(before.html).not.toContain('Show Renomeado');
    expect(renamed.html).toContain('Show Renomeado');

    // Sold out the first lot behind the event's back (no revision): the second lot's price shows.
    const next = 'R$\u00a0120,00';
    expect(renamed.html).not.toContain(next);
    await t.database.db
      .update(ticketLots)
      .set({ sold: sql`${ticketLots.capacity}` })
      .where(eq(ticketLots.id, fixture.lotId));
    await t.catalogue.refresh();
    expect((await page(t, path)).html).toContain(next);
  });

  it('shows a change of the site switches within their refresh interval', async () => {
    const before = await page(t, '/');
    // The shell's switches travel in the page's data (the biometry pop-up's review hours).
    expect(before.html).toContain('"manualReviewHours\\",24');
    const changed = await t.app.request(
      'http://localhost/api/admin/site-flags',
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-admin-token': TOKEN },
        body: JSON.stringify({ biometryManualReviewHours: 719 }),
      },
      fromIp('192.0.2.77'),
    );
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await page(t, '/')).html).toContain('"manualReviewHours\\",719');
  });

  it("never shares the event page of a queue: the admitted buyer's page is theirs alone", async () => {
    const db = t.database.db;
    const f = await createCartFixture(db);
    await db.execute(sql`update events set queue_enabled = true, queue_rate_per_minute = 60,
      on_sale_at = now() - interval '1 minute', revision = revision + 1 where id = ${f.eventId}`);
    forgetQueueEvents(db);
    const buyer = `page_cache_queue_${Date.now().toString(36)}`;
    const join = await t.request(`/api/queue/${f.slug}/join`, {
      method: 'POST',
      headers: { 'x-session-id': buyer, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(join.status).toBeLessThan(300);
    await db.execute(sql`insert into event_queues (event_id, clock) values (${f.eventId}, now() - interval '1 hour')
      on conflict (event_id) do update set clock = excluded.clock`);
    expect(await admitToEvent({ db, holdSeconds: 900 }, f.eventId)).toBe(1);
    // A pass goes to a logged-in account only (issue 31: one pass per account at admission).
    const person = await register(t);
    const status = await t.request(`/api/queue/${f.slug}`, {
      headers: { 'x-session-id': buyer, cookie: person.cookie },
    });
    const pass = status.headers.getSetCookie().find((c) => c.startsWith(`queue_pass_${f.eventId}=`))!;
    expect(pass).toBeDefined();

    // The admitted buyer sees the event and may buy; the answer is theirs, not for a cache.
    // (A new event reaches this process's catalogue within a second.)
    let admitted = await page(t, `/events/${f.slug}`, {
      cookie: `cart_session=${buyer}; ${pass.split(';')[0]}`,
    });
    for (let tries = 0; admitted.status === 404 && tries < 30; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      admitted = await page(t, `/events/${f.slug}`, {
        cookie: `cart_session=${buyer}; ${pass.split(';')[0]}`,
      });
    }
    expect(admitted.status).toBe(200);
    expect(admitted.cacheControl ?? '').not.toContain('public');
    // Logged in, the same buyer gets the page rendered as theirs (the copy for nobody is not shared).
    const theirs = await page(t, `/events/${f.slug}`, {
      cookie: `${person.cookie}; signed_in=1; cart_session=${buyer}; ${pass.split(';')[0]}`,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.html).toContain(person.input.name.split(' ')[0]!);
    expect(theirs.cacheControl ?? '').not.toContain('public');
    // Anyone else, then, is still sent to the queue: not the admitted buyer's page from memory.
    const others: Record<string, string>[] = [{}, { cookie: 'cart_session=someone_else_waiting_123' }];
    for (const other of others) {
      const response = await t.request(`/events/${f.slug}`, { headers: other, redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/fila/${f.slug}`);
    }
  });
});

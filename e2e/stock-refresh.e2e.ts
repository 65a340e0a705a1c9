import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { eq } from '../apps/api/src/db/orm.ts';
import { eventGroups, events } from '../apps/api/src/db/schema/index.ts';
import { createCartFixture, type TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { newDataDir } from './support/data-dir.ts';
import { startServer, type TRunningServer } from './support/server.ts';

type TSnapshot = {
  sections: { name: string; tickets: { availability: string }[]; controlledPlaces: { status: string }[] }[];
};

const TOUR = 'turne-de-teste';
type TNextEvents = { events: { slug: string; minValue: number | null }[] };

/** The page as a CDN kept it: its bytes and headers (Node's fetch gave the body inflated). */
async function keep(url: string) {
  const kept = await fetch(url);
  expect(kept.headers.get('cache-control')).toMatch(/^public/);
  const headers = Object.fromEntries(
    [...kept.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
  );
  return { headers, body: await kept.text() };
}

/**
 * A visitor given the kept copy (the CDN's answer) of `url`; without `snapshots` the snapshot files
 * cannot be read (the negative control). Answers the page once it is interactive.
 */
async function visitKept(
  browser: Browser,
  url: string,
  kept: Awaited<ReturnType<typeof keep>>,
  snapshots: boolean,
) {
  const page = await newPage(browser);
  await page.route(url, (route) => route.fulfill({ status: 200, ...kept }));
  if (!snapshots) await page.route('**/assets/api/**', (route) => route.abort());
  await page.goto(url);
  await waitForHydration(page);
  return page;
}

/**
 * Issue 18: a shared event page may be kept (by a CDN up to 5 + 30 s, by the browser's history)
 * after its stock moved (sold, or held in carts: the same fingerprint); once on screen it reads the
 * event's snapshot file again and shows the stock of now, without a reload.
 */
describe('the stock of a kept page', () => {
  let browser: Browser;
  let server: TRunningServer;
  let f: TCartFixture;
  const dataDir = newDataDir('stock');

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    f = await createCartFixture(database.db, { lotCapacity: 2 });
    // The other event is part of a tour: its group page lists it too.
    const [tour] = await database.db
      .insert(eventGroups)
      .values({ slug: TOUR, name: 'Turnê de teste', description: '' })
      .returning();
    await database.db.update(events).set({ groupId: tour!.id }).where(eq(events.id, f.otherEventId));
    await database.close();
    server = await startServer({ CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' }, dataDir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a lot taken since the page was kept, after load and without a reload', async () => {
    const url = `${server.url}/events/${f.slug}`;
    const snapshot = `${server.url}/assets/api/getEventTicketsBySlug/${f.slug}.json`;
    const pista = async () =>
      ((await (await fetch(snapshot)).json()) as TSnapshot).sections.find((s) => s.name === 'Pista')!
        .tickets[0]!;
    // The page as a CDN keeps it, while the first lot is on sale.
    const kept = await keep(url);
    // Someone puts the whole lot in a cart; within a second the snapshot file says so.
    const held = await fetch(`${server.url}/api/v4/addtocart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lotId: f.lotId, quantity: 2 }),
    });
    expect(held.status).toBe(200);
    await expect.poll(async () => (await pista()).availability, { timeout: 10_000 }).toBe('Reservado');

    // A visitor gets the kept copy (the CDN's answer) and, once it is on screen, the stock of now.
    const visit = async (snapshots: boolean) => {
      const page = await visitKept(browser, url, kept, snapshots);
      return { page, ticket: page.getByRole('region', { name: 'Pista' }).locator('li').first() };
    };
    const fresh = await visit(true);
    await fresh.ticket
      .getByText('Reservado em carrinhos: pode voltar em instantes')
      .waitFor({ timeout: 10_000 });
    expect(await fresh.ticket.getByText('Disponível', { exact: true }).count()).toBe(0);
    // Nothing of it can be picked any more.
    expect(await fresh.page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).count()).toBe(0);
    await fresh.page.close();

    // Negative control: without the snapshot file the kept copy still offers the lot.
    const stale = await visit(false);
    await stale.ticket.getByText('Disponível', { exact: true }).waitFor();
    await stale.page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).waitFor();
    expect(await stale.ticket.getByText('Reservado em carrinhos').count()).toBe(0);
    await stale.page.close();
  });

  it('shows on a kept home page and a kept group page an event whose tickets all went since, after load', async () => {
    const other = `Show ${f.otherSlug}`;
    const minValue = async () =>
      ((await (await fetch(`${server.url}/assets/api/nextEvents.json`)).json()) as TNextEvents).events.find(
        (event) => event.slug === f.otherSlug,
      )!.minValue;
    expect(await minValue()).not.toBeNull();
    const home = `${server.url}/`;
    const tour = `${server.url}/eventgroup/${TOUR}`;
    const kept = { [home]: await keep(home), [tour]: await keep(tour) };
    // The other event's only lot goes into a cart: nothing of it is on sale any more.
    const held = await fetch(`${server.url}/api/v4/addtocart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lotId: f.otherEventLotId, quantity: 2 }),
    });
    expect(held.status).toBe(200);
    await expect.poll(minValue, { timeout: 10_000 }).toBeNull();
    const visit = async (url: string, snapshots: boolean) => {
      const page = await visitKept(browser, url, kept[url]!, snapshots);
      const list =
        url === home ? page.getByRole('region', { name: 'Próximos eventos' }) : page.getByRole('main');
      return { page, card: list.getByRole('article').filter({ hasText: other }) };
    };
    for (const url of [home, tour]) {
      const fresh = await visit(url, true);
      await fresh.card.getByText('Esgotado', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await fresh.card.getByText(/^A partir de/).count()).toBe(0);
      await fresh.page.close();
      // Negative control: without the snapshot file the kept copy still shows its from-price.
      const stale = await visit(url, false);
      await stale.card.getByText(/^A partir de/).waitFor();
      expect(await stale.card.getByText('Esgotado', { exact: true }).count()).toBe(0);
      await stale.page.close();
    }
  });

  it('shows on a kept seat map a seat taken since, after load', async () => {
    const url = `${server.url}/eventmap/${f.slug}`;
    const snapshot = `${server.url}/assets/api/getEventTicketsBySlug/${f.slug}.json`;
    const kept = await keep(url);
    const held = await fetch(`${server.url}/api/v4/addtocart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lotId: f.seatLotId, quantity: 1, controlledPlaceId: f.seatIds[0] }),
    });
    expect(held.status).toBe(200);
    await expect
      .poll(
        async () =>
          ((await (await fetch(snapshot)).json()) as TSnapshot).sections.find(
            (s) => s.controlledPlaces.length,
          )!.controlledPlaces[0]!.status,
        { timeout: 10_000 },
      )
      .not.toBe('Disponivel');
    const visit = (snapshots: boolean) => visitKept(browser, url, kept, snapshots);
    const fresh = await visit(true);
    const seat = fresh.locator('[data-alias="A1"]').first();
    await expect.poll(() => seat.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true');
    expect(await fresh.locator('[data-alias="A2"]').first().getAttribute('aria-disabled')).toBe('false');
    await fresh.close();
    // Negative control: without the snapshot file the kept map still offers the seat.
    const stale = await visit(false);
    expect(await stale.locator('[data-alias="A1"]').first().getAttribute('aria-disabled')).toBe('false');
    await stale.close();
  });
});

import type { TMyTicketsAnswer } from '@ingressos/contracts';
import { checkRotatingCode, fromBase64Url, parseScannedCode } from '@ingressos/domain/rotating-code';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../apps/api/src/db/orm.ts';
import type { TCartFixture } from '../apps/api/src/testing/cart-fixture.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { staffSession } from '../apps/api/src/testing/staff.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/** Issue 35: a buyer of a rotating-only event shows a code that changes every 15 s, also offline. */
describe('the rotating ticket on the holder page', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  let f: TCartFixture;
  let stage: TPurchaseStage | undefined;
  let gateCookie = '';

  beforeAll(async () => {
    stage = await openPurchaseStage('rotating-ticket', {}, async (db, fixture) => {
      await db.execute(sql`update events set ticket_code = 'rotating' where id = ${fixture.eventId}`);
      gateCookie = (await staffSession(db, { role: 'gate', eventIds: [fixture.eventId] })).cookie;
    });
    ({ browser, smtp, server, f } = stage);
  });
  afterAll(() => closePurchaseStage(stage));

  /** The big code's text as the page draws it (the same text is in the QR image). */
  const codeText = (page: Page) =>
    page.getByRole('img', { name: 'Código de entrada do ingresso 1' }).getAttribute('data-qr-text');

  /** A verified buyer who paid one ticket of the rotating event, and that ticket as My tickets' answer gives it. */
  const buyer = async (options: Parameters<typeof newPage>[1] = MOBILE) => {
    const page = await newPage(browser, options);
    await verifiedPerson(page, server.url, smtp);
    const added = await page.request.post(`${server.url}/api/v4/addtocart`, {
      data: { lotId: f.lotId, quantity: 1 },
    });
    const { sessionID } = (await added.json()) as { sessionID: string };
    const paid = await page.request.post(`${server.url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': `rotating-e2e-${Date.now()}` },
      data: {
        paymentType: 'credit_card',
        card: {
          token: `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'r')}`,
          installments: 1,
        },
      },
    });
    expect(((await paid.json()) as { orderStatus: number }).orderStatus).toBe(3);
    const mine = (await (
      await page.request.get(`${server.url}/api/tickets/mine`)
    ).json()) as TMyTicketsAnswer;
    return { page, ticket: mine.upcoming[0]!.tickets[0]! };
  };

  it('keeps the ticket on the device only until the holder logs out', async () => {
    const { page, ticket } = await buyer({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/meus-ingressos`);
    await waitForHydration(page);
    const saved = () => page.evaluate(() => localStorage.getItem('bilheto.offlineTickets'));
    await expect.poll(saved).toContain(ticket.id);
    // 'Sair' removes it before its form posts.
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await saved()).toBeNull();
    await page.context().close();
  });

  it('rotates every 15 s, verifies at the gate, keeps rotating offline, and a minute-old capture is refused', async () => {
    const { page, ticket } = await buyer();
    const secret = fromBase64Url(ticket.rotating!.secret);

    // The page's clock starts a minute behind the server's: the first code is a minute-old capture.
    const start = Date.now() - 60_000;
    await page.clock.install({ time: start });
    await page.goto(`${server.url}/meus-ingressos`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Mostrar QR code do ingresso 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('O código muda a cada 15 segundos.').waitFor();
    await expect.poll(() => codeText(page)).toMatch(/^BLT2\./);
    // The page's clock stops a second into the next step, so a slow machine cannot let a step pass
    // between two reads: only fastForward moves it from here.
    const boundary = (Math.floor((await page.evaluate(() => Date.now())) / 15_000) + 1) * 15_000;
    await page.clock.pauseAt(boundary + 1_000);
    const stepOf = async () => {
      const scan = parseScannedCode((await codeText(page)) ?? '');
      return scan?.kind === 'rotating' ? scan.step : null;
    };
    await expect.poll(stepOf).toBe(boundary / 15_000);
    const first = (await codeText(page))!;
    const firstScan = parseScannedCode(first);
    if (firstScan?.kind !== 'rotating') throw new Error(`not a rotating code: ${first}`);
    expect(firstScan.jws).toBe(ticket.rotating!.jws);
    const pageNow = await page.evaluate(() => Date.now());
    expect(await checkRotatingCode(secret, firstScan, pageNow)).toBe('ok');

    // One step later the code is the next step's, and still the ticket's.
    await page.clock.fastForward(15_000);
    await expect.poll(stepOf).toBe(firstScan.step + 1);
    const second = parseScannedCode((await codeText(page))!);
    if (second?.kind !== 'rotating') throw new Error('not rotating');
    expect(second.jws).toBe(firstScan.jws);
    expect(await checkRotatingCode(secret, second, await page.evaluate(() => Date.now()))).toBe('ok');
    await page.clock.resume();
    // At the page's clock the first code, 30 s later, is a stale screenshot.
    expect(await checkRotatingCode(secret, firstScan, pageNow + 31_000)).toBe('stale');

    // The gate (on the server's clock, a minute ahead of the capture) refuses the captured code.
    const refused = await page.request.post(`${server.url}/api/staff/gate/check-ins`, {
      headers: { cookie: gateCookie },
      data: { qr: first, eventId: f.eventId },
    });
    expect(((await refused.json()) as { result: string }).result).toBe('stale_code');

    // The device keeps the ticket for a venue without signal, and the service worker its page.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('bilheto.offlineTickets')))
      .toContain(ticket.id);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await caches.open('bilheto-tickets-v1')).match('/meus-ingressos/offline').then(Boolean),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // No network: the open page keeps rotating (computed in the browser).
    await page.context().setOffline(true);
    const beforeOffline = (await codeText(page))!;
    await page.clock.fastForward(15_000);
    await expect.poll(() => codeText(page)).not.toBe(beforeOffline);
    const offlineScan = parseScannedCode((await codeText(page))!);
    if (offlineScan?.kind !== 'rotating') throw new Error('not rotating');
    expect(await checkRotatingCode(secret, offlineScan, await page.evaluate(() => Date.now()))).toBe('ok');

    // And opened again with no server reachable at all (the page's offline mode does not cover the
    // service worker's own fetches), My tickets answers with the device's tickets.
    await server.stop();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/meus-ingressos`);
    await page.getByRole('heading', { name: 'Ingressos neste aparelho' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/meus-ingressos/offline');
    await expect.poll(() => codeText(page)).toMatch(/^BLT2\./);
    const reopened = (await codeText(page))!;
    await page.clock.fastForward(15_000);
    await expect.poll(() => codeText(page)).not.toBe(reopened);
    // It hydrated (its HTML is that address's own): no error on the page.
    expect(errors).toEqual([]);
    await page.context().setOffline(false);
  });
});

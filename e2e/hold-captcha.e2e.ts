import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { startServer, type TRunningServer } from './support/server.ts';

const FESTIVAL = 'festival-sons-do-cerrado';
const CAPTCHA_ASKED = 'Confirme que você não é um robô para continuar reservando ingressos.';

async function open(browser: Browser, url: string) {
  const page = await newPage(browser);
  await page.goto(url);
  await waitForHydration(page);
  return page;
}

/** One more Pista — Inteira, through the event page's selector. */
async function addOne(page: Page) {
  await page.getByRole('button', { name: 'Aumentar Pista — Inteira' }).click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
}

async function seenAdded(page: Page) {
  const added = page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' });
  await added.waitFor();
  await added.getByRole('button', { name: 'Fechar' }).click();
}

/**
 * Issue 19: past the anonymous-hold threshold the event page shows the site's captcha (the local
 * box here) and, once answered, sends the same add again; closing it gives the add up.
 */
describe('anonymous holds past the threshold', () => {
  let server: TRunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // One hold a minute per address or session before the captcha; the local captcha is a box to tick.
      startServer({ HOLD_THROTTLE: 'true', HOLD_CAPTCHA_AFTER: '1', CAPTCHA_PROVIDER: 'local' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks the captcha on the second add, and the ticket goes in once it is answered', async () => {
    const page = await open(browser, `${server.url}/events/${FESTIVAL}`);
    await addOne(page);
    await seenAdded(page);

    await addOne(page);
    const dialog = page.getByRole('dialog', { name: 'Confirme que você é uma pessoa' });
    await dialog.waitFor();
    // A click, not check(): the answer closes the dialog, and check() reads the box again after
    // clicking; on a busy machine the box was already gone and check() waited for it to return.
    await dialog.getByLabel('Não sou um robô').click();
    await dialog.waitFor({ state: 'hidden' });
    await seenAdded(page);
    await page.getByRole('link', { name: 'Carrinho: 2 itens' }).waitFor();

    // The answer opened a fresh window: the next add needs none, the one after asks again.
    await addOne(page);
    await seenAdded(page);
    await page.getByRole('link', { name: 'Carrinho: 3 itens' }).waitFor();
    // Closing the captcha gives that add up, with the API's message; the cart keeps its three.
    await addOne(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('alert').filter({ hasText: CAPTCHA_ASKED }).waitFor();
    expect(await page.getByRole('link', { name: 'Carrinho: 3 itens' }).count()).toBe(1);
  });
});

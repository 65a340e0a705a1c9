import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from '../../e2e/support/browser.ts';
import { verifiedBuyer } from './checkout.ts';

/**
 * Issue 31: an open table completed seat by seat, at 1280 and 375 px: the map with the first seat
 * held, the cart with the table short of its minimum, then completed (and one seat taken back).
 */
const SAMBA = 'noite-do-samba-de-raiz-lapa';
const VIEWPORTS: [string, BrowserContextOptions][] = [
  ['1280', { viewport: { width: 1280, height: 900 } }],
  ['375', MOBILE],
];

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

export async function openTableScreens(browser: Browser, url: string, smtp: TTestSmtpServer, out: string) {
  for (const [index, [size, device]] of VIEWPORTS.entries()) {
    const page = await newPage(browser, device);
    const shot = async (name: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `table-${name}-${size}.png`), fullPage: true });
    };
    await verifiedBuyer(page, url, smtp);
    // Each size its own table, so the second buyer's map shows the first one's seats taken.
    const table = `C${index + 3}`;
    const name = `Mesa ${index + 23}`;
    await open(page, `${url}/eventmap/${SAMBA}`);
    await page.locator(`[data-alias="${table}"]`).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' });
    await added.waitFor();
    await added.getByRole('button', { name: 'Fechar' }).click();
    await page.getByText(`${name}: 1 no carrinho, mínimo 3`).waitFor();
    await shot('map');

    await open(page, `${url}/carrinho`);
    const more = page.getByRole('button', { name: `Adicionar um lugar na ${name}` });
    const seats = page.getByRole('listitem').filter({ has: more }).locator('output');
    await more.click();
    await page.waitForFunction((el) => el?.textContent === '2', await seats.elementHandle());
    await shot('cart-short');
    await more.click();
    await page.waitForFunction((el) => el?.textContent === '3', await seats.elementHandle());
    await more.click();
    await page.waitForFunction((el) => el?.textContent === '4', await seats.elementHandle());
    await page.getByRole('button', { name: `Tirar um lugar da ${name}` }).click();
    await page.waitForFunction((el) => el?.textContent === '3', await seats.elementHandle());
    await shot('cart-complete');
    await page.context().close();
  }
}

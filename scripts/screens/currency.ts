/**
 * Part of `npm run screens` (scripts/screens.ts): commerce §1's currency switch at 1280 and 375 px,
 * into docs/screens/: the header's switch (on a phone, the menu), and the home, an event, the cart
 * and the payment page in dollars with the rate's day and the note that the charge is in reais. Demo data, a
 * throwaway database, a fixed rate; needs `npm run build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_SLUGS } from '../../apps/api/src/modules/demo/demo-catalogue.ts';
import { startTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, MOBILE, newPage, waitForHydration } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { repoRoot, startServer } from '../../e2e/support/server.ts';

const OUT = path.join(repoRoot, 'docs/screens');

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-screens-currency-'));
const smtp = await startTestSmtpServer();
const server = await startServer(
  {
    SMTP_URL: smtp.url,
    CAPTCHA_PROVIDER: 'off',
    EXCHANGE_RATE_USD_BRL: '5.3412',
    EXCHANGE_RATE_DATE: '2026-11-27',
  },
  dataDir,
);
const browser = await launchBrowser();
try {
  for (const [size, device] of [
    ['1280', { viewport: { width: 1280, height: 900 } }],
    ['375', MOBILE],
  ] as const) {
    const page = await newPage(browser, device);
    const shot = async (name: string, fullPage = true) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `currency-${name}-${size}.png`), fullPage });
    };
    const switchTo = page
      .getByRole('navigation', { name: 'Moeda' })
      .getByRole('link', { name: 'Dólar (U$)' });
    await open(page, server.url);
    if (size === '375') {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await switchTo.waitFor();
      await shot('menu', false);
    } else {
      await switchTo.hover();
      await shot('header', false);
    }
    await switchTo.click();
    await page.waitForURL(`${server.url}/`);
    await waitForHydration(page);
    await page.locator('[data-conversion-note]').first().waitFor();
    await shot('home-usd', false);

    await open(page, `${server.url}/events/${DEMO_SLUGS.festival}`);
    await page.locator('#ingressos').scrollIntoViewIfNeeded();
    await shot('event-usd', false);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${server.url}/carrinho`);
    await page.getByText('Pista — Inteira').first().waitFor();
    const protection = page.getByLabel(/Não quero proteger/);
    if (await protection.count()) await protection.click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('cart-usd');

    // A buyer (logged in, phone verified) pays: the summary in dollars, what is charged in reais.
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/identificacao`);
    const mine = page.getByRole('button', { name: 'Usar meu CPF' });
    await mine.click();
    await mine.click();
    await page.getByText('CPF liberado').nth(1).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(/\/pagamento$/);
    await waitForHydration(page);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    if (size === '375')
      await page.getByRole('complementary', { name: 'Resumo do pedido' }).locator('summary').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('payment-usd');
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`currency screens written to ${OUT}`);

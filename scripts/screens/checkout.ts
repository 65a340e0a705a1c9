import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { brazilianAdult } from '../../apps/api/src/testing/accounts.ts';
import { linkIn, type TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { MOBILE, newPage, waitForHydration } from '../../e2e/support/browser.ts';

/** The checkout's screens, each at 1280 and 375 px: cart, identification and every payment state. */
const FESTIVAL = 'festival-sons-do-cerrado';
const VIEWPORTS: [string, BrowserContextOptions][] = [
  ['1280', { viewport: { width: 1280, height: 900 } }],
  ['375', MOBILE],
];

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** A registered buyer, e-mail confirmed and phone verified, so no account pop-up covers the page. */
export async function verifiedBuyer(page: Page, url: string, smtp: TTestSmtpServer) {
  await open(page, url);
  const person = brazilianAdult();
  const registered = await page.request.post(`${url}/api/registerclient`, { data: person });
  if (registered.status() !== 201) throw new Error(`register: ${registered.status()}`);
  await open(page, linkIn(await smtp.waitFor(person.email), '/api/v2/confirm-email'));
  await page.request.post(`${url}/api/v3/send-sms-code`, { data: {} });
  const sms = (await (await fetch(`${url}/_dev/sms.json`)).json()) as { body: string }[];
  const code = sms[0]!.body.match(/\b\d{6}\b/)![0];
  await page.request.post(`${url}/api/v2/match-code`, { data: { code } });
  return person;
}

async function fillCard(page: Page, number: string, expiry = '12/39') {
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('ANA M SILVA');
  await page.getByLabel('Validade (MM/AA)').fill(expiry);
  await page.getByLabel('Código de segurança (CVV)').fill('123');
}

export async function checkoutScreens(browser: Browser, url: string, smtp: TTestSmtpServer, out: string) {
  for (const [size, device] of VIEWPORTS) {
    const page = await newPage(browser, device);
    // The browser's clock is Playwright's, to idle into the hold's warning on /pagamento.
    await page.clock.install();
    // A modal is drawn over the window, not the whole page: its shot is the window's.
    const shot = async (name: string, fullPage = true) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `checkout-${name}-${size}.png`), fullPage });
    };
    await verifiedBuyer(page, url, smtp);
    await open(page, `${url}/events/${FESTIVAL}`);
    const more = page.getByRole('button', { name: 'Aumentar Pista — Inteira' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('status').filter({ hasText: 'Adicionado ao carrinho.' }).waitFor();

    await open(page, `${url}/carrinho`);
    await page.getByText('Pista — Inteira').first().waitFor();
    const protection = page.getByLabel(/Não quero proteger/);
    if (await protection.count()) await protection.click();
    await shot('cart');

    await open(page, `${url}/identificacao`);
    const mine = page.getByRole('button', { name: 'Usar meu CPF' });
    await mine.click();
    await mine.click();
    await page.getByText('CPF liberado').nth(1).waitFor({ timeout: 15_000 });
    await shot('identification');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(/\/pagamento$/);

    await waitForHydration(page);
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await shot('payment-card');
    // Commerce §4: 'Sua reserva está terminando' with 2:45 left, then renewed (the clock set back
    // to the server's, which renewed at its own time).
    const ending = page.getByRole('dialog', { name: 'Sua reserva está terminando' });
    const left = Number(
      (await page.getByRole('timer').first().textContent())
        ?.match(/(\d\d):(\d\d)/)
        ?.slice(1)
        .reduce((m, s) => m * 60 + Number(s), 0),
    );
    await page.clock.fastForward((left - 165) * 1000);
    await ending.waitFor();
    await shot('payment-warning', false);
    await ending.getByRole('button', { name: 'Renovar o tempo do carrinho' }).click();
    await page.getByText('Tempo do carrinho renovado.').first().waitFor();
    await page.clock.setSystemTime(Date.now());
    await ending.waitFor({ state: 'hidden' });
    await fillCard(page, '4111 1111 1111 1111', '01/20');
    const pay = page.getByRole('button', { name: /^Pagar/ });
    await pay.click();
    await page.getByText('Validade inválida.').waitFor();
    await shot('payment-card-error');

    await page.locator('summary', { hasText: 'Parcelas' }).click();
    await shot('payment-installments');
    await page.locator('summary', { hasText: 'Parcelas' }).click();

    // Processing: the answer held back a few seconds, then the card is declined.
    await page.route('**/checkout/v1', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    await page.getByText('Processando seu pagamento').waitFor();
    await shot('payment-processing');
    await page.getByText('Pagamento não autorizado').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(9000); // the toast leaves
    await shot('payment-declined');
    await page.unroute('**/checkout/v1');

    await page.getByRole('radio', { name: 'Pix' }).check();
    await page.getByRole('button', { name: /^Gerar Pix/ }).click();
    await page.getByRole('img', { name: 'QR code do Pix' }).waitFor({ timeout: 15_000 });
    await shot('payment-pix');
    await page.context().close();
  }
}

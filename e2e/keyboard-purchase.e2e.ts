import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCpf } from '../apps/api/src/testing/accounts.ts';
import { linkIn, startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { COOKIE_CONSENT_NAME, formatCookieConsent } from '../packages/domain/src/cookie-consent.ts';
import { launchBrowser, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import {
  animationsDone,
  expectAnnounced,
  expectFocusOn,
  expectFocusUsable,
  focusNow,
  keyboardUser,
  type TKeyboard,
  tabTo,
  type,
} from './support/keyboard.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/**
 * Issue 20: a blind or keyboard-only buyer, with no mouse: Tab, Shift+Tab, Enter, Space, the
 * arrows and Escape. At every focus stop (support/keyboard.ts) focus is visible, not under the
 * sticky header, a toast or the cookie banner, named, and inside the open dialog; page changes
 * move focus to the new page's heading and say its title; status messages come through live
 * regions. The only non-keyboard steps are what the buyer does outside the site (opening the
 * e-mail's link, the phone code through the API as the accounts journey does).
 */

const FESTIVAL = 'festival-sons-do-cerrado';
const THEATRE = 'o-auto-da-compadecida-teatro-renault';
const EXCLUSIVE = 'pre-venda-cooperados-acustico-porto-alegre';
const PASSWORD = 'Ingresso#2026';

/** The cookie choice made already (the first journey shows making it by keyboard). */
async function optionalCookiesRejected(page: Page, url: string) {
  const value = formatCookieConsent({ analytics: false, marketing: false });
  await page.context().addCookies([{ name: COOKIE_CONSENT_NAME, value, url }]);
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** Enter on the focused link or button, then the new page: its heading has the focus and its title is said. */
async function followTo(user: TKeyboard, url: RegExp, heading: string | RegExp) {
  await user.page.keyboard.press('Enter');
  await user.page.waitForURL(url, { timeout: 20_000 });
  await waitForHydration(user.page);
  await expectFocusOn(user, heading, `after opening ${url}`, { role: 'heading' });
  const title = await user.page.title();
  await expectAnnounced(user.page, title);
}

/**
 * Tab `presses` times, then Shift+Tab as many, inside the open dialog: more presses than it has
 * controls, so a dialog that lets focus out into the page behind is caught either way.
 */
async function tabAround(user: TKeyboard, presses: number, dialog: string) {
  await animationsDone(user.page);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await user.page.keyboard.press(key);
      const focus = await expectFocusUsable(user.page, `${key} ${i + 1} inside '${dialog}'`);
      expect(focus.dialog).toBe(dialog);
      expect(focus.inDialog).toBe(true);
    }
  }
}

describe('keyboard-only purchase (issue 20)', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('home → registration → cart → identification → card payment → My tickets, by keyboard only', async () => {
    const page = await newPage(browser, {}, { consentChosen: false });
    const user = keyboardUser(page);
    await open(page, server.url);

    // Issue 31: the skip link is the first stop even while the cookie banner shows; the banner
    // comes after the header, before the page, and is answered by keyboard. Focus goes back to
    // where it was before the banner, at once: never, not even for a moment, on the body.
    await page.getByRole('button', { name: 'Aceitar todos' }).waitFor();
    const first = await tabTo(user, 'Pular para o conteúdo', { max: 1 });
    expect(first.role).toBe('link');
    const policy = await tabTo(user, 'Política de privacidade', { max: 20 });
    expect(policy.role).toBe('link');
    await page.keyboard.press('Shift+Tab');
    const beforeBanner = await expectFocusUsable(page, 'the stop before the cookie banner');
    await tabTo(user, 'Política de privacidade', { max: 1 });
    await tabTo(user, 'Rejeitar opcionais', { max: 3 });
    // Where focus is at the moment the banner leaves the page (a mutation observer's callback runs
    // before the next frame): what made this journey fail one run in N, when its check of focus
    // landed between the banner's removal and the frame that moved focus on.
    await page.evaluate(() => {
      const banner = document.querySelector('[data-consent-banner]');
      const observer = new MutationObserver(() => {
        if (banner?.isConnected) return;
        observer.disconnect();
        const active = document.activeElement;
        document.documentElement.dataset.focusAsBannerLeft =
          !active || active === document.body ? 'body' : (active.textContent ?? active.tagName).trim();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Aceitar todos' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.focusAsBannerLeft)).not.toBe('body');
    // Never on the body (above), and usable (visible, clear, named) within a moment of the banner
    // leaving: every 100 ms for up to 3 s, the last problem as the message. Read once at once, it
    // failed one fresh-clone run (issue 32; not reproduced: the banner's room under the page goes
    // with it, so the layout moves as it leaves).
    await expect
      .poll(
        () =>
          expectFocusUsable(page, 'after the cookie choice').then(
            () => 'usable',
            (error: unknown) => String(error),
          ),
        { timeout: 3_000, interval: 100 },
      )
      .toBe('usable');
    await expectFocusOn(user, beforeBanner.name, 'after the cookie choice');

    // Registration.
    await tabTo(user, 'Cadastre-se', { back: true });
    await followTo(user, /\/cadastrar$/, 'Cadastrar');
    const cpf = uniqueCpf();
    const email = `teclado.${cpf}@exemplo.com.br`;
    await tabTo(user, 'Brasileira', { role: 'radio' });
    await page.keyboard.press('Space');
    for (const [field, text] of [
      ['Nome completo', 'Ana Maria Teclado'],
      ['Telefone', '11987654321'],
      ['E-mail', email],
      ['Senha', PASSWORD],
      ['Confirme a senha', PASSWORD],
      ['CPF', cpf],
      ['Data de nascimento', '20051990'],
      ['Gênero', 'Feminino'],
    ] as const) {
      await tabTo(user, field);
      await type(user, text);
    }
    // A closed select follows the arrows ('São' is not typed: its ã is not a key press).
    await tabTo(user, 'Estado');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.getByLabel('Estado').locator('option:checked').textContent()).toBe('São Paulo');
    await tabTo(user, 'Cidade');
    await expect
      .poll(() => page.getByLabel('Cidade', { exact: true }).locator('option').count())
      .toBeGreaterThan(600);
    await type(user, 'Campinas');
    await tabTo(user, /^Li e aceito os Termos de uso/, { role: 'checkbox' });
    await page.keyboard.press('Space');
    await tabTo(user, 'Cadastrar', { role: 'button' });
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Usuário cadastrado com sucesso, verifique seu e-mail');

    // Logged in, phone unverified: the pop-up keeps Tab inside and gives focus back on close.
    const phone = page.getByRole('dialog', { name: 'Valide seu telefone' });
    await phone.waitFor();
    await expectFocusUsable(page, "'Valide seu telefone' opened");
    await tabAround(user, 6, 'Valide seu telefone');
    await tabTo(user, 'Fechar', { max: 10 });
    await page.keyboard.press('Enter');
    await phone.waitFor({ state: 'hidden' });
    await expectFocusUsable(page, "after closing 'Valide seu telefone'");

    // Outside the site: the e-mail's link, and the phone code through the API.
    await open(page, linkIn(await smtp.waitFor(email, /Confirme seu e-mail/), '/api/v2/confirm-email'));
    await page.request.post(`${server.url}/api/v3/send-sms-code`, { data: {} });
    const sms = (await (await fetch(`${server.url}/_dev/sms.json`)).json()) as { body: string }[];
    const code = sms[0]!.body.match(/\b\d{6}\b/)![0];
    expect((await page.request.post(`${server.url}/api/v2/match-code`, { data: { code } })).status()).toBe(
      200,
    );
    await open(page, server.url);

    // Home → the event: focus on its heading, its title said.
    await tabTo(user, 'Festival Sons do Cerrado', { max: 60 });
    await followTo(user, new RegExp(`/events/${FESTIVAL}$`), 'Festival Sons do Cerrado');

    // One ticket; after 'Adicionar ao carrinho' (now disabled) focus goes on to 'Ir para o carrinho'.
    await tabTo(user, 'Aumentar Pista — Inteira');
    await page.keyboard.press('Enter');
    await tabTo(user, 'Adicionar ao carrinho');
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Adicionado ao carrinho.');
    await expectFocusOn(user, 'Ir para o carrinho', "after 'Adicionar ao carrinho'");

    // 'Resumo da compra': Tab stays inside, Escape gives focus back to the cart icon.
    await tabTo(user, /^Carrinho: 1 item/, { back: true, max: 30 });
    await page.keyboard.press('Enter');
    const summary = page.getByRole('dialog', { name: 'Resumo da compra' });
    await summary.waitFor();
    await tabAround(user, 5, 'Resumo da compra');
    await page.keyboard.press('Escape');
    await summary.waitFor({ state: 'detached' });
    await expectFocusOn(user, /^Carrinho: 1 item/, "after Escape on 'Resumo da compra'");

    // The cart.
    await tabTo(user, 'Ir para o carrinho', { max: 40 });
    await followTo(user, /\/carrinho$/, 'Carrinho');
    // The required refund-protection choice (the demo festival sells it): the arrows move between
    // the options while each saves, focus stays on them, and each saved choice is said.
    await tabTo(user, /^Quero proteger minha compra/, { role: 'radio' });
    await page.keyboard.press('Space');
    await expectAnnounced(page, /^Escolha salva: Quero proteger minha compra/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(user, 'Não quero proteger minha compra', 'after the arrows on the protection choice');
    expect(await page.getByRole('radio', { name: 'Não quero proteger minha compra' }).isChecked()).toBe(true);
    await expectAnnounced(page, 'Escolha salva: Não quero proteger minha compra.');
    await tabTo(user, 'Continuar para o pagamento');
    await followTo(user, /\/identificacao$/, 'Identificação dos ingressos');

    // Identification: every CPF field asked for gets the buyer's CPF.
    const cpfFields = await page.getByLabel(/^CPF do ingresso/).count();
    for (let i = 1; i <= cpfFields; i += 1) {
      await tabTo(user, `CPF do ingresso ${i}`);
      await type(user, cpf);
    }
    await expect
      .poll(() => page.getByRole('button', { name: 'Continuar para o pagamento' }).isEnabled())
      .toBe(true);
    await tabTo(user, 'Continuar para o pagamento');
    await followTo(user, /\/pagamento$/, 'Pagamento');

    // The card, with an expired date first: the field is marked invalid, says why, and has the focus.
    await page.getByLabel('Número do cartão').waitFor({ timeout: 15_000 });
    await tabTo(user, 'Número do cartão');
    await type(user, '4111111111111111');
    await tabTo(user, 'Nome impresso no cartão');
    await type(user, 'ANA M TECLADO');
    await tabTo(user, 'Validade (MM/AA)');
    await type(user, '0120');
    await tabTo(user, 'Código de segurança (CVV)');
    await type(user, '123');
    await tabTo(user, /^Pagar/, { role: 'button' });
    await page.keyboard.press('Enter');
    await expectFocusOn(user, 'Validade (MM/AA)', 'after paying with an expired card');
    const expiry = page.getByLabel('Validade (MM/AA)');
    expect(await expiry.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await expiry.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Validade inválida.');
    await page.keyboard.press('ControlOrMeta+a');
    await type(user, '1239');
    await tabTo(user, /^Pagar/, { role: 'button' });
    await followTo(user, /\/pedido\/[0-9a-f-]{36}$/, /^Pedido [0-9A-F]{8}$/);

    // The tickets.
    await tabTo(user, 'Ver meus ingressos', { max: 40 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/detalhes-do-ingresso\/\d+$/);
    await waitForHydration(page);
    // Until the new page draws, focus stays on the link just followed: wait for the heading itself.
    await expectFocusOn(user, /./, 'the ticket details', { role: 'heading' });
    await tabTo(user, 'Meus ingressos', { back: true, max: 40 });
    await followTo(user, /\/meus-ingressos$/, 'Meus ingressos');
    await tabTo(user, /Festival Sons do Cerrado|Mostrar QR code do ingresso/, { max: 30 });
    // The number the issue counted (93 with registration before): reported, not a limit.
    console.log(`keyboard purchase: ${user.tabs} Tab presses from home to My tickets, registration included`);
  }, 240_000);

  it('the seat map: the section jump and the arrows never put a seat under the header; seats say row, number, price, state', async () => {
    const page = await newPage(browser);
    const user = keyboardUser(page);
    await optionalCookiesRejected(page, server.url);
    await open(page, `${server.url}/events/${THEATRE}`);
    await tabTo(user, 'Escolher lugares no mapa', { max: 40 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/eventmap\/.*#section-3$/);
    await waitForHydration(page);
    const map = page.getByRole('group', { name: 'Mapa de lugares' });
    await map.waitFor();
    const seat = await expectFocusOn(
      user,
      /^Plateia, Fila A, Cadeira \d+, R\$\s?[\d.,]+: Disponível$/,
      'after the jump',
    );
    expect(seat.role).toBe('checkbox');
    // Walk rows A and B both ways: every seat stays clear of the sticky header.
    for (const key of [
      'ArrowRight',
      'ArrowRight',
      'ArrowDown',
      'ArrowLeft',
      'ArrowLeft',
      'ArrowUp',
      'ArrowRight',
    ]) {
      await page.keyboard.press(key);
      await expectFocusUsable(page, `seat map after ${key}`);
    }
    await page.keyboard.press('Space');
    const chosen = await focusNow(page);
    expect(chosen?.name).toMatch(/: Escolhido$/);
  }, 120_000);

  it('the pre-sale pop-up: a wrong code is said in a live region, the field marked invalid and focused', async () => {
    const page = await newPage(browser);
    const user = keyboardUser(page);
    await optionalCookiesRejected(page, server.url);
    await open(page, `${server.url}/events/${EXCLUSIVE}`);
    const popup = page.getByRole('dialog', { name: 'Pré-venda exclusiva' });
    await popup.waitFor();
    await expectFocusUsable(page, "'Pré-venda exclusiva' opened");
    await tabTo(user, 'Seis primeiros dígitos do cartão', { max: 6 });
    await type(user, '654321');
    await tabTo(user, 'Validar', { max: 3 });
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Não foi possível validar');
    const field = await expectFocusOn(user, 'Seis primeiros dígitos do cartão', 'after a wrong code');
    expect(field.role).toBe('textbox');
    expect(await popup.getByLabel('Seis primeiros dígitos do cartão').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await tabAround(user, 6, 'Pré-venda exclusiva');
  }, 60_000);

  it('the side menu at 375 px keeps Tab inside and gives focus back to its button on Escape', async () => {
    const page = await newPage(browser, MOBILE);
    const user = keyboardUser(page);
    await optionalCookiesRejected(page, server.url);
    await open(page, server.url);
    await tabTo(user, 'Abrir menu', { max: 30 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    // More presses than the menu has controls: none lands on the page behind.
    await tabAround(user, 12, 'Menu');
    await page.keyboard.press('Escape');
    await expectFocusOn(user, 'Abrir menu', 'after Escape on the side menu');
  }, 60_000);
});

/**
 * The cart timer's warnings with a 70 s hold: 'Você ainda está aí?' opens at once and the final
 * warning 10 s after a renewal (sessionModalFor: warning 62–180 s, final ≤ 60 s).
 */
describe('cart-timer warnings by keyboard (issue 20, WCAG 2.2.1)', () => {
  let browser: Browser;
  let server: TRunningServer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ CART_HOLD_SECONDS: '70' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('say the remaining time, start on the button that renews, and Enter renews', async () => {
    const page = await newPage(browser);
    const user = keyboardUser(page);
    await optionalCookiesRejected(page, server.url);
    await open(page, `${server.url}/events/${FESTIVAL}`);
    await tabTo(user, 'Aumentar Pista — Inteira', { max: 40 });
    await page.keyboard.press('Enter');
    await tabTo(user, 'Adicionar ao carrinho');
    await page.keyboard.press('Enter');

    const still = page.getByRole('dialog', { name: 'Você ainda está aí?' });
    await still.waitFor();
    const described = async (dialog: typeof still) => {
      const ids = ((await dialog.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      return texts.join(' ');
    };
    expect(await described(still)).toMatch(/Seus ingressos ficam reservados por mais 0[01]:\d\d\./);
    const renew = await expectFocusOn(user, /renovar o tempo/i, "'Você ainda está aí?' opened");
    expect(renew.role).toBe('button');
    await tabAround(user, 4, 'Você ainda está aí?');
    await expectFocusOn(user, /renovar o tempo/i, 'back on the renew button');
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Tempo do carrinho renovado.');
    await page.waitForURL('**/carrinho');

    // The final warning: the same, and the buyer can still ask for more time.
    const finalize = page.getByRole('dialog', { name: 'Finalize sua compra' });
    await finalize.waitFor({ timeout: 30_000 });
    expect(await described(finalize)).toMatch(/Seus ingressos ficam reservados por mais (00:\d\d|01:00)\./);
    await expectFocusOn(user, 'Renovar o tempo do carrinho', "'Finalize sua compra' opened");
    await page.keyboard.press('Enter');
    await finalize.waitFor({ state: 'detached' });
    await expectAnnounced(page, 'Tempo do carrinho renovado.');
    await expectFocusUsable(page, 'after renewing from the final warning');
  }, 120_000);
});

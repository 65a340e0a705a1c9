import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { TMyDataExport } from '@ingressos/contracts/privacy';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCpf } from '../apps/api/src/testing/accounts.ts';
import { linkIn, startTestSmtpServer, type TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchBrowser, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/** Data-subject rights at /minha-conta (LGPD art. 18): download, e-mail change, deletion. */

const PASSWORD = 'Segura#2026';

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** Serious and critical accessibility problems axe finds on the page as it is now. */
async function axeProblems(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ${v.nodes[0]?.target}`);
}

async function expectText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** Logs in through the login screen like a person (the captcha is off on this server). */
async function logIn(page: Page, serverUrl: string, email: string) {
  await open(page, `${serverUrl}/login`);
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('E-mail ou CPF').fill(email);
  await form.getByLabel('Senha').fill(PASSWORD);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

describe('data-subject rights at /minha-conta', () => {
  let browser: Browser;
  let smtp: TTestSmtpServer;
  let server: TRunningServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('downloads my data as a JSON file (on a phone)', async () => {
    const page = await newPage(browser, { ...MOBILE, acceptDownloads: true });
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/minha-conta`);
    await page.getByRole('heading', { name: 'Privacidade e dados' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar meus dados (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as TMyDataExport;
    expect(data.account.email).toBe(person.email);
    expect(data.account.document).toBe(person.cpf);
    expect(data.biometry.status).toBe('not_collected');
    expect(data.orders).toEqual([]);
    expect(data.sessions.some((s) => s.current)).toBe(true);
    expect(JSON.stringify(data)).not.toContain('argon2');
    await page.context().close();
  });

  it('changes my e-mail: a notice to the old address, a link to the new one, then login with it', async () => {
    const page = await newPage(browser);
    const person = await verifiedPerson(page, server.url, smtp);
    const newEmail = `nova.${uniqueCpf()}@exemplo.com.br`;
    await open(page, `${server.url}/minha-conta`);
    const form = page.getByRole('form', { name: 'Alterar e-mail' });
    await form.getByLabel('Novo e-mail').fill(newEmail);
    await form.getByLabel('Senha atual').fill('Errada#2026');
    await form.getByRole('button', { name: 'Enviar link de confirmação' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Senha incorreta.');
    await form.getByLabel('Senha atual').fill(PASSWORD);
    await form.getByRole('button', { name: 'Enviar link de confirmação' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toContain(`Enviamos um link de confirmação para ${newEmail}`);

    const notice = await smtp.waitFor(person.email, /alteração de e-mail/);
    expect(notice.text).toContain('Não foi você?');
    const link = linkIn(await smtp.waitFor(newEmail, /Confirme seu novo e-mail/), '/confirmar-email');

    // Following the link opens a page that asks; the button makes the change.
    await open(page, link);
    await page.getByRole('button', { name: 'Confirmar novo e-mail' }).click();
    await expectText(page, 'E-mail alterado com sucesso! Use o novo endereço para entrar.');
    await smtp.waitFor(person.email, /foi alterado/);

    // The same link a second time is refused.
    await open(page, link);
    await page.getByRole('button', { name: 'Confirmar novo e-mail' }).click();
    await expectText(page, /inválido, expirou ou já foi usado/);

    await page.getByRole('button', { name: 'Sair' }).first().click();
    await page.getByRole('link', { name: 'Entrar' }).first().waitFor();
    await logIn(page, server.url, newEmail);
    await page.waitForURL(`${server.url}/`);
    await open(page, `${server.url}/minha-conta`);
    await expectText(page, newEmail);
    await page.context().close();
  });

  it('deletes my account after the password; the login then fails', async () => {
    const page = await newPage(browser);
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/minha-conta`);
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
    await dialog.waitFor();
    await expectText(page, 'Você sairá de todos os dispositivos');
    const password = dialog.getByLabel('Digite sua senha para confirmar');
    await expect.poll(() => password.evaluate((el) => el === document.activeElement)).toBe(true);
    await password.fill('Errada#2026');
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Senha incorreta.');
    expect(await axeProblems(page)).toEqual([]);
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expectText(page, 'Sua conta foi excluída e seus dados pessoais foram anonimizados.');
    await page.waitForURL(`${server.url}/`);
    await smtp.waitFor(person.email, /foi excluída/);

    await logIn(page, server.url, person.email);
    await expectText(page, 'E-mail/CPF ou senha inválidos');
    await page.context().close();
  });
});

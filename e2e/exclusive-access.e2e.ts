import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForHydration } from './support/browser.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/** The demo's exclusive pre-sale and its documented test BIN (README "Demo data"). */
const EXCLUSIVE = 'pre-venda-cooperados-acustico-porto-alegre';
const DEMO_BIN = '123456';

const visible = (page: Page, text: string | RegExp, ms = 10_000) =>
  page.getByText(text).first().waitFor({ state: 'visible', timeout: ms });

describe('exclusive pre-sale pop-up', () => {
  let server: TRunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks for the card digits, refuses a wrong BIN, accepts the right one, then sells the tickets', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/events/${EXCLUSIVE}`);
    await waitForHydration(page);
    const popup = page.getByRole('dialog', { name: 'Pré-venda exclusiva' });
    await popup.waitFor();
    expect(await popup.textContent()).toContain('A venda deste evento é exclusiva para Cartão Cooperativo.');
    const axe = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    const digits = popup.getByLabel('Seis primeiros dígitos do cartão');
    await digits.fill('654321');
    await popup.getByRole('button', { name: 'Validar' }).click();
    await popup.getByText('Não foi possível validar').waitFor();
    expect(await digits.getAttribute('aria-invalid')).toBe('true');
    expect(await popup.textContent()).toContain('Confira o que digitou e tente de novo.');

    // Closing resets it to the first try with the code cleared; the tickets stay locked.
    await popup.getByRole('button', { name: 'Fechar' }).click();
    await popup.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Aumentar Plateia — Inteira' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await visible(page, 'Venda exclusiva: valide seu código de acesso para adicionar estes ingressos.');

    await page.getByRole('button', { name: 'Informar código de acesso' }).click();
    await popup.waitFor();
    expect(await digits.inputValue()).toBe('');
    expect(await popup.textContent()).toContain('A venda deste evento é exclusiva');
    expect(await popup.getByText('Não foi possível validar').count()).toBe(0);

    await digits.fill(DEMO_BIN);
    await popup.getByRole('button', { name: 'Validar' }).click();
    await popup.getByText('Acesso liberado! Você já pode escolher seus ingressos.').waitFor();
    await popup.getByRole('button', { name: 'Escolher ingressos' }).click();
    await popup.waitFor({ state: 'hidden' });
    await visible(page, 'Acesso à pré-venda liberado.');

    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await visible(page, 'Adicionado ao carrinho.');
    await page.goto(`${server.url}/carrinho`);
    await waitForHydration(page);
    await visible(page, 'Plateia — Inteira');

    // The access stays with this browser's cart session: no pop-up on the next visit.
    await page.goto(`${server.url}/events/${EXCLUSIVE}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Aumentar Plateia — Meia-entrada' }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await visible(page, 'Adicionado ao carrinho.');
    expect(await page.locator('dialog').filter({ hasText: 'Pré-venda exclusiva' }).count()).toBe(0);
  }, 60_000);
});

/**
 * Part of `npm run screens` (scripts/screens.ts), and alone with `node scripts/screens/gate.ts`: the
 * gate app (issue 35) at 375 px, into docs/screens/gate-<screen>.png: ready to scan, an entry
 * (green), a refusal (red), offline with a queue, the manual search, the counters. A throwaway
 * server with the cart fixture, the camera fed each QR. Needs `npm run build` first.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { MOBILE } from '../../e2e/support/browser.ts';
import { buyTicket, GATE_AGENT, gateDevice, openGateStage, writeQrClip } from '../../e2e/support/gate.ts';
import { repoRoot } from '../../e2e/support/server.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(OUT, `gate-${name}.png`), fullPage: false });

const stage = await openGateStage('screens-gate', 3);
try {
  const { f, buyers, url, smtp, browser, clip } = stage;
  const [first, second] = await Promise.all(buyers.map((buyer) => buyTicket(url, buyer, f.lotId, f.eventId)));
  const { context } = await gateDevice(browser, url, smtp, GATE_AGENT, MOBILE);
  const page = await context.newPage();
  await page.goto('/console/portaria');
  await page.getByLabel('Nome desta portaria').fill('Portão A');
  await page.getByRole('button', { name: 'Baixar lista do evento' }).click();
  await page.getByRole('status').filter({ hasText: 'Lista baixada' }).waitFor();
  await page.waitForTimeout(800);
  await shoot(page, 'ready');
  const scan = async (text: string) => {
    writeQrClip(clip, text);
    await page.getByRole('button', { name: 'Busca', exact: true }).click();
    await page.getByRole('button', { name: 'Leitor', exact: true }).click();
    await page.getByRole('alert').waitFor({ timeout: 20_000 });
    writeQrClip(clip, null);
  };
  const next = async () => {
    await page.getByRole('button', { name: 'Ler o próximo' }).click();
    await page.getByRole('alert').waitFor({ state: 'detached' });
  };
  await scan(first!.qr);
  await shoot(page, 'green');
  await next();
  await scan(first!.qr);
  await shoot(page, 'red');
  await next();
  await context.setOffline(true);
  await scan(second!.qr);
  await next();
  writeQrClip(clip, null);
  await page.getByRole('button', { name: 'Busca', exact: true }).click();
  await page.getByRole('button', { name: 'Leitor', exact: true }).click();
  await page.waitForTimeout(800);
  await shoot(page, 'offline-queue');
  await page.getByRole('button', { name: 'Busca', exact: true }).click();
  await page.getByLabel('Nome, CPF ou código do pedido').fill(buyers[1]!.name.split(' ')[0]!);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.locator('.gate-found li').first().waitFor();
  await shoot(page, 'search');
  await page.getByRole('button', { name: 'Contagem', exact: true }).click();
  await page.getByText(/^Entradas: \d+ de \d+$/).waitFor();
  await shoot(page, 'counters');
  await context.close();
} finally {
  await stage.close();
}
console.log(`gate screens written to ${OUT}`);

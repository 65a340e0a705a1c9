/**
 * Part of `npm run screens` (scripts/screens.ts), and alone with `node scripts/screens/console.ts`:
 * every screen of the operator's console (issue 33) at 1280 and 375 px, into
 * docs/screens/console-<screen>-<width>.png. A throwaway server with the cart fixture: one paid
 * order of two tickets, one enrolment under manual review, the first administrator invited before
 * the start. Needs `npm run build` first.
 */
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { FACE_A, moveCloserFrames } from '../../apps/api/src/testing/faces.ts';
import { newPage } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { invitationLink, inviteFirstAdmin, STAFF_PASSWORD } from '../../e2e/support/console.ts';
import { repoRoot } from '../../e2e/support/server.ts';
import { closePurchaseStage, openPurchaseStage } from '../../e2e/support/stage.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const ADMIN = 'alice.admin@bilheto.test';

/** The screen as it is, at both widths (full page), back at 1280 after. */
async function shoot(page: Page, name: string) {
  // A modal dialog is shot as the screen shows it (its backdrop covers the viewport, not the page).
  const fullPage = (await page.locator('dialog[open]').count()) === 0;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter(
          (e) =>
            e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.table-wrap, .sidebar'),
        )
        .map((e) => `${e.tagName}.${e.className}`),
    );
    if (wide.length)
      console.log(`${name} at ${width}: wider than the screen: ${wide.slice(0, 5).join(', ')}`);
    // Clipped to the screen's width: the menu's row and wide tables scroll inside their own boxes,
    // and Chromium's full-page size counts their hidden width.
    const height = fullPage ? await page.evaluate(() => document.documentElement.scrollHeight) : undefined;
    await page.screenshot({
      path: path.join(OUT, `console-${name}-${width}.png`),
      fullPage,
      ...(height ? { clip: { x: 0, y: 0, width, height } } : {}),
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const code = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const stage = await openPurchaseStage('screens-console', { BIOMETRY_IMAGE_RETENTION_HOURS: '24' }, (db) =>
  inviteFirstAdmin(db, ADMIN),
);
try {
  const { browser, smtp, server, f } = stage;
  const url = server.url;

  // A buyer with a paid order of two tickets, and one enrolment a person must look at.
  const shop = await newPage(browser);
  const buyer = await verifiedPerson(shop, url, smtp);
  const added = await shop.request.post(`${url}/api/v4/addtocart`, { data: { lotId: f.lotId, quantity: 2 } });
  const { sessionID } = (await added.json()) as { sessionID: string };
  await shop.request.post(`${url}/checkout/v1`, {
    headers: { 'x-session-id': sessionID, 'idempotency-key': `console-screens-${Date.now()}` },
    data: {
      paymentType: 'credit_card',
      card: { token: 'sbx_apro_visa_1111_screensconsole01', installments: 1 },
    },
  });
  const reviewed = await newPage(browser);
  await verifiedPerson(reviewed, url, smtp);
  const { uuid } = (await (
    await reviewed.request.post(`${url}/v1/biometry/startBiometry`, { data: {}, headers: { origin: url } })
  ).json()) as { uuid: string };
  const frames = moveCloserFrames(FACE_A, { frames: 4, to: 1.15 }).map((x) =>
    Buffer.from(x).toString('base64'),
  );
  await reviewed.request.post(`${url}/v1/biometry/create`, {
    data: { uuid, frames },
    headers: { origin: url },
    timeout: 120_000,
  });

  // The administrator: invitation, login, authenticator, recovery codes, home.
  const page = await newPage(browser);
  await page.goto(await invitationLink(smtp, url, ADMIN));
  await heading(page, 'Aceitar convite');
  await shoot(page, 'invitation');
  await page.getByLabel('Nova senha').fill(STAFF_PASSWORD);
  await page.getByLabel('Repita a senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await page.goto(`${url}/console/entrar`);
  await heading(page, 'Entrar no console');
  await page.getByLabel('E-mail').fill(ADMIN);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await shoot(page, 'login');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Configurar o autenticador');
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  await shoot(page, 'totp-enrol');
  const secret = (await page.locator('[data-secret]').getAttribute('data-secret'))!;
  await page.getByLabel('Código de 6 dígitos').fill(await code(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await heading(page, 'Códigos de recuperação');
  await page.getByLabel('Copiei e guardei os códigos').check();
  await shoot(page, 'recovery-codes');
  await page.getByRole('button', { name: 'Continuar para o console' }).click();
  await heading(page, /^Olá/);
  await shoot(page, 'home');

  // The second step of a later login (another browser, stopped at the code).
  const later = await newPage(browser);
  await later.goto(`${url}/console/entrar`);
  await later.getByLabel('E-mail').fill(ADMIN);
  await later.getByLabel('Senha').fill(STAFF_PASSWORD);
  await later.getByRole('button', { name: 'Continuar' }).click();
  await heading(later, 'Verificação em duas etapas');
  await later.getByLabel('Código de 6 dígitos').fill(await code(secret, 1));
  await shoot(later, 'totp-code');
  await later.context().close();

  // Orders: the search, the order, the refund dialog.
  await page.goto(`${url}/console/pedidos?q=${buyer.cpf}`);
  await page.getByRole('table').waitFor();
  await shoot(page, 'orders');
  await page.getByRole('table').getByRole('link').first().click();
  await heading(page, /^Pedido [0-9A-F]{8}$/);
  await page.getByRole('table', { name: 'Ingressos' }).waitFor();
  await shoot(page, 'order');
  await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar' });
  await dialog.getByLabel('Alguns ingressos').check();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Motivo').fill('Comprador não poderá ir; pediu o estorno de um ingresso.');
  await shoot(page, 'refund');
  await dialog.getByRole('button', { name: /^Reembolsar R\$/ }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /Reembolso de/ })
    .waitFor();
  await page.waitForTimeout(1500);
  await page.reload();
  await page.getByRole('table', { name: 'Reembolsos' }).waitFor();
  await shoot(page, 'order-refunded');

  // Biometry: the queue and one review.
  await page.goto(`${url}/console/biometria`);
  await page.getByRole('table').waitFor();
  await shoot(page, 'biometry');
  await page.getByRole('table').getByRole('link').first().click();
  await heading(page, /^Revisão de/);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await shoot(page, 'biometry-review');

  // Staff: the list, the invitation dialog.
  await page.goto(`${url}/console/equipe`);
  await page.getByRole('table').waitFor();
  await page.getByRole('button', { name: 'Convidar' }).click();
  const invite = page.getByRole('dialog', { name: 'Convidar' });
  await invite.getByLabel('Nome').fill('Sérgio Suporte');
  await invite.getByLabel('E-mail').fill('sergio.suporte@bilheto.test');
  await invite.getByLabel('Papel').selectOption('producer');
  await invite.getByLabel('Eventos').fill(String(f.eventId));
  await shoot(page, 'staff-invite');
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await page.getByRole('status').filter({ hasText: 'Convite enviado' }).waitFor();
  await shoot(page, 'staff');

  // Commissioners, settings, audit.
  await page.goto(`${url}/console/comissarios`);
  await page.getByRole('button', { name: 'Novo comissário' }).click();
  const commissioner = page.getByRole('dialog', { name: 'Novo comissário' });
  await commissioner.getByLabel('Nome').fill('Carla Comissária');
  await commissioner.getByLabel('Eventos').fill(String(f.eventId));
  await commissioner.getByRole('button', { name: 'Criar' }).click();
  await page.getByRole('table').waitFor();
  await shoot(page, 'commissioners');
  await page.goto(`${url}/console/configuracoes`);
  await heading(page, 'Configurações');
  await page.getByLabel('Biometria facial', { exact: true }).waitFor();
  await shoot(page, 'settings');
  await page.goto(`${url}/console/auditoria`);
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await shoot(page, 'audit');

  // Events: the list, the cancel dialog of the event with the paid order (one order; one of
  // its two tickets refunded above), then the cancellation's progress (the job refunds the rest).
  await page.goto(`${url}/console/eventos`);
  const sold = page.getByRole('row').filter({ hasText: /1 \/ [12]/ });
  await sold.waitFor();
  await shoot(page, 'events');
  await sold.getByRole('button', { name: /^Cancelar / }).click();
  const cancelling = page.getByRole('dialog');
  await cancelling.getByLabel('Motivo').fill('A atração cancelou a turnê.');
  await cancelling.getByRole('button', { name: 'Cancelar evento' }).click();
  await heading(page, /^Cancelamento: /);
  await page
    .getByText('Concluído', { exact: true })
    .waitFor({ timeout: 60_000 })
    .catch(() => {});
  await shoot(page, 'cancellation');
} finally {
  await closePurchaseStage(stage);
}
console.log(`console screens written to ${OUT}`);

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_A, FACE_C, moveCloserFrames } from '../apps/api/src/testing/faces.ts';
import { MOBILE, newPage } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { VERDICT_MS } from './support/capture.ts';
import {
  acceptInvitation,
  enrolAuthenticator,
  expectHeadingFocused,
  invitationLink,
  inviteFirstAdmin,
  logIn,
  logInWithTotp,
} from './support/console.ts';
import { overflowingElements } from './support/overflow.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/**
 * Issue 33, the operator's console in Chromium, one role after the other on one server: the first
 * administrator (invited before the start, as `npm run staff:invite` does) accepts the e-mailed
 * invitation, sets up the authenticator and invites a support agent and a biometry reviewer; the
 * agent logs in with TOTP, finds a buyer's order by CPF and refunds one of its two tickets (the
 * ticket is voided, the buyer's e-mail arrives); the reviewer approves one enrolment under manual
 * review and rejects another (each buyer's status changes and is e-mailed). TOTP codes are computed
 * from the secret the screen shows (e2e/support/console.ts).
 */

const ADMIN = 'alice.admin@bilheto.test';
const SUPPORT = 'sergio.suporte@bilheto.test';
const REVIEWER = 'rita.revisora@bilheto.test';
const hidden = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** The console's menu link to a section, by keyboard: Tab to it and Enter; the new screen's h1 takes the focus. */
async function openSection(page: Page, name: string, heading: string | RegExp) {
  const link = page
    .getByRole('navigation', { name: 'Seções do console' })
    .getByRole('link', { name, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expectHeadingFocused(page, heading);
}

/** Invites a member of staff from Equipe; the dialog closes and the console says the invitation went. */
async function invite(page: Page, name: string, email: string, role: string) {
  await page.getByRole('button', { name: 'Convidar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Papel').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Convite enviado para ${email}.` })
    .waitFor();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByText('Convidado')
    .waitFor();
}

/** A capture that comes only a little closer: the real local engine sends it to a person (MANUAL_VERIFICATION, 3). */
async function enrolmentUnderReview(page: Page, serverUrl: string, face: string) {
  const origin = { origin: serverUrl };
  const started = await page.request.post(`${serverUrl}/v1/biometry/startBiometry`, {
    data: {},
    headers: origin,
  });
  expect(started.status()).toBe(200);
  const { uuid } = (await started.json()) as { uuid: string };
  const frames = moveCloserFrames(face, { frames: 4, to: 1.15 }).map((f) =>
    Buffer.from(f).toString('base64'),
  );
  const captured = await page.request.post(`${serverUrl}/v1/biometry/create`, {
    data: { uuid, frames },
    headers: origin,
    timeout: VERDICT_MS,
  });
  expect(captured.status()).toBe(200);
  expect(((await captured.json()) as { data: { biometryStatusId: number } }).data.biometryStatusId).toBe(3);
  return uuid;
}

/** An error said aloud inside `scope` (the console's alert regions). */
async function expectAnnouncedError(scope: ReturnType<Page['getByRole']>, text: string) {
  await scope.getByRole('alert').filter({ hasText: text }).waitFor();
}

describe('the operator console: administrator, support and biometry reviewer', { timeout: 240_000 }, () => {
  let stage: TPurchaseStage | undefined;
  let browser: Browser;
  let url: string;
  /** The administrator's authenticator secret, for the later logins. */
  let adminSecret = '';

  beforeAll(async () => {
    // Frames of a capture under review are kept for the reviewer only where a retention is set.
    stage = await openPurchaseStage('console', { BIOMETRY_IMAGE_RETENTION_HOURS: '24' }, (db) =>
      inviteFirstAdmin(db, ADMIN),
    );
    browser = stage.browser;
    url = stage.server.url;
  });
  afterAll(() => closePurchaseStage(stage));

  it('the first administrator accepts the invitation, sets up TOTP and invites a support agent and a reviewer', async () => {
    const { smtp } = stage!;
    const page = await newPage(browser);
    await acceptInvitation(page, await invitationLink(smtp, url, ADMIN));
    await page.getByRole('link', { name: 'Entrar' }).click();
    await logIn(page, url, ADMIN);
    adminSecret = (await enrolAuthenticator(page)).secret;
    await expectHeadingFocused(page, 'Olá, Alice Administradora');
    // The administrator's home links every section.
    for (const section of ['Pedidos', 'Biometria', 'Equipe', 'Auditoria', 'Configurações']) {
      await page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`^${section}`) })
        .waitFor();
    }
    await openSection(page, 'Equipe', 'Equipe');
    await invite(page, 'Sérgio Suporte', SUPPORT, 'Atendimento');
    await invite(page, 'Rita Revisora', REVIEWER, 'Revisão de biometria');
    // Every step is in the audit log.
    await openSection(page, 'Auditoria', 'Auditoria');
    const log = page.getByRole('table', { name: 'Ações da equipe, mais recentes primeiro' });
    await log.getByRole('row').filter({ hasText: SUPPORT }).first().waitFor();
    // English beside Portuguese, chosen like the storefront's language (its switch and `lang` cookie).
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'EN' }).click();
    await expectHeadingFocused(page, 'Audit log');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'PT' }).click();
    await expectHeadingFocused(page, 'Auditoria');
    await page.context().close();
  });

  it('a support agent logs in with TOTP, finds the order by CPF and refunds one of its two tickets', async () => {
    const { smtp, f } = stage!;
    // The buyer pays two tickets through the API (the checkout journeys cover its screens).
    const shop = await newPage(browser);
    const buyer = await verifiedPerson(shop, url, smtp);
    const added = await shop.request.post(`${url}/api/v4/addtocart`, {
      data: { lotId: f.lotId, quantity: 2 },
    });
    expect(added.status()).toBe(200);
    const { sessionID } = (await added.json()) as { sessionID: string };
    const paid = await shop.request.post(`${url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': `console-e2e-${Date.now()}` },
      data: {
        paymentType: 'credit_card',
        card: { token: 'sbx_apro_visa_1111_e2econsole000001', installments: 1 },
      },
    });
    const order = (await paid.json()) as { orderStatus: number; orderId: string };
    expect(order, JSON.stringify(order)).toMatchObject({ orderStatus: 3 });

    // The agent's first login sets up the authenticator; the next one asks its code.
    const page = await newPage(browser);
    await acceptInvitation(page, await invitationLink(smtp, url, SUPPORT));
    await logIn(page, url, SUPPORT);
    const { secret } = await enrolAuthenticator(page);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expectHeadingFocused(page, 'Entrar no console');
    await logInWithTotp(page, url, SUPPORT, secret);
    await expectHeadingFocused(page, 'Olá, Sérgio Suporte');
    // Support sees what support may use, and not the administrator's sections.
    const menu = page.getByRole('navigation', { name: 'Seções do console' });
    expect(await menu.getByRole('link', { name: 'Equipe' }).count()).toBe(0);

    await openSection(page, 'Pedidos', 'Pedidos');
    await page.getByLabel('Buscar pedido').fill(buyer.cpf);
    await page.keyboard.press('Enter');
    const results = page.getByRole('table', { name: `Resultados para “${buyer.cpf}”` });
    const row = results.getByRole('row').filter({ hasText: hidden(buyer.cpf) });
    await row.waitFor();
    // The buyer's CPF is masked in the results (only the search box holds it whole).
    expect(await results.locator('tbody').getByText(buyer.cpf).count()).toBe(0);
    await row.getByRole('link').click();
    const code = order.orderId.slice(0, 8).toUpperCase();
    await expectHeadingFocused(page, `Pedido ${code}`);
    const tickets = page.getByRole('table', { name: 'Ingressos' });
    await expect.poll(() => tickets.getByText('Válido').count()).toBe(2);

    await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reembolsar' });
    await dialog.getByLabel('Alguns ingressos').check();
    await dialog.getByRole('group', { name: 'Ingressos a reembolsar' }).getByRole('checkbox').first().check();
    // The confirmation says the amount of the one ticket, less than the whole order's.
    const confirm = dialog.getByRole('button', { name: /^Reembolsar R\$/ });
    // Amounts as Intl writes them (a no-break space after R$), compared as plain text.
    const oneTicket = (await confirm.textContent())!.replace(/\s/g, ' ');
    const whole = (await dialog.getByText(/O pedido inteiro/).textContent())!.replace(/\s/g, ' ');
    expect(oneTicket.replace('Reembolsar ', '')).not.toBe(whole.match(/\((.+)\)/)![1]);
    await confirm.click();
    await expectAnnouncedError(dialog, 'Escreva o motivo (pelo menos 3 letras).');
    await dialog.getByLabel('Motivo').fill('Comprador não poderá ir; pediu o estorno de um ingresso.');
    await confirm.click();
    await page
      .getByRole('status')
      .filter({ hasText: /Reembolso de R\$\s.+ pedido/ })
      .waitFor();
    // The ticket is void (the gate refuses it), the other stays valid, and the buyer is told.
    await expect.poll(() => tickets.getByText('Invalidado').count()).toBe(1);
    expect(await tickets.getByText('Válido').count()).toBe(1);
    const mail = await smtp.waitFor(buyer.email, new RegExp(`Estorno do pedido ${code}`));
    expect(mail.text.replace(/\s/g, ' ')).toContain(oneTicket.replace('Reembolsar ', ''));
    // The gateway stand-in confirms the partial refund: the payments table shows it given back.
    await expect
      .poll(
        async () => {
          await page.reload();
          // The console reads the order after the page loads: count once its refunds are shown.
          const refunds = page.getByRole('table', { name: 'Reembolsos' });
          await refunds.getByRole('row').nth(1).waitFor();
          return refunds.getByText('Concluído').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    await shop.context().close();
    await page.context().close();
  });

  it('a reviewer approves one enrolment under manual review and rejects another', async () => {
    const { smtp } = stage!;
    const buyers = [];
    for (const face of [FACE_A, FACE_C]) {
      const shop = await newPage(browser);
      const person = await verifiedPerson(shop, url, smtp);
      await enrolmentUnderReview(shop, url, face);
      buyers.push({ person, shop });
    }
    const page = await newPage(browser, MOBILE);
    await acceptInvitation(page, await invitationLink(smtp, url, REVIEWER));
    await logIn(page, url, REVIEWER);
    await enrolAuthenticator(page);
    await openSection(page, 'Biometria', 'Biometria');
    const queue = page.getByRole('table', { name: /Fila de revisão/ });
    // Oldest first: the first buyer's enrolment heads the queue (both buyers are 'Ana Maria Silva').
    const decide = async (button: 'Aprovar' | 'Reprovar', reason: string) => {
      const first = queue.getByRole('row').nth(1);
      const name = (await first.getByRole('link').textContent())!;
      await first.getByRole('link').click();
      await expectHeadingFocused(page, `Revisão de ${name}`);
      // The frames load (served only to this role) and the engine's reason is said.
      const frame = page.getByRole('img', { name: /Imagem 1 de \d+ da captura/ });
      await expect
        .poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await page.getByText('Semelhança no limite: uma verificação passou por pouco').waitFor();
      expect(await overflowingElements(page)).toEqual([]);
      await page.getByLabel('Motivo').fill(reason);
      await page.getByRole('button', { name: button }).click();
      await expectHeadingFocused(page, 'Biometria');
    };
    await expect.poll(() => queue.getByRole('row').count()).toBe(3);
    await decide('Aprovar', 'Rosto confere com as capturas.');
    await page.getByRole('status').filter({ hasText: 'Cadastro aprovado.' }).waitFor();
    await decide('Reprovar', 'As capturas não mostram a mesma pessoa.');
    await page.getByRole('status').filter({ hasText: 'Cadastro reprovado.' }).waitFor();
    await page.getByText('Nenhum cadastro esperando revisão.').waitFor();
    await smtp.waitFor(buyers[0]!.person.email, /Sua biometria facial foi aprovada/);
    await smtp.waitFor(buyers[1]!.person.email, /Não conseguimos aprovar sua biometria facial/);
    // The buyers' status cards follow.
    await buyers[0]!.shop.goto(`${url}/minha-conta`);
    await buyers[0]!.shop.getByText('Biometria cadastrada com sucesso!').waitFor();
    for (const { shop } of buyers) await shop.context().close();
    await page.context().close();
  });
  it('the administrator cancels the event from Eventos: every paid order refunded, its buyer told, the event cancelled', async () => {
    const { smtp, f } = stage!;
    // Two more buyers pay; the support agent's order (one ticket left) is paid too.
    const buyers = [];
    for (const n of [1, 2]) {
      const shop = await newPage(browser);
      const person = await verifiedPerson(shop, url, smtp);
      const added = await shop.request.post(`${url}/api/v4/addtocart`, {
        data: { lotId: f.lotId, quantity: 1 },
      });
      const { sessionID } = (await added.json()) as { sessionID: string };
      const paid = await shop.request.post(`${url}/checkout/v1`, {
        headers: { 'x-session-id': sessionID, 'idempotency-key': `console-cancel-${n}-${Date.now()}` },
        data: {
          paymentType: 'credit_card',
          card: { token: `sbx_apro_visa_1111_e2ecancel000000${n}`, installments: 1 },
        },
      });
      const order = (await paid.json()) as { orderStatus: number; orderId: string };
      expect(order, JSON.stringify(order)).toMatchObject({ orderStatus: 3 });
      buyers.push({ person, code: order.orderId.slice(0, 8).toUpperCase() });
      await shop.context().close();
    }

    const page = await newPage(browser);
    await logInWithTotp(page, url, ADMIN, adminSecret);
    await openSection(page, 'Eventos', 'Eventos');
    const row = page.getByRole('row').filter({ hasText: `#${f.eventId}` });
    await row.getByText('À venda').waitFor();
    const [orders] = (await row.getByText(/^\d+ \/ \d+$/).textContent())!.split(' / ');
    expect(Number(orders)).toBe(3);
    await row.getByRole('button', { name: /^Cancelar / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo').fill('A atração cancelou a turnê.');
    await dialog.getByRole('button', { name: 'Cancelar evento' }).click();
    await expectHeadingFocused(page, /^Cancelamento: /);
    // The job refunds every paid order in the background; the screen follows it.
    await page.getByText('3 de 3 reembolsados').waitFor({ timeout: 60_000 });
    await page.getByText('Concluído', { exact: true }).waitFor({ timeout: 30_000 });
    for (const { person, code } of buyers)
      await smtp.waitFor(person.email, new RegExp(`Evento cancelado: estorno do pedido ${code}`));
    await openSection(page, 'Eventos', 'Eventos');
    await row.getByText('Cancelado', { exact: true }).waitFor();
    await page.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../apps/api/src/db/orm.ts';
import { eventTickets, ticketLots } from '../apps/api/src/db/schema/index.ts';
import { FACE_A, FACE_B, moveCloserFrames } from '../apps/api/src/testing/faces.ts';
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
  const link = page.getByRole('navigation', { name: 'Seções do console' }).getByRole('link', { name });
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
  await page.getByRole('status').filter({ hasText: `Convite enviado para ${email}.` }).waitFor();
  await page.getByRole('row', { name: new RegExp(name) }).getByText('Convidado').waitFor();
}

/** A buyer whose face capture came only a little closer: the local engine sends it to a person. */
async function enrolmentUnderReview(page: Page, serverUrl: string, face: string) {
  const origin = { origin: serverUrl };
  const started = await page.request.post(`${serverUrl}/v1/biometry/startBiometry`, { data: {}, headers: origin });
  expect(started.status()).toBe(200);
  const { uuid } = (await started.json()) as { uuid: string };
  const frames = moveCloserFrames(face, { frames: 4, to: 1.15 }).map((f) => Buffer.from(f).toString('base64'));
  const captured = await page.request.post(`${serverUrl}/v1/biometry/create`, {
    data: { uuid, frames },
    headers: origin,
    timeout: VERDICT_MS,
  });
  expect(captured.status()).toBe(200);
  return uuid;
}

describe('the operator console: administrator, support and biometry reviewer', { timeout: 240_000 }, () => {
  let stage: TPurchaseStage | undefined;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    stage = await openPurchaseStage('console', {}, async (db, f) => {
      // Two tickets per CPF: one order with two tickets, one of them refunded.
      const [lot] = await db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
      await db.update(eventTickets).set({ ticketsPerCpf: 4 }).where(eq(eventTickets.id, lot!.ticketId));
      await inviteFirstAdmin(db, ADMIN);
    });
    browser = stage.browser;
    url = stage.server.url;
  });
  afterAll(() => closePurchaseStage(stage));

  it('the first administrator accepts the invitation, sets up TOTP and invites a support agent and a reviewer', async () => {
    const { smtp } = stage!;
    const page = await newPage(browser);
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __log: string[] }).__log = log;
      document.addEventListener('focusin', (e) => log.push(`in ${(e.target as Element).outerHTML.slice(0, 40)} ${location.pathname}`));
      document.addEventListener('focusout', (e) => log.push(`out ${(e.target as Element).outerHTML.slice(0, 40)}`));
    });
    await acceptInvitation(page, await invitationLink(smtp, url, ADMIN));
    await page.getByRole('link', { name: 'Entrar' }).click();
    await logIn(page, url, ADMIN);
    await enrolAuthenticator(page);
    await expectHeadingFocused(page, 'Olá, Alice Administradora');
    // The administrator's home links every section.
    for (const section of ['Pedidos', 'Biometria', 'Equipe', 'Auditoria', 'Configurações']) {
      await page.getByRole('main').getByRole('link', { name: new RegExp(`^${section}`) }).waitFor();
    }
    await openSection(page, 'Equipe', 'Equipe');
    await invite(page, 'Sérgio Suporte', SUPPORT, 'Atendimento');
    await invite(page, 'Rita Revisora', REVIEWER, 'Revisão de biometria');
    // Every step is in the audit log.
    await openSection(page, 'Auditoria', 'Auditoria');
    const log = page.getByRole('table', { name: 'Ações da equipe, mais recentes primeiro' });
    await log.getByRole('row').filter({ hasText: SUPPORT }).first().waitFor();
    await page.context().close();
  });
});

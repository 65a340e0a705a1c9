import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { TDb } from '../../apps/api/src/db/client.ts';
import { inviteStaff } from '../../apps/api/src/modules/staff/invite-staff.ts';
import type { TStaffRole } from '../../apps/api/src/modules/staff/roles.ts';
import type { TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';

/**
 * Issue 33, the operator's console in a browser: the steps the console journeys (e2e/console*.e2e.ts)
 * and its screenshots (scripts/screens/console.ts) share. Codes of the authenticator are computed
 * here from the secret the enrolment screen shows, with otplib, the library the API checks them with.
 */

export const STAFF_PASSWORD = 'Console#2026-seguro';

/**
 * The first administrator, invited before the server starts the way `npm run staff:invite` and the
 * demo do (the same use-case, by nobody): the invitation e-mail waits in the outbox, and the
 * server sends it to the test SMTP once it runs.
 */
export async function inviteFirstAdmin(db: TDb, email: string, name = 'Alice Administradora') {
  await inviteStaff(
    { db, config: loadConfig(), outbox: { nudge() {} } },
    {
      by: null,
      input: { email, name, role: 'admin' satisfies TStaffRole, eventIds: [] },
      request: { ip: '127.0.0.1', requestId: null },
      locale: 'pt-BR',
    },
  );
}

/** The console's invitation link of the e-mail sent to `email`, on this server (the token is what counts). */
export async function invitationLink(smtp: TTestSmtpServer, serverUrl: string, email: string) {
  const mail = await smtp.waitFor(email, /console/i);
  const token = mail.text.match(/\/console\/convite\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.text}`);
  return `${serverUrl}/console/convite?token=${token}`;
}

/** The code the authenticator app shows `steps` periods from now (each code works once: a later step for a second login). */
export async function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Waits for the screen's one h1 to hold the focus (the console moves it there after each navigation). */
export async function expectHeadingFocused(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name });
  await heading.waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80)))
    .toMatch(/^<h1/)
    .catch(async (e) => {
      console.log('DEBUG', await page.evaluate(() => (window as unknown as { __log: string[] }).__log));
      throw e;
    });
}

/** Sets the password on the invitation page; the console says the account is active. */
export async function acceptInvitation(page: Page, link: string, password = STAFF_PASSWORD) {
  await page.goto(link);
  await expectHeadingFocused(page, 'Aceitar convite');
  await page.getByLabel('Nova senha').fill(password);
  await page.getByLabel('Repita a senha').fill(password);
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await page.getByRole('heading', { name: 'Senha criada' }).waitFor();
}

export async function logIn(page: Page, serverUrl: string, email: string, password = STAFF_PASSWORD) {
  await page.goto(`${serverUrl}/console/entrar`);
  await expectHeadingFocused(page, 'Entrar no console');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * The first login's second half: reads the secret on screen, confirms with the app's code, and
 * keeps the 10 recovery codes shown once. Returns the secret and the codes.
 */
export async function enrolAuthenticator(page: Page) {
  await expectHeadingFocused(page, 'Configurar o autenticador');
  await page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
  const secret = (await page.locator('[data-secret]').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Código de 6 dígitos').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expectHeadingFocused(page, 'Códigos de recuperação');
  const codes = await page
    .getByRole('list', { name: 'Códigos de recuperação' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  const onward = page.getByRole('button', { name: 'Continuar para o console' });
  expect(await onward.isDisabled()).toBe(true);
  await page.getByLabel('Copiei e guardei os códigos').check();
  await onward.click();
  return { secret, recoveryCodes: codes };
}

/** The later logins: e-mail and password, then the authenticator's code (of the next step: each works once). */
export async function logInWithTotp(page: Page, serverUrl: string, email: string, secret: string) {
  await logIn(page, serverUrl, email);
  await expectHeadingFocused(page, 'Verificação em duas etapas');
  await page.getByLabel('Código de 6 dígitos').fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Entrar' }).click();
}

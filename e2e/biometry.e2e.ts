import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../apps/api/src/testing/accounts.ts';
import { makeFaceClip } from '../apps/api/src/testing/face-clips.ts';
import { FACE_A, FACE_B, FACE_C } from '../apps/api/src/testing/faces.ts';
import type { TTestSmtpServer } from '../apps/api/src/testing/smtp-server.ts';
import { launchCameraBrowser, MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import { captureNow, expectText, openCamera, VERDICT_MS } from './support/capture.ts';
import type { TRunningServer } from './support/server.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/**
 * Facial biometry in Chromium with a fake camera (issue 16): enrolment by webcam to ACTIVE, the
 * same face on a second account, no face and two faces refused, the phone enrolment through the
 * modal's QR token, and deleting my biometry. The server runs the real local face engine.
 * Chromium plays each clip in a loop from the moment the camera opens (e2e/support/capture.ts).
 */

const SHOTS = '/tmp/bio-shots';

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

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// Each capture is checked by the face model on the server (about 3 s on an idle 2-core machine, several
// times that beside the other journeys): the journeys' limit is that work's, not a speed target.
describe('facial biometry journeys', { timeout: 180_000 }, () => {
  let smtp: TTestSmtpServer;
  let server: TRunningServer;
  const browsers: Browser[] = [];
  const launch = async (clip: string) => {
    const browser = await launchCameraBrowser(clip);
    browsers.push(browser);
    return browser;
  };
  let faceA: Browser;
  let firstEmail = '';

  let stage: TPurchaseStage | undefined;

  beforeAll(async () => {
    // The purchase stage (the cart fixture's event) for the received-transfer pop-up's case.
    stage = await openPurchaseStage('biometry', {
      BIOMETRY_FACIAL_GLOBAL: 'true',
      BIOMETRY_REQUIRED_ON_LOGIN: 'true',
      BIOMETRY_MAX_ATTEMPTS: '5',
    });
    ({ server, smtp } = stage);
    faceA = await launch(makeFaceClip({ kind: 'face', face: FACE_A }));
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await closePurchaseStage(stage);
  });

  it('enrols by webcam to ACTIVE, then goes on to my account by itself', async () => {
    const page = await newPage(faceA, { permissions: ['camera'] });
    const person = await verifiedPerson(page, server.url, smtp);
    firstEmail = person.email;
    await open(page, `${server.url}/reconhecimento-facial`);
    // Consent first: the camera is not asked for before it.
    expect(await page.locator('video').count()).toBe(0);
    await expectText(page, /LGPD, art\. 11/);
    await shot(page, 'consent-1280');
    await openCamera(page);
    await expectText(page, 'Procure um lugar bem iluminado');
    await shot(page, 'capture-1280');
    expect(await axeProblems(page)).toEqual([]);
    await captureNow(page, 'Iniciar captura');
    await expectText(page, 'Agora aproxime o rosto da câmera devagar');
    await shot(page, 'capturing-1280');
    await expectText(page, 'Biometria cadastrada com sucesso!', VERDICT_MS);
    await shot(page, 'active-1280');
    // The camera is off once the verdict is in.
    expect(await page.locator('video').count()).toBe(0);
    await page.waitForURL(/\/minha-conta$/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Biometria facial' }).waitFor();
    await expectText(page, 'Biometria cadastrada com sucesso!');
    await shot(page, 'account-1280');
    await page.context().close();
  });

  it('says clearly when the camera is not allowed, and asks again', async () => {
    const page = await newPage(faceA);
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/reconhecimento-facial`);
    await page.getByRole('button', { name: 'Concordo e quero continuar' }).click();
    await expectText(page, /Não temos permissão para usar a câmera/);
    await page.context().grantPermissions(['camera']);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByRole('button', { name: 'Iniciar captura' }).waitFor();
    await page.context().close();
  });

  it("refuses the same face on a second account: 'Ops! Já vimos esse rosto por aqui'", async () => {
    expect(firstEmail).not.toBe('');
    const page = await newPage(faceA, { permissions: ['camera'] });
    await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/reconhecimento-facial`);
    await openCamera(page);
    await captureNow(page, 'Iniciar captura');
    await expectText(page, 'Ops! Já vimos esse rosto por aqui', VERDICT_MS);
    await page.getByRole('link', { name: 'Falar com um atendente' }).waitFor();
    await page.context().close();
  });

  it('refuses a capture with no face, then two faces, with the messages and a retry, up to BLOCKED (on a phone)', async () => {
    const empty = await launch(makeFaceClip({ kind: 'no_face' }));
    const page = await newPage(empty, { ...MOBILE, permissions: ['camera'] });
    const person = await verifiedPerson(page, server.url, smtp);
    await open(page, `${server.url}/reconhecimento-facial`);
    await openCamera(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'capture-375');
    await page.getByRole('button', { name: 'Iniciar captura' }).click();
    await expectText(page, /não encontramos um rosto/, VERDICT_MS);
    await expectText(page, 'Restam 4 tentativas.');
    await page.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    await shot(page, 'refused-375');
    const cookies = await page.context().cookies();
    await page.context().close();

    // The same account on a camera that sees two people.
    const pair = await launch(makeFaceClip({ kind: 'two_faces', face: FACE_B, other: FACE_C }));
    const second = await newPage(pair, { ...MOBILE, permissions: ['camera'] });
    await second.context().addCookies(cookies);
    await open(second, `${server.url}/reconhecimento-facial`);
    await openCamera(second);
    await second.getByRole('button', { name: 'Iniciar captura' }).click();
    await expectText(second, /há mais de um rosto na imagem/, VERDICT_MS);
    await expectText(second, 'Restam 3 tentativas.');
    // The modal on a phone: no QR code, the button to the capture page.
    await open(second, `${server.url}/`);
    const modal = second.getByRole('dialog', { name: 'Mais seguranca para sua conta!' });
    await modal.waitFor();
    expect(await modal.getByRole('img').count()).toBe(0);
    await modal.getByRole('link', { name: 'Cadastrar biometria' }).waitFor();
    await shot(second, 'modal-375');
    expect(person.email).toContain('@');

    // 'Agora não' keeps it away for 12 hours (its cookie): the next page does not even ask.
    await modal.getByRole('button', { name: 'Agora não' }).click();
    await modal.waitFor({ state: 'hidden' });
    const dismissed = (await second.context().cookies()).find((c) => c.name === 'bio_modal_dismissed');
    expect(dismissed?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 12 * 3600 - 60);
    expect(dismissed?.expires ?? 0).toBeLessThan(Date.now() / 1000 + 12 * 3600 + 60);
    const asked: string[] = [];
    second.on('request', (request) => {
      if (request.url().includes('/v1/biometry/')) asked.push(request.url());
    });
    // The home page, where the modal showed a moment ago: no lookup at all, no modal.
    await second.goto(`${server.url}/`);
    await waitForHydration(second);
    await second.waitForLoadState('networkidle');
    expect(asked).toHaveLength(0);
    expect(await second.getByRole('dialog', { name: 'Mais seguranca para sua conta!' }).count()).toBe(0);
    await second.goto(`${server.url}/minha-conta`);
    await waitForHydration(second);
    await second.getByRole('heading', { name: 'Biometria facial' }).waitFor();
    await second.waitForLoadState('networkidle');
    // Only the account page's own status lookup (the modal never shows there), and no modal.
    expect(asked).toHaveLength(1);
    expect(await second.getByRole('dialog', { name: 'Mais seguranca para sua conta!' }).count()).toBe(0);
    await expectText(second, 'Cadastro de biometria pendente');
    const kept = await second.context().cookies();
    await second.context().close();

    // Three more refused captures reach the limit (5 on this server): BLOCKED, code LR0001.
    const last = await newPage(pair, { ...MOBILE, permissions: ['camera'] });
    await last.context().addCookies(kept);
    await open(last, `${server.url}/reconhecimento-facial`);
    await openCamera(last);
    await last.getByRole('button', { name: 'Iniciar captura' }).click();
    await expectText(last, 'Restam 2 tentativas.', VERDICT_MS);
    await last.getByRole('button', { name: 'Tentar novamente' }).click();
    await expectText(last, 'Resta 1 tentativa.', VERDICT_MS);
    await last.getByRole('button', { name: 'Tentar novamente' }).click();
    await expectText(last, 'Código LR0001', VERDICT_MS);
    await expectText(last, /Entre em contato com o suporte e informe o código LR0001/);
    expect(await last.locator('video').count()).toBe(0);
    // Coming back shows the same, with no camera.
    await open(last, `${server.url}/reconhecimento-facial`);
    await expectText(last, 'Código LR0001');
    expect(await last.getByRole('button', { name: 'Concordo e quero continuar' }).count()).toBe(0);
    await last.context().close();
  });

  it('enrols on a phone through the QR code of the modal; the computer then shows ACTIVE', async () => {
    const desk = await newPage(faceA);
    await verifiedPerson(desk, server.url, smtp);
    await open(desk, `${server.url}/`);
    const modal = desk.getByRole('dialog', { name: 'Mais seguranca para sua conta!' });
    await modal.waitFor();
    await modal.getByRole('img', { name: 'QR code para continuar o cadastro no celular' }).waitFor();
    await modal.getByRole('link', { name: 'Cadastrar pela webcam deste computador' }).waitFor();
    const url = await desk.getByTestId('biometry-token-url').inputValue();
    expect(url).toMatch(/\/reconhecimento-facial\?uuid=[0-9a-f-]{36}&token=/);
    await shot(desk, 'modal-1280');
    expect(await axeProblems(desk)).toEqual([]);

    // The phone: another browser, no session, its own camera and another face.
    const phoneBrowser = await launch(makeFaceClip({ kind: 'face', face: FACE_C }));
    const phone = await newPage(phoneBrowser, { ...MOBILE, permissions: ['camera'] });
    // The computer follows the enrolment: its card shows for 2 s once the phone has finished.
    const deskSawActive = modal
      .getByText('Biometria cadastrada com sucesso!')
      .waitFor({ timeout: VERDICT_MS + 15_000 });
    await open(phone, url);
    expect(await phone.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'sid' }));
    await expectText(phone, 'Cadastro pelo celular');
    await openCamera(phone);
    await captureNow(phone, 'Iniciar captura');
    await expectText(phone, 'Biometria cadastrada com sucesso!', VERDICT_MS);
    await expectText(phone, 'Pronto! Você pode voltar ao computador.');

    // The computer showed the verdict, then the modal closed by itself.
    await deskSawActive;
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });

    // The link worked once.
    await open(phone, url);
    await expectText(phone, /expirou ou já foi usado/);
    await phone.context().close();
    await desk.context().close();
  });

  it('deletes my biometry from /minha-conta after a confirmation', async () => {
    const page = await newPage(faceA);
    await open(page, `${server.url}/login`);
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('E-mail ou CPF').fill(firstEmail);
    await form.getByLabel('Senha').fill(PASSWORD);
    await form.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await open(page, `${server.url}/minha-conta`);
    await expectText(page, 'Biometria cadastrada com sucesso!');
    await page.getByRole('button', { name: 'Excluir minha biometria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir sua biometria facial?' });
    await dialog.getByRole('button', { name: 'Excluir biometria' }).click();
    await expectText(page, 'Sua biometria facial foi excluída.');
    await expectText(page, 'Você não tem biometria facial cadastrada.');
    expect(await page.getByRole('button', { name: 'Excluir minha biometria' }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps the received-transfer pop-up waiting while the biometry modal is open', async () => {
    const browser = stage!.browser;
    const f = stage!.f;
    // A buys a ticket through the API and sends it to B (the transfer journey covers the screens).
    const a = await newPage(browser);
    await verifiedPerson(a, server.url, smtp);
    const added = await a.request.post(`${server.url}/api/v4/addtocart`, {
      data: { lotId: f.lotId, quantity: 1 },
    });
    const { sessionID } = (await added.json()) as { sessionID: string };
    const paid = await a.request.post(`${server.url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': `biometry-e2e-${Date.now()}` },
      data: {
        paymentType: 'credit_card',
        card: { token: 'sbx_apro_visa_1111_e2ebiometry00001', installments: 1 },
      },
    });
    expect(((await paid.json()) as { orderStatus: number }).orderStatus).toBe(3);
    const sender = await a.request.post(`${server.url}/api/transferTicket/createUserNotification`, {
      data: {},
    });
    expect(sender.status()).toBe(200);
    const b = await newPage(browser);
    const receiver = await verifiedPerson(b, server.url, smtp);
    // verifiedPerson's e-mails are A's too: the code is in the newest transfer-code mail to A.
    const mine = (await (await a.request.get(`${server.url}/api/tickets/mine`)).json()) as {
      upcoming: { tickets: { id: string }[] }[];
    };
    const ticketId = mine.upcoming[0]!.tickets[0]!.id;
    const aEmail = (await (await a.request.get(`${server.url}/api/v2/authentication`)).json()) as {
      user: { email: string };
    };
    const codeMail = await smtp.waitFor(aEmail.user.email, /Código para transferir ingressos/);
    const code = codeMail.text.match(/\b(\d{6})\b/)![1]!;
    const checked = await a.request.post(`${server.url}/api/validateTransferCode`, { data: { code } });
    expect(checked.status()).toBe(200);
    const sent = await a.request.post(`${server.url}/api/transferTicket/addTicketTransfer`, {
      data: { ticketId, destinationCpf: receiver.cpf },
    });
    expect(sent.status()).toBe(201);
    await a.context().close();

    // B on the home page: the biometry modal first; the transfer pop-up only after it closes.
    await open(b, `${server.url}/`);
    const modal = b.getByRole('dialog', { name: 'Mais seguranca para sua conta!' });
    await modal.waitFor();
    const transfer = b.getByRole('dialog', { name: 'Você recebeu um ingresso!' });
    // Everything the page loads has loaded (the transfer count came with it): still no transfer pop-up.
    await b.waitForLoadState('networkidle');
    expect(await transfer.isVisible()).toBe(false);
    await modal.getByRole('button', { name: 'Agora não' }).click();
    await transfer.waitFor({ timeout: 15_000 });
    await b.context().close();
  });
});

import { hideCpf } from '@ingressos/domain/cpf';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser.ts';
import {
  GATE_ADMIN as ADMIN,
  buyTicket,
  GATE_AGENT as GATE,
  gateDevice,
  openGateStage,
  type TBuyer,
  type TGateStage,
  writeQrClip,
} from './support/gate.ts';
import { seriousA11yProblems } from './support/producer.ts';

/**
 * Issue 35, the gate app in Chromium with a fake camera fed each ticket's QR: online, a valid entry,
 * the same ticket refused as already used, a transferred (older QR version), a refunded and another
 * event's ticket refused, and a seat of a section this gate does not admit; with the network cut, the same answers from the device's own list and a
 * queue; a second device that let the same ticket in offline syncs after the first, the server
 * keeps one check-in and the console lists the duplicate. One server, one browser.
 */

describe('the gate app: scan, refuse, offline, sync, duplicates', { timeout: 240_000 }, () => {
  let stage: TGateStage | undefined;
  let key: TGateStage['key'];
  let clip = '';
  let f: TGateStage['f'];
  let buyers: TBuyer[] = [];
  let smtp: TGateStage['smtp'];
  let browser: Browser;
  let url: string;
  const qr: Record<'valid' | 'moved' | 'refunded' | 'other' | 'late' | 'seat', string> = {
    seat: '',
    valid: '',
    moved: '',
    refunded: '',
    other: '',
    late: '',
  };
  let one: BrowserContext;
  let phone: Page;
  let secret = '';
  /** The administrator's session (API), kept for the duplicates screen. */
  let staff: BrowserContext;

  beforeAll(async () => {
    const started = performance.now();
    stage = await openGateStage('gate', 6);
    ({ f, buyers, browser, url, smtp, clip, key } = stage);
    const [valid, moved, refunded, late, other, seat] = await Promise.all([
      buyTicket(url, buyers[0]!, f.lotId, f.eventId),
      buyTicket(url, buyers[1]!, f.lotId, f.eventId),
      buyTicket(url, buyers[2]!, f.lotId, f.eventId),
      buyTicket(url, buyers[3]!, f.lotId, f.eventId),
      buyTicket(url, buyers[4]!, f.otherEventLotId, f.otherEventId),
      buyTicket(url, buyers[5]!, f.seatLotId, f.eventId, f.seatIds[0]),
    ]);
    // A transferred ticket's old QR: the same ticket signed at a version below its current one.
    const claims = await key.signer.verify(moved.qr);
    Object.assign(qr, {
      valid: valid.qr,
      moved: await key.signer.sign({ ...claims, v: (claims.v ?? 1) - 1 }),
      refunded: refunded.qr,
      other: other.qr,
      late: late.qr,
      seat: seat.qr,
    });
    const device = await gateDevice(browser, url, smtp, ADMIN, { viewport: { width: 1280, height: 900 } });
    const refund = await device.context.request.post(`/api/staff/orders/${refunded.orderId}/refunds`, {
      data: { reason: 'Pedido do comprador' },
      headers: { origin: url },
    });
    expect(refund.status(), await refund.text()).toBe(201);
    staff = device.context;
    console.info(`gate journey: stage ready in ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(() => stage?.close());

  /**
   * Films `text` and waits for the answer screen; says its verdict and closes it. Chromium's fake
   * camera rereads its clip only when no page has it open: each scan opens the scanner and leaves
   * it closed (on Busca), so the next scan, on this device or another, films the new clip.
   */
  async function scan(page: Page, text: string): Promise<{ verdict: string; text: string }> {
    await page.getByRole('button', { name: 'Busca', exact: true }).click();
    writeQrClip(clip, text);
    await page.getByRole('button', { name: 'Leitor', exact: true }).click();
    const answer = page.getByRole('alert');
    // 40 s: the fake camera's frames are decoded in the page, and on a loaded 2-core machine once took over 20.
    await answer.waitFor({ timeout: 40_000 }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nthe page said: ${await page.locator('body').textContent()}`);
    });
    const said = {
      verdict: (await answer.locator('.gate-verdict').textContent()) ?? '',
      text: (await answer.textContent()) ?? '',
    };
    writeQrClip(clip, null);
    await answer.getByRole('button', { name: 'Ler o próximo' }).click();
    await answer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Busca', exact: true }).click();
    return said;
  }

  it('online: valid, already used, transferred, refunded, another event, another sector', async () => {
    const started = performance.now();
    const device = await gateDevice(browser, url, smtp, GATE, MOBILE);
    one = device.context;
    secret = device.secret;
    phone = await one.newPage();
    await phone.goto('/console/portaria');
    await phone.getByLabel('Nome desta portaria').fill('Portão A');
    await phone.getByRole('button', { name: 'Baixar lista do evento' }).click();
    await phone.getByRole('status').filter({ hasText: 'Lista baixada: 5 ingressos.' }).waitFor();
    expect(await seriousA11yProblems(phone)).toEqual([]);

    const first = await scan(phone, qr.valid);
    expect(first.verdict).toBe('Entrada liberada');
    // The list's sector and ticket type, and the masked CPF for a document check.
    expect(first.text).toContain('Pista · Inteira');
    expect(first.text).toContain(hideCpf(buyers[0]!.cpf));
    expect((await scan(phone, qr.valid)).verdict).toBe('Ingresso já utilizado');
    expect((await scan(phone, qr.moved)).verdict).toBe('Ingresso transferido ou revogado');
    expect((await scan(phone, qr.refunded)).verdict).toBe('Ingresso reembolsado');
    expect((await scan(phone, qr.other)).verdict).toBe('Ingresso de outro evento');
    // This gate admits the Pista only (kept on the device): a Plateia seat is sent elsewhere.
    await phone.getByRole('button', { name: 'Aparelho', exact: true }).click();
    await phone.getByRole('checkbox', { name: 'Plateia' }).uncheck();
    expect((await scan(phone, qr.seat)).verdict).toBe('Setor errado: Plateia');
    console.info(`gate journey: online scans in ${Math.round(performance.now() - started)} ms`);
  });

  it('offline: the same answers from the list, a queue, a reload; two devices sync and the duplicate is reported', async () => {
    const started = performance.now();
    // The second device downloads while online, then both lose the network.
    const two = (await gateDevice(browser, url, smtp, GATE, MOBILE, { secret, step: 1 })).context;
    const other = await two.newPage();
    await other.goto('/console/portaria');
    await other.getByLabel('Nome desta portaria').fill('Portão B');
    await other.getByRole('button', { name: 'Baixar lista do evento' }).click();
    await other.getByRole('status').filter({ hasText: 'Lista baixada' }).waitFor();
    await other.getByRole('button', { name: 'Busca', exact: true }).click();
    await one.setOffline(true);
    await two.setOffline(true);
    await phone.getByText('Sem internet', { exact: false }).waitFor();

    const entered = await scan(phone, qr.late);
    expect(entered.verdict).toBe('Entrada liberada');
    expect(entered.text).toContain('Decidido neste aparelho');
    await phone.getByText('Entradas a enviar: 1').waitFor();
    expect((await scan(phone, qr.valid)).verdict).toBe('Ingresso já utilizado');
    expect((await scan(phone, qr.moved)).verdict).toBe('Ingresso transferido ou revogado');
    expect((await scan(phone, qr.refunded)).verdict).toBe('Ingresso reembolsado');
    expect((await scan(phone, qr.other)).verdict).toBe('Ingresso de outro evento');
    // A reload without a network: the service worker's shell and the device's own list.
    await phone.reload();
    await phone.getByText('Entradas a enviar: 1').waitFor();
    // The reloaded app, offline, can be slow to settle on a busy machine.
    await phone.getByRole('button', { name: 'Busca', exact: true }).click({ timeout: 60_000 });

    // The same ticket let in at the other gate, offline too.
    expect((await scan(other, qr.late)).verdict).toBe('Entrada liberada');

    // Back online: the first device's check-in is kept, the second's reported as a duplicate.
    await one.setOffline(false);
    await phone.getByText('Tudo enviado').waitFor({ timeout: 30_000 });
    await two.setOffline(false);
    await other
      .getByRole('status')
      .filter({ hasText: 'Sincronizado: 1 enviadas, 1 em dobro.' })
      .waitFor({ timeout: 30_000 });
    await other.getByText('Tudo enviado').waitFor();

    // The operator's console lists it.
    const listed = (await (await staff.request.get('/api/staff/gate/duplicates')).json()) as {
      duplicates: { holderName: string | null; firstGate: string | null; duplicateGate: string | null }[];
    };
    expect(listed.duplicates).toEqual([
      expect.objectContaining({
        holderName: buyers[3]!.name,
        firstGate: 'Portão A',
        duplicateGate: 'Portão B',
      }),
    ]);
    const screen = await staff.newPage();
    await screen.goto('/console/duplicados');
    await screen.getByRole('heading', { name: 'Entradas em dobro' }).waitFor();
    await screen.getByRole('cell', { name: new RegExp(buyers[3]!.name) }).waitFor();
    expect(await seriousA11yProblems(screen)).toEqual([]);
    console.info(`gate journey: offline and sync in ${Math.round(performance.now() - started)} ms`);
    await two.close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/api/src/config.ts';
import { inviteStaff } from '../apps/api/src/modules/staff/invite-staff.ts';
import { MOBILE, newPage, waitForHydration } from './support/browser.ts';
import { verifiedPerson } from './support/buyer.ts';
import {
  acceptInvitation,
  enrolAuthenticator,
  expectHeadingFocused,
  invitationLink,
  inviteFirstAdmin,
  logIn,
} from './support/console.ts';
import { overflowingElements } from './support/overflow.ts';
import { posterPng, seriousA11yProblems, staffApiSession } from './support/producer.ts';
import { closePurchaseStage, openPurchaseStage, type TPurchaseStage } from './support/stage.ts';

/**
 * Issue 34, the producer's console in Chromium: a producer (invited before the start) logs in with
 * TOTP, creates an event with two sections, three lots in turnover (lot 2 opens when lot 1 sells
 * out or on its date) and a coupon, uploads a poster made here, and publishes it; a buyer in
 * another browser sees it on the home page within seconds and pays one ticket; the producer's
 * sales screen shows the sale and the revenue; a gate agent (signed in through the API) checks the
 * ticket's QR in, and the sales screen shows the check-in.
 */

const ADMIN = 'alice.admin@bilheto.test';
const PRODUCER = 'paula.producao@bilheto.test';
const GATE = 'gustavo.portaria@bilheto.test';
const EVENT = 'Festival Maré Alta';

/** The lot `n` of the ticket `ticket` in the section `section` (fieldsets named by their legends). */
function lot(page: Page, section: string, n: number): Locator {
  return page
    .getByRole('group', { name: new RegExp(`^Setor \\d+: ${section}`) })
    .getByRole('group', { name: new RegExp(`^Lote ${n}\\b`) });
}

describe('the producer console: create, publish, sell, check in', { timeout: 240_000 }, () => {
  let stage: TPurchaseStage | undefined;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    stage = await openPurchaseStage('console-producer', {}, async (db) => {
      await inviteFirstAdmin(db, ADMIN);
      await inviteStaff(
        { db, config: loadConfig(), outbox: { nudge() {} } },
        {
          by: null,
          input: { email: PRODUCER, name: 'Paula Produtora', role: 'producer', eventIds: [] },
          request: { ip: '127.0.0.1', requestId: null },
          locale: 'pt-BR',
        },
      );
    });
    browser = stage.browser;
    url = stage.server.url;
  });
  afterAll(() => closePurchaseStage(stage));

  it('a producer creates and publishes an event, a buyer buys it, the gate checks it in, the dashboard follows', async () => {
    const { smtp } = stage!;
    const page = await newPage(browser);
    await acceptInvitation(page, await invitationLink(smtp, url, PRODUCER));
    await logIn(page, url, PRODUCER);
    await enrolAuthenticator(page);
    await expectHeadingFocused(page, 'Olá, Paula Produtora');
    const menu = page.getByRole('navigation', { name: 'Seções do console' });
    // A producer sees their events, not the administrator's sections.
    expect(await menu.getByRole('link', { name: 'Equipe' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Meus eventos' }).click();
    await expectHeadingFocused(page, 'Meus eventos');
    await page.getByRole('main').getByRole('link', { name: 'Criar evento' }).first().click();
    await expectHeadingFocused(page, 'Criar evento');

    // Dados: name, venue by its CEP, poster.
    await page.getByLabel('Nome do evento').fill(EVENT);
    expect(await page.getByLabel('Endereço no site').inputValue()).toBe('festival-mare-alta');
    await page.getByLabel('Nome do local').fill('Arena Paulista');
    await page.getByLabel('CEP', { exact: true }).fill('01310-100');
    await page.getByRole('button', { name: 'Buscar CEP' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Endereço preenchido: São Paulo\/SP/ })
      .waitFor();
    expect(await page.getByLabel('Endereço', { exact: true }).inputValue()).not.toBe('');
    await page.getByLabel('Número').fill('1000');
    await page.getByLabel('Enviar imagem').setInputFiles({
      name: 'cartaz.png',
      mimeType: 'image/png',
      buffer: posterPng(),
    });
    const preview = page.getByRole('img', { name: `Imagem de divulgação de ${EVENT}` });
    // The upload is decoded, cut and encoded by the server (sharp) before the preview can load.
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 20_000,
      })
      .toBe(true);

    // Setores e ingressos: Pista with three lots in turnover, and a second section, Camarote.
    await page.getByRole('tab', { name: 'Setores e ingressos' }).click();
    await lot(page, 'Pista', 1).getByLabel('Preço (BRL)').fill('100');
    await lot(page, 'Pista', 1).getByLabel('Quantidade').fill('50');
    await page.getByRole('button', { name: 'Adicionar lote em Inteira' }).click();
    await lot(page, 'Pista', 2).getByLabel('Preço (BRL)').fill('150');
    // Lot 2 also opens on a date, even if lot 1 has not sold out by then.
    await lot(page, 'Pista', 2).getByLabel('Início das vendas (opcional)').fill('2030-01-10T10:00');
    await page.getByRole('button', { name: 'Adicionar lote em Inteira' }).click();
    await lot(page, 'Pista', 3).getByLabel('Preço (BRL)').fill('200');
    await page.getByRole('button', { name: 'Adicionar setor' }).click();
    const camarote = page.getByRole('group', { name: /^Setor 2:/ });
    await camarote.getByLabel('Nome do setor').fill('Camarote');
    await lot(page, 'Camarote', 1).getByLabel('Preço (BRL)').fill('300');
    await lot(page, 'Camarote', 1).getByLabel('Quantidade').fill('20');

    // Cupons: 10% off, 100 uses.
    await page.getByRole('tab', { name: 'Cupons' }).click();
    await page.getByRole('button', { name: 'Adicionar cupom' }).click();
    await page.getByLabel('Código').fill('MARE10');
    expect(await seriousA11yProblems(page)).toEqual([]);

    // Fila e vendas: half-price by the law, at the decree's 40% per section; the Camarote's ticket is half-price.
    await page.getByRole('tab', { name: 'Fila e vendas' }).click();
    await page.getByRole('checkbox', { name: 'Este evento vende meia-entrada' }).check();
    expect(await page.getByLabel('Cota de meia-entrada por setor (%)').inputValue()).toBe('40');
    await page.getByRole('tab', { name: 'Setores e ingressos' }).click();
    await page.getByRole('checkbox', { name: 'Meia-entrada', exact: true }).last().check();

    await page.getByRole('button', { name: 'Criar evento' }).first().click();
    // A refusal would list its problems: say them if the editor does not move on.
    await page.waitForURL(/\/producao\/\d+$/, { timeout: 15_000 }).catch(async () => {
      const said = await page.locator('[role=alert], .problems').allTextContents();
      throw new Error(`not created: ${said.join(' | ')}`);
    });
    await expectHeadingFocused(page, EVENT);
    await page.getByRole('status').filter({ hasText: 'Evento criado.' }).waitFor();
    await page.getByText('Rascunho', { exact: true }).waitFor();
    const eventId = Number(page.url().match(/\/producao\/(\d+)/)![1]);
    const saved = (await (
      await page.request.get(`${url}/api/staff/producer/events/${eventId}/document`)
    ).json()) as {
      document: { halfPrice?: { quotaPercent: number }; sections: { tickets: { halfPrice?: boolean }[] }[] };
    };
    expect(saved.document.halfPrice).toMatchObject({ quotaPercent: 40 });
    expect(saved.document.sections.at(-1)!.tickets.at(-1)!.halfPrice).toBe(true);
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByRole('status').filter({ hasText: 'Evento publicado' }).waitFor();
    await page.getByRole('link', { name: 'Ver no site' }).waitFor();

    // The buyer, in another browser: the event is on the home page within seconds.
    const shop = await newPage(browser, MOBILE);
    const buyer = await verifiedPerson(shop, url, smtp);
    await expect
      .poll(
        async () => {
          await shop.goto(url);
          await waitForHydration(shop);
          return shop.getByText(EVENT).count();
        },
        // The catalogue picks the new event up at its next poll: a loaded CI machine took over 20 s.
        { timeout: 60_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const counters = (await (
      await page.request.get(`${url}/api/staff/producer/events/${eventId}/document`)
    ).json()) as { lots: { lotId: number; section: string; number: number }[] };
    const first = counters.lots.find((l) => l.section === 'Pista' && l.number === 1)!;
    const added = await shop.request.post(`${url}/api/v4/addtocart`, {
      data: { lotId: first.lotId, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(200);
    const { sessionID } = (await added.json()) as { sessionID: string };
    const paid = await shop.request.post(`${url}/checkout/v1`, {
      headers: { 'x-session-id': sessionID, 'idempotency-key': `producer-e2e-${Date.now()}` },
      data: {
        paymentType: 'credit_card',
        card: { token: 'sbx_apro_visa_1111_e2eproducer00001', installments: 1 },
      },
    });
    const order = (await paid.json()) as { orderStatus: number };
    expect(order, JSON.stringify(order)).toMatchObject({ orderStatus: 3 });

    // The producer's sales screen: one ticket sold, R$ 110,00 gross (R$ 100 and the 10% fee).
    await page
      .getByRole('navigation', { name: 'Telas do evento' })
      .getByRole('link', { name: 'Vendas' })
      .click();
    await expectHeadingFocused(page, `Vendas: ${EVENT}`);
    const totals = page.getByRole('list', { name: 'Totais' });
    await totals
      .getByRole('listitem')
      .filter({ hasText: 'Vendidos / capacidade' })
      .getByText(/^1 \/ \d+$/)
      .waitFor();
    const gross = totals.getByRole('listitem').filter({ hasText: 'Bruto' });
    expect((await gross.textContent())!.replace(/\s/g, ' ')).toContain('R$ 110,00');
    expect(await seriousA11yProblems(page)).toEqual([]);

    // The gate scans the buyer's QR (read from My tickets); the dashboard shows it within its refresh.
    const mine = (await (await shop.request.get(`${url}/api/tickets/mine?eventId=${eventId}`)).json()) as {
      upcoming: { tickets: { id: string; qr: string }[] }[];
    };
    const { id: ticketId, qr } = mine.upcoming[0]!.tickets[0]!;
    const admin = await staffApiSession(browser, url, smtp, ADMIN);
    const invited = await admin.post('/api/staff/accounts', {
      data: { email: GATE, name: 'Gustavo Portaria', role: 'gate', eventIds: [eventId] },
      headers: { origin: url },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const gate = await staffApiSession(browser, url, smtp, GATE);
    // Scanned online today, weeks before the show, the gate refuses it as the wrong day.
    const early = await gate.post('/api/staff/gate/check-ins', {
      data: { qr, eventId, gate: 'Portão A' },
      headers: { origin: url },
    });
    expect(await early.json()).toMatchObject({ result: 'wrong_day' });
    // On the day, a gate phone that read it offline syncs its check-in (the phone judged the day).
    const synced = await gate.post(`/api/staff/gate/events/${eventId}/sync`, {
      data: {
        deviceId: 'portao-a-celular-1',
        checkIns: [
          { clientId: 'portao-a-0001', ticketId, v: 1, at: new Date().toISOString(), gate: 'Portão A' },
        ],
      },
      headers: { origin: url },
    });
    expect(synced.status(), await synced.text()).toBe(200);
    expect((await synced.json()).results).toMatchObject([{ result: 'ok' }]);
    await page.getByRole('heading', { name: 'Entradas: 1 de 1' }).waitFor({ timeout: 15_000 });
    await page.getByRole('table', { name: 'Últimas entradas' }).getByText('Portão A').waitFor();
    const byGate = page.getByRole('table', { name: 'Entradas por portão' });
    await byGate.getByRole('row', { name: 'Portão A 1' }).waitFor();

    // The same screen fits a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await overflowingElements(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Convidados: a CPF without an account is refused beside its field; the buyer's CPF gets a courtesy.
    await page
      .getByRole('navigation', { name: 'Telas do evento' })
      .getByRole('link', { name: 'Convidados' })
      .click();
    await expectHeadingFocused(page, `Convidados: ${EVENT}`);
    await page.getByLabel('Nome do convidado 1').fill('Joana Convidada');
    await page.getByLabel('CPF do convidado 1').fill('52998224725');
    expect(await page.getByLabel('CPF do convidado 1').inputValue()).toBe('529.982.247-25');
    await page.getByRole('button', { name: 'Emitir cortesias' }).click();
    await expect.poll(() => page.getByLabel('CPF do convidado 1').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('CPF do convidado 1').fill(buyer.cpf);
    await page.getByRole('button', { name: 'Emitir cortesias' }).click();
    await page.getByRole('status').filter({ hasText: '1 cortesia(s) emitida(s).' }).waitFor();
    await page
      .getByRole('table', { name: /^Cortesias \(1\)/ })
      .getByText('Joana Convidada')
      .waitFor();

    // Back in the editor, by keyboard between its tabs: a lot with a sale cannot go below it nor be removed.
    await page
      .getByRole('navigation', { name: 'Telas do evento' })
      .getByRole('link', { name: 'Editar' })
      .click();
    await expectHeadingFocused(page, EVENT);
    await page.getByRole('tab', { name: 'Dados' }).focus();
    await page.keyboard.press('ArrowRight');
    const sectionsTab = page.getByRole('tab', { name: 'Setores e ingressos' });
    expect(await sectionsTab.getAttribute('aria-selected')).toBe('true');
    expect(await sectionsTab.evaluate((tab) => tab === document.activeElement)).toBe(true);
    const sold = lot(page, 'Pista', 1);
    expect(await sold.getByRole('button', { name: 'Remover Lote 1' }).isDisabled()).toBe(true);
    await sold.getByText('Tem 2 vendido(s) ou reservado(s): não pode ser removido. Pause o lote.').waitFor();
    await sold.getByLabel('Quantidade').fill('0');
    const save = page.getByRole('button', { name: 'Salvar alterações' }).first();
    await save.click();
    // A refused save: the count said aloud, the problem named in the list and beside its field.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Não foi possível salvar: 1 campo(s) para corrigir.' })
      .waitFor();
    await page
      .getByRole('navigation', { name: 'Campos para corrigir' })
      .getByText(/Pista › Inteira › Lote 1/)
      .waitFor();
    expect(await sold.getByLabel('Quantidade').getAttribute('aria-invalid')).toBe('true');
    // A stale save: someone saved since this screen read the event; the editor offers to reload.
    await sold.getByLabel('Quantidade').fill('50');
    const current = (await (
      await page.request.get(`${url}/api/staff/producer/events/${eventId}/document`)
    ).json()) as { revision: number; document: Record<string, unknown> };
    const other = await page.request.put(`${url}/api/staff/producer/events/${eventId}/document`, {
      data: {
        revision: current.revision,
        document: { ...current.document, description: 'Três palcos à beira-mar.' },
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    await save.click();
    await page
      .getByRole('alert')
      .filter({ hasText: /foi alterado por outra pessoa/ })
      .waitFor();
    await page.getByRole('button', { name: 'Recarregar o evento' }).click();
    await page.getByRole('tab', { name: 'Dados' }).click();
    await expect.poll(() => page.getByLabel('Descrição').inputValue()).toBe('Três palcos à beira-mar.');
    await shop.context().close();
    await page.context().close();
  });
});

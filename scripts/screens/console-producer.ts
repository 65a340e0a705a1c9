/**
 * Part of `npm run screens` (scripts/screens.ts), and alone with `node scripts/screens/console-producer.ts`:
 * the producer's console (issue 34) at 1280 and 375 px, into docs/screens/console-producer-<screen>-<width>.png.
 * A throwaway server with the cart fixture; a producer logs in, creates an event through the api
 * (a seated section, three lots, a coupon, exclusive access, a poster), publishes it; a buyer pays
 * two tickets, a guest gets a courtesy, one ticket is checked in. Needs `npm run build` first.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { loadConfig } from '../../apps/api/src/config.ts';
import { inviteStaff } from '../../apps/api/src/modules/staff/invite-staff.ts';
import { newPage } from '../../e2e/support/browser.ts';
import { verifiedPerson } from '../../e2e/support/buyer.ts';
import { invitationLink, STAFF_PASSWORD, totpCode } from '../../e2e/support/console.ts';
import { posterPng } from '../../e2e/support/producer.ts';
import { repoRoot } from '../../e2e/support/server.ts';
import { closePurchaseStage, openPurchaseStage } from '../../e2e/support/stage.ts';

const OUT = path.join(repoRoot, 'docs/screens');
const PRODUCER = 'paula.producao@bilheto.test';

/** The screen as it is, at both widths (full page, clipped to the width), back at 1280 after. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(200);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({
      path: path.join(OUT, `console-producer-${name}-${width}.png`),
      fullPage: true,
      clip: { x: 0, y: 0, width, height },
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const seats = Array.from({ length: 24 }, (_, i) => ({
  kind: 'seat',
  alias: `${String.fromCharCode(65 + Math.floor(i / 8))}${(i % 8) + 1}`,
  row: String.fromCharCode(65 + Math.floor(i / 8)),
  number: (i % 8) + 1,
  x: (i % 8) * 40,
  y: Math.floor(i / 8) * 40,
  ...(i === 0 ? { disabled: true } : {}),
  ...(i === 1 || i === 2 ? { reserved: true } : {}),
}));
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const stage = await openPurchaseStage('screens-console-producer', {}, (db) =>
  inviteStaff(
    { db, config: loadConfig(), outbox: { nudge() {} } },
    {
      by: null,
      input: { email: PRODUCER, name: 'Paula Produtora', role: 'producer', eventIds: [] },
      request: { ip: '127.0.0.1', requestId: null },
      locale: 'pt-BR',
    },
  ).then(() => undefined),
);
try {
  const { browser, smtp, server } = stage;
  const url = server.url;
  const page = await newPage(browser);
  // The invitation, the login and the authenticator, as scripts/screens/console.ts does them (no Vitest here).
  await page.goto(await invitationLink(smtp, url, PRODUCER));
  await page.getByLabel('Nova senha').fill(STAFF_PASSWORD);
  await page.getByLabel('Repita a senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await page.getByRole('heading', { name: 'Senha criada' }).waitFor();
  await page.goto(`${url}/console/entrar`);
  await page.getByLabel('E-mail').fill(PRODUCER);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await page.locator('[data-secret]').getAttribute('data-secret'))!;
  await page.getByLabel('Código de 6 dígitos').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByLabel('Copiei e guardei os códigos').check();
  await page.getByRole('button', { name: 'Continuar para o console' }).click();
  await page.getByRole('heading', { level: 1, name: /^Olá/ }).waitFor();
  const headers = { origin: url };

  const poster = (await (
    await page.request.post(`${url}/api/staff/producer/posters`, {
      headers: { ...headers, 'content-type': 'image/png' },
      data: posterPng(600, 800),
    })
  ).json()) as { posterId: string };
  const lot = (number: number, price: number, quantity: number, extra = {}) => ({
    number,
    price,
    convenienceFeePercent: 10,
    quantity,
    ...extra,
  });
  const eventDocument = {
    slug: 'festival-mare-alta',
    name: 'Festival Maré Alta',
    description: 'Três palcos à beira-mar, do pôr do sol à madrugada.',
    category: 'festival',
    ageRating: '16',
    startsAt: `${day(40)}T20:00:00-03:00`,
    producer: 'Paula Produtora',
    venue: {
      name: 'Arena Paulista',
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310-100',
    },
    poster: poster.posterId,
    published: false,
    maxInterestFreeInstallments: 3,
    refundService: { site: { active: true, percent: 8 } },
    maxTicketsPerCart: 6,
    coupons: [{ code: 'MARE10', kind: 'percent', percent: 10, quantity: 100 }],
    sections: [
      {
        name: 'Pista',
        maxQtd: 6,
        tickets: [
          {
            name: 'Inteira',
            lots: [
              lot(1, 120, 40),
              lot(2, 160, 80, { salesStartAt: `${day(10)}T10:00:00-03:00` }),
              lot(3, 200, 80),
            ],
          },
          {
            name: 'Meia-entrada',
            ticketsPerCpf: 2,
            onlineNote: 'Comprovante na portaria.',
            lots: [lot(1, 60, 40)],
          },
        ],
      },
      { name: 'Plateia', tickets: [{ name: 'Cadeira', lots: [lot(1, 250, 24)] }], places: seats },
    ],
  };
  const created = await page.request.post(`${url}/api/staff/producer/events`, {
    headers,
    data: { document: eventDocument },
  });
  const { eventId } = (await created.json()) as { eventId: number };
  if (!eventId) throw new Error(`not created: ${JSON.stringify(await created.json())}`);
  await page.request.post(`${url}/api/staff/producer/events/${eventId}/status`, {
    headers,
    data: { action: 'publish' },
  });
  const counters = (await (
    await page.request.get(`${url}/api/staff/producer/events/${eventId}/document`)
  ).json()) as { lots: { lotId: number; section: string; ticket: string; number: number }[] };
  const first = counters.lots.find((l) => l.section === 'Pista' && l.ticket === 'Inteira' && l.number === 1)!;

  // A buyer pays two tickets; a guest gets a courtesy; the gate lets one ticket in.
  const shop = await newPage(browser);
  const buyer = await verifiedPerson(shop, url, smtp);
  const added = await shop.request.post(`${url}/api/v4/addtocart`, {
    data: { lotId: first.lotId, quantity: 2 },
  });
  const { sessionID } = (await added.json()) as { sessionID: string };
  if (!sessionID) throw new Error(`not added: ${await added.text()}`);
  // The event offers refund protection: this buyer takes it.
  await shop.request.post(`${url}/api/cart/protection`, {
    data: { sessionId: sessionID, provider: 'bilheto' },
  });
  const paid = await shop.request.post(`${url}/checkout/v1`, {
    headers: { 'x-session-id': sessionID, 'idempotency-key': `producer-screens-${Date.now()}` },
    data: {
      paymentType: 'credit_card',
      card: { token: 'sbx_apro_visa_1111_screensproducer1', installments: 1 },
    },
  });
  const courtesy = await page.request.post(`${url}/api/staff/producer/events/${eventId}/courtesies`, {
    headers,
    data: {
      lotId: first.lotId,
      guests: [{ name: 'Joana Convidada', cpf: buyer.cpf }],
      note: 'Imprensa',
    },
  });
  if (courtesy.status() !== 201) throw new Error(`no courtesy: ${await courtesy.text()}`);
  if (!/"orderStatus":3/.test(await paid.text())) throw new Error(`not paid: ${await paid.text()}`);
  const mine = (await (await shop.request.get(`${url}/api/tickets/mine?eventId=${eventId}`)).json()) as {
    upcoming: { tickets: { id: string }[] }[];
  };
  // A gate phone's check-in, synced (an online scan weeks before the show answers wrong_day).
  const synced = await page.request.post(`${url}/api/staff/gate/events/${eventId}/sync`, {
    headers,
    data: {
      deviceId: 'portao-a-celular-1',
      checkIns: [
        {
          clientId: 'portao-a-0001',
          ticketId: mine.upcoming[0]!.tickets[0]!.id,
          v: 1,
          at: new Date().toISOString(),
          gate: 'Portão A',
        },
      ],
    },
  });
  if (!synced.ok()) throw new Error(`no check-in: ${await synced.text()}`);

  // Then a pre-sale for a club (after the sale: its codes would stop the buyer above), saved as the editor saves.
  const saved = (await (
    await page.request.get(`${url}/api/staff/producer/events/${eventId}/document`)
  ).json()) as { revision: number; document: Record<string, unknown> };
  await page.request.put(`${url}/api/staff/producer/events/${eventId}/document`, {
    headers,
    data: {
      revision: saved.revision,
      document: {
        ...saved.document,
        exclusiveAccess: [{ type: 'genericCode', name: 'Clube Maré', codes: ['MARE-VIP-01', 'MARE-VIP-02'] }],
      },
    },
  });

  await page.goto(`${url}/console/producao`);
  await page.getByRole('table').waitFor();
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await shoot(page, 'events');
  await page.goto(`${url}/console/producao/${eventId}`);
  await page.getByRole('heading', { level: 1, name: 'Festival Maré Alta' }).waitFor();
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await shoot(page, 'editor-data');
  for (const [tab, name] of [
    ['Setores e ingressos', 'editor-sections'],
    ['Mapa', 'editor-map'],
    ['Cupons', 'editor-coupons'],
    ['Acesso exclusivo', 'editor-access'],
    ['Fila e vendas', 'editor-sales'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    if (tab === 'Mapa')
      await page.getByLabel('Setor', { exact: true }).selectOption({ label: 'Plateia (24 lugares)' });
    await shoot(page, name);
  }
  // A refused save: each problem beside its field and in the list above.
  await page.getByRole('tab', { name: 'Setores e ingressos' }).click();
  await page.getByLabel('Quantidade').first().fill('1');
  await page.getByRole('button', { name: 'Salvar alterações' }).first().click();
  await page.locator('.problems').waitFor();
  await shoot(page, 'editor-invalid');
  await page.goto(`${url}/console/producao/novo`);
  await page.getByRole('heading', { level: 1, name: 'Criar evento' }).waitFor();
  await page.getByLabel('Nome do evento').waitFor();
  await shoot(page, 'new');
  await page.goto(`${url}/console/producao/${eventId}/convidados`);
  await page.getByRole('table').waitFor();
  await page.getByLabel('Nome do convidado 1').fill('Rafael Imprensa');
  await page.getByLabel('CPF do convidado 1').fill('11144477735');
  await shoot(page, 'guests');
  await page.goto(`${url}/console/producao/${eventId}/vendas`);
  await page.getByRole('list', { name: 'Totais' }).waitFor();
  await page.getByRole('table', { name: 'Últimas entradas' }).waitFor();
  await shoot(page, 'dashboard');
} finally {
  await closePurchaseStage(stage);
}
console.log(`producer console screens written to ${OUT}`);

import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import QRCode from 'qrcode';
import { expect } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type TDb } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { users } from '../../apps/api/src/db/schema/index.ts';
import { createSession } from '../../apps/api/src/modules/accounts/sessions.ts';
import { inviteStaff } from '../../apps/api/src/modules/staff/invite-staff.ts';
import { createTicketSigner } from '../../apps/api/src/modules/tickets/ticket-keys.ts';
import { brazilianAdult, verifiedUserRow } from '../../apps/api/src/testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../apps/api/src/testing/cart-fixture.ts';
import { startedNow } from '../../apps/api/src/testing/gate.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { launchCameraBrowser } from './browser.ts';
import { invitationLink, inviteFirstAdmin, STAFF_PASSWORD, totpCode } from './console.ts';
import { newDataDir } from './data-dir.ts';
import { startServer, type TRunningServer } from './server.ts';

/**
 * Issue 35, the gate app in a browser: what its journey (e2e/gate.e2e.ts) and its screenshots
 * (scripts/screens/gate.ts) share: a ticket signing key the test holds (so it can sign another
 * event's or an older version's QR), buyers made in the database, a QR drawn into the fake
 * camera's clip, and a gate device (a browser context with its own IndexedDB and staff session).
 */

/** A fresh Ed25519 key for TICKET_SIGNING_KEY, and a signer with it (no database needed). */
export function ticketKey() {
  const pem = String(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }));
  return { pem, signer: createTicketSigner(null as unknown as TDb, pem) };
}

export type TBuyer = { token: string; cpf: string; name: string };

/** Verified buyers with a complete profile and a session, written straight to the database. */
export async function buyersIn(db: TDb, count: number): Promise<TBuyer[]> {
  const made: TBuyer[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = brazilianAdult();
    const [user] = await db.insert(users).values(verifiedUserRow(person)).returning({ id: users.id });
    const session = await createSession(db, user!.id, 1);
    made.push({ token: session.token, cpf: person.cpf, name: person.name });
  }
  return made;
}

/**
 * A request sent again once when the connection was reset before an answer came (a loaded CI run's
 * gate set-up met one on the payment). Only for calls safe to repeat: a read, or the payment, whose
 * Idempotency-Key (the same in the repeat) makes a repeat answer the same order. Not the hold.
 */
async function fetchAgainOnReset(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** One ticket bought and paid by card (sandbox); its order id and QR as My tickets shows it. */
export async function buyTicket(
  url: string,
  buyer: TBuyer,
  lotId: number,
  eventId: number,
  placeId?: number,
) {
  const headers = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };
  const added = await fetch(`${url}/api/v4/addtocart`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ lotId, quantity: 1, ...(placeId ? { controlledPlaceId: placeId } : {}) }),
  });
  const cart = (await added.json()) as { sessionID: string };
  expect(added.status, JSON.stringify(cart)).toBe(200);
  const paid = await fetchAgainOnReset(`${url}/checkout/v1`, {
    method: 'POST',
    headers: { ...headers, 'x-session-id': cart.sessionID, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      paymentType: 'credit_card',
      card: {
        token: `sbx_apro_visa_1111_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`,
        installments: 1,
      },
    }),
  });
  const order = (await paid.json()) as { orderId: string; orderStatus: number };
  expect(order, JSON.stringify(order)).toMatchObject({ orderStatus: 3 });
  const mine = (await (
    await fetchAgainOnReset(`${url}/api/tickets/mine?eventId=${eventId}`, { headers })
  ).json()) as {
    upcoming: { tickets: { qr: string }[] }[];
  };
  return { orderId: order.orderId, qr: mine.upcoming[0]!.tickets[0]!.qr };
}

/**
 * Draws `text` as a QR code (null: a blank page, nothing to read) into a one-frame YUV4MPEG2 clip that Chromium's fake camera loops
 * (`--use-file-for-fake-video-capture`). Written whole then renamed: the camera reopens the file
 * each time the app starts it, so a journey changes what the camera films between scans.
 */
export function writeQrClip(file: string, text: string | null, width = 640, height = 480): void {
  const qr = text === null ? null : QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr?.modules.size ?? 0;
  const cell = Math.floor((Math.min(width, height) - 40) / (size + 8));
  const left = Math.floor((width - cell * size) / 2);
  const top = Math.floor((height - cell * size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      if (!qr?.modules.get(y, x)) continue;
      for (let dy = 0; dy < cell; dy += 1)
        luma.fill(
          16,
          (top + y * cell + dy) * width + left + x * cell,
          (top + y * cell + dy) * width + left + (x + 1) * cell,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(`${file}.part`, Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]));
  renameSync(`${file}.part`, file);
}

/**
 * A gate device: a phone-sized context with the camera allowed, signed in as `email` through the
 * API (the invitation accepted and the authenticator enrolled when `secret` is not given yet).
 */
export async function gateDevice(
  browser: Browser,
  url: string,
  smtp: TTestSmtpServer,
  email: string,
  options: BrowserContextOptions,
  known?: { secret: string; step: number },
): Promise<{ context: BrowserContext; secret: string }> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    ...options,
    baseURL: url,
    permissions: ['camera'],
  });
  const request = context.request;
  const headers = { origin: url };
  const ok = async (answer: Awaited<ReturnType<typeof request.post>>, status = 200) =>
    expect(answer.status(), await answer.text()).toBe(status);
  if (!known) {
    const link = await invitationLink(smtp, url, email);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const accepted = await request.post('/api/staff/invitations/accept', {
      data: { token, password: STAFF_PASSWORD },
      headers,
    });
    expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  }
  await ok(await request.post('/api/staff/login', { data: { email, password: STAFF_PASSWORD }, headers }));
  if (known) {
    const code = await totpCode(known.secret, known.step);
    await ok(await request.post('/api/staff/login/totp', { data: { code }, headers }));
    return { context, secret: known.secret };
  }
  const enrol = await request.post('/api/staff/totp/enrol', { data: {}, headers });
  const { secret } = (await enrol.json()) as { secret: string };
  await ok(
    await request.post('/api/staff/totp/confirm', { data: { code: await totpCode(secret) }, headers }),
  );
  return { context, secret };
}

export const GATE_ADMIN = 'alice.admin@bilheto.test';
export const GATE_AGENT = 'gabriel.portaria@bilheto.test';

export type TGateStage = {
  f: TCartFixture;
  buyers: TBuyer[];
  smtp: TTestSmtpServer;
  server: TRunningServer;
  browser: Browser;
  url: string;
  /** The fake camera's clip: writeQrClip(clip, text) before the scanner opens. */
  clip: string;
  key: ReturnType<typeof ticketKey>;
  close(): Promise<void>;
};

/**
 * The cart fixture, an administrator and a gate agent of its event invited, `buyers` buyers in the
 * database; the server (with a signing key this test holds) and the camera's Chromium started side
 * by side.
 */
export async function openGateStage(tag: string, buyerCount: number): Promise<TGateStage> {
  const key = ticketKey();
  const clipDir = mkdtempSync(path.join(tmpdir(), 'bilheto-gate-'));
  const clip = path.join(clipDir, 'camera.y4m');
  const dataDir = newDataDir(tag);
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const f = await createCartFixture(database.db);
  // The gate admits a ticket on its event's day only: the event started a minute ago.
  await startedNow(database.db, f.eventId);
  await inviteFirstAdmin(database.db, GATE_ADMIN);
  await inviteStaff(
    { db: database.db, config: loadConfig(), outbox: { nudge() {} } },
    {
      by: null,
      input: { email: GATE_AGENT, name: 'Gabriel Portaria', role: 'gate', eventIds: [f.eventId] },
      request: { ip: '127.0.0.1', requestId: null },
      locale: 'pt-BR',
    },
  );
  const buyers = await buyersIn(database.db, buyerCount);
  await database.close();
  const smtp = await startTestSmtpServer();
  writeQrClip(clip, null);
  const [server, browser] = await Promise.all([
    startServer(
      { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off', DEMO_DATA: 'false', TICKET_SIGNING_KEY: key.pem },
      dataDir,
    ),
    launchCameraBrowser(clip),
  ]);
  return {
    f,
    buyers,
    smtp,
    server,
    browser,
    url: server.url,
    clip,
    key,
    async close() {
      await browser.close();
      await server.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clipDir, { recursive: true, force: true });
    },
  };
}

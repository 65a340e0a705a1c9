import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TTestSmtpServer } from '../../apps/api/src/testing/smtp-server.ts';
import { invitationLink, STAFF_PASSWORD, totpCode } from './console.ts';

/**
 * Issue 34, the producer's console in a browser: what its journey (e2e/console-producer.e2e.ts) and
 * its screenshots (scripts/screens/console-producer.ts) share: a poster made on the spot, a staff
 * session through the API alone (a gate agent's, an administrator's), and the axe check.
 */

/** A PNG of `width`×`height`, a diagonal gradient (no fixture file to keep in the repository). */
export function posterPng(width = 300, height = 400): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      raw[i] = 40 + Math.round((x / width) * 180);
      raw[i + 1] = 30 + Math.round((y / height) * 60);
      raw[i + 2] = 200 - Math.round(((x + y) / (width + height)) * 120);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A member of staff signed in through the API only (no screen): accepts the e-mailed invitation,
 * logs in and sets up the authenticator with the code computed from the secret it answers.
 */
export async function staffApiSession(
  browser: Browser,
  serverUrl: string,
  smtp: TTestSmtpServer,
  email: string,
): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: serverUrl });
  const request = context.request;
  const headers = { origin: serverUrl };
  const link = await invitationLink(smtp, serverUrl, email);
  const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
  const accepted = await request.post('/api/staff/invitations/accept', {
    data: { token, password: STAFF_PASSWORD },
    headers,
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const login = await request.post('/api/staff/login', {
    data: { email, password: STAFF_PASSWORD },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const enrol = await request.post('/api/staff/totp/enrol', { data: {}, headers });
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await request.post('/api/staff/totp/confirm', {
    data: { code: await totpCode(secret) },
    headers,
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return request;
}

/** Axe's serious and critical findings on the page as it is. */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

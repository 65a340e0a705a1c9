import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { eq } from '../apps/api/src/db/orm.ts';
import { appMeta } from '../apps/api/src/db/schema/index.ts';
import { launchBrowser, MOBILE, newPage } from './support/browser.ts';
import { newDataDir } from './support/data-dir.ts';
import { freePort, repoRoot, startServer } from './support/server.ts';

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'apps/api/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('starting the server', () => {
  it.each([
    ['PORT', 'abc'],
    ['MAINTENANCE', 'sometimes'],
    ['DATABASE_URL', 'mysql://nope'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    const result = startWith({ [name]: value });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(result.stdout).not.toContain('listening');
  });

  it('refuses the sandbox gateway on a public https address unless ALLOW_SANDBOX_GATEWAY=true (issue 31)', async () => {
    // A production start whose mail and captcha are explicitly allowed: only the gateway is in question.
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ingressos.example',
      ALLOW_LOCAL_OUTBOX: 'true',
      ALLOW_DEV_CAPTCHA: 'true',
      PAYMENT_GATEWAY: '',
    };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-sandbox-'));
    try {
      const refused = startWith({ ...production, DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).toBe(
        'Invalid configuration: PAYMENT_GATEWAY must name a real payment gateway when PUBLIC_URL is not localhost (got "sandbox"; or set ALLOW_SANDBOX_GATEWAY=true)',
      );
      expect(refused.stdout).not.toContain('listening');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const allowed = await startServer({ ...production, ALLOW_SANDBOX_GATEWAY: 'true' });
    try {
      expect((await fetch(`${allowed.url}/healthz`)).status).toBe(200);
      // Said in the log, so nobody runs a selling site on it unaware.
      expect(allowed.output()).toContain('PAYMENT_GATEWAY=sandbox on a public address');
    } finally {
      await allowed.stop();
    }
  });

  it('keeps the data across a restart', async () => {
    const dataDir = newDataDir('restart');
    const readInstalledAt = async () => {
      const database = await openDatabase({ dataDir });
      const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'installed_at'));
      await database.close();
      return row?.value;
    };
    try {
      const first = await startServer({}, dataDir);
      expect(await first.stop()).toBe(0);
      const installedAt = await readInstalledAt();
      expect(installedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

      const second = await startServer({}, dataDir);
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      expect(await second.stop()).toBe(0);
      expect(await readInstalledAt()).toBe(installedAt);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps an idle connection past a client's 5 s, then stops cleanly on SIGTERM with exit code 0", async () => {
    const server = await startServer();
    expect((await fetch(server.url)).status).toBe(200);
    // A client whose idle keep-alive socket outlives Node's default 5 s server timeout sent its next
    // request on a socket being closed, and got ECONNRESET: the server now keeps it open longer.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 60_000 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.get(`${server.url}/healthz`, { agent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
          );
        });
        request.on('error', reject);
      });
    expect(await get()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await get()).toEqual({ status: 200, reused: true });
    agent.destroy();
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toMatch(/"level":"error"/);
  });
});

describe('maintenance mode', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the maintenance page on every route', async () => {
    const server = await startServer({ MAINTENANCE: 'true' });
    try {
      const page = await newPage(browser);
      for (const route of [
        '/',
        '/events/festival',
        '/login',
        '/carrinho',
        '/politicas-de-privacidade',
        '/x/y',
      ]) {
        const response = await page.goto(`${server.url}${route}`);
        expect(response?.status(), route).toBe(503);
        expect(await page.locator('h1').textContent(), route).toBe('Site em manutenção');
        expect(await page.locator('body').textContent(), route).toContain('em manutenção');
      }
      const mobile = await newPage(browser, { ...MOBILE, locale: 'en-US' });
      await mobile.goto(server.url);
      expect(await mobile.locator('h1').textContent()).toBe('Site under maintenance');
    } finally {
      await server.stop();
    }
  });
});

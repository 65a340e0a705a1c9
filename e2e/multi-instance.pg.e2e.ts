import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { startServer, type TRunningServer } from './support/server.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server.
const adminUrl = process.env.DATABASE_URL!;
const name = `e2e_multi_${Date.now().toString(36)}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe('two processes against one PostgreSQL', () => {
  let servers: TRunningServer[] = [];
  let browser: Browser;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    // Started together: both migrate and seed at once, which the advisory locks must serialise.
    servers = await Promise.all([
      startServer({ DATABASE_URL: url.toString() }),
      startServer({ DATABASE_URL: url.toString() }),
    ]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('both start on their own ports, migrate once and serve pages', async () => {
    expect(servers[0]!.port).not.toBe(servers[1]!.port);
    for (const server of servers) {
      const health = await fetch(`${server.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
      const page = await newPage(browser);
      await page.goto(`${server.url}/politicas-de-privacidade`);
      expect(await page.locator('main h1').textContent()).toBe('Política de Privacidade');
      await page.context().close();
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from app_meta where key = $1', [
      'installed_at',
    ]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });
});

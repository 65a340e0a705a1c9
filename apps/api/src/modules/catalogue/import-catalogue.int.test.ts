import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TEventTicketsResponse } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { setCapacity } from '../cart/stock.ts';
import { demoCatalogue } from '../demo/demo-catalogue.ts';
import { importCatalogue } from './import-catalogue.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const example = () => JSON.parse(readFileSync(path.join(repoRoot, 'docs/catalog-example.json'), 'utf8'));

describe.each(testDatabases())('catalogue import on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const eventTickets = async (eventSlug: string) => {
    await t.catalogue.refresh();
    return t.json<TEventTicketsResponse>('/api/v2/getEventTicketsBySlug', { eventSlug });
  };

  it('loads the documented example, and a second run changes nothing', async () => {
    const first = await importCatalogue(t.database.db, example());
    expect(first).toMatchObject({ ok: true, created: ['show-exemplo-sao-paulo', 'teatro-exemplo-rio'] });
    const before = await eventTickets('show-exemplo-sao-paulo');
    expect(before.status).toBe(200);
    const ticket = before.body.sections[0]!.tickets[0]!;
    expect(ticket).toMatchObject({ ticketName: 'Inteira', value: 150, taxTotal: 15, lotNumber: 1 });

    const second = await importCatalogue(t.database.db, example());
    expect(second).toEqual({
      ok: true,
      created: [],
      updated: [],
      unchanged: ['show-exemplo-sao-paulo', 'teatro-exemplo-rio'],
    });
    const after = await eventTickets('show-exemplo-sao-paulo');
    // Same ids: carts pointing at a lot survive a re-import.
    expect(after.body.sections[0]!.tickets[0]!.lotId).toBe(ticket.lotId);
  });

  it('updates in place what the file changes', async () => {
    const file = example();
    file.events[0].sections[0].tickets[0].lots[0].price = 160;
    const result = await importCatalogue(t.database.db, file);
    expect(result).toMatchObject({ ok: true, updated: ['show-exemplo-sao-paulo'] });
    expect((await eventTickets('show-exemplo-sao-paulo')).body.sections[0]!.tickets[0]!.value).toBe(160);
  });

  it('refuses a file with errors whole, naming each error by its JSON path', async () => {
    const file = example();
    file.events[0].name = 'Nome que não deve entrar';
    file.events[1].sections[0].tickets[0].lots[0].price = 10.999;
    file.events[1].venue.state = 'XX';
    delete file.events[1].startsAt;
    const result = await importCatalogue(t.database.db, file);
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'events[1].sections[0].tickets[0].lots[0].price',
        'events[1].venue.state',
        'events[1].startsAt',
      ]),
    );
    expect((await eventTickets('show-exemplo-sao-paulo')).body.name).toBe('Show Exemplo');
  });

  it('refuses to remove or shrink below what was sold, and rolls back everything else', async () => {
    await t.database.db.execute(
      sql`update ticket_lots set sold = 3 where id = (select l.id from ticket_lots l join event_tickets t on t.id = l.ticket_id join event_sections s on s.id = t.section_id join events e on e.id = s.event_id where e.slug = 'teatro-exemplo-rio' and s.name = 'Plateia')`,
    );
    const file = example();
    file.events[0].name = 'Outro nome';
    file.events[1].sections[0].tickets[0].lots[0].quantity = 2;
    file.events[1].sections.pop();
    file.events[1].sections[0].places = [];
    const result = await importCatalogue(t.database.db, file);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: 'events[1].sections[0].tickets[0].lots[0].quantity',
          message: 'is below the 3 units already sold or held',
        },
      ],
    });
    expect((await eventTickets('show-exemplo-sao-paulo')).body.name).toBe('Show Exemplo');
    expect((await eventTickets('teatro-exemplo-rio')).body.sections).toHaveLength(2);
  });

  it('never sets a capacity below what is held at the moment of writing (a hold after the import read the lot)', async () => {
    const [lot] = await rows<{ id: number; capacity: number; sold: number }>(
      t.database.db,
      sql`select id, capacity, sold from ticket_lots order by id limit 1`,
    );
    // A buyer holds units after the import's read: the write re-checks on the row as it is now.
    await t.database.db.execute(sql`update ticket_lots set held = held + 4 where id = ${lot!.id}`);
    const floor = lot!.sold + 4;
    expect(await setCapacity(t.database.db, 'lot', lot!.id, floor - 1)).toBe(false);
    expect(await rows(t.database.db, sql`select capacity from ticket_lots where id = ${lot!.id}`)).toEqual([
      { capacity: lot!.capacity },
    ]);
    expect(await setCapacity(t.database.db, 'lot', lot!.id, floor)).toBe(true);
    await t.database.db.execute(
      sql`update ticket_lots set held = held - 4, capacity = ${lot!.capacity} where id = ${lot!.id}`,
    );
  });

  it('reports an event pointing at a group that exists nowhere', async () => {
    const file = example();
    file.groups = [];
    file.events[0].group = 'grupo-inexistente';
    expect(await importCatalogue(t.database.db, file)).toEqual({
      ok: false,
      errors: [{ path: 'events[0].group', message: 'unknown group "grupo-inexistente"' }],
    });
  });

  it('refuses exclusive issuers without their codes, or with codes of the wrong kind', async () => {
    const file = example();
    file.events[0].exclusiveAccess = [
      { type: 'cooperativeCard', name: 'Cartão Cooperativo' },
      { type: 'clubCoupon', name: 'Sócio', codes: ['x'] },
      { type: 'bankCard', name: 'Banco', binPrefixes: ['4111111111111111'] },
    ];
    const result = await importCatalogue(t.database.db, file);
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'events[0].exclusiveAccess[0].binPrefixes',
        'events[0].exclusiveAccess[1].codes[0]',
        'events[0].exclusiveAccess[2].binPrefixes[0]',
      ]),
    );
  });

  it('accepts the demo catalogue, whose events lie ahead of the day it is loaded', async () => {
    const today = new Date('2031-01-15T12:00:00Z');
    const demo = demoCatalogue(today);
    const upcoming = demo.events.filter((e) => Date.parse(e.startsAt) > today.getTime());
    expect(upcoming.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demo.events.map((e) => e.venue.state)).size).toBeGreaterThanOrEqual(6);
    expect(demo.events.filter((e) => e.group)).toHaveLength(4);
    expect(await importCatalogue(t.database.db, demo)).toMatchObject({ ok: true });
  });
});

describe('npm run catalog:import', () => {
  it('imports a file into the DATA_DIR database, and refuses a broken one with exit code 1', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bilheto-import-'));
    const run = (file: string) =>
      spawnSync(process.execPath, ['apps/api/src/modules/catalogue/import-cli.ts', file], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
    try {
      const ok = run('docs/catalog-example.json');
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('2 created, 0 updated, 0 unchanged');
      const broken = path.join(dataDir, 'broken.json');
      writeFileSync(broken, JSON.stringify({ events: [{ slug: 'Bad Slug' }] }));
      const refused = run(broken);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('events[0].slug');
      expect(refused.stderr).toContain('nothing was imported');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes, each migrating a fresh PGlite database: about 10 s on a quiet machine, 35 s on a busy one.
  }, 120_000);
});

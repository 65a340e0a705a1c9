import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TEventTicketsResponse, TNextEventsResponse } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../../db/orm.ts';
import { createCatalogue } from '../../modules/catalogue/catalogue-read-model.ts';
import { createSnapshotStore } from '../../modules/catalogue/snapshot-store.ts';
import { touchEvents } from '../../modules/catalogue/touch-events.ts';
import { DEMO_SLUGS } from '../../modules/demo/demo-catalogue.ts';
import { seedDemoData } from '../../modules/demo/seed-demo-data.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const festivalFile = `/assets/api/getEventTicketsBySlug/${DEMO_SLUGS.festival}.json`;

describe.each(testDatabases())('snapshot files on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database, t.log);
    await t.catalogue.refresh();
  });
  afterAll(() => t.close());

  const api = (eventSlug: string) =>
    t.request('/api/v2/getEventTicketsBySlug', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: null, eventSlug }),
    });

  it('holds exactly what the API answers, for events, next events and groups', async () => {
    const file = await t.request(`${festivalFile}?t=123`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(await (await api(DEMO_SLUGS.festival)).text());
    const next = await t.request('/assets/api/nextEvents.json');
    expect(await next.text()).toBe(await (await t.request('/api/v3/nextEvents')).text());
    const group = await t.request(`/assets/api/eventgroup/${DEMO_SLUGS.group}.json`);
    const id = ((await group.json()) as { id: number }).id;
    expect((await t.request(`/assets/api/eventgroup/${id}.json`)).status).toBe(200);
  });

  it('is cached briefly and revalidated by ETag, never immutable', async () => {
    const file = await t.request(festivalFile);
    const cacheControl = file.headers.get('cache-control')!;
    expect(cacheControl).toMatch(/max-age=\d\b/);
    expect(cacheControl).not.toContain('immutable');
    const etag = file.headers.get('etag')!;
    const again = await t.request(festivalFile, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('is rewritten when availability changes, so a sold-out lot shows as sold out', async () => {
    await t.database.db.execute(sql`
      update ticket_lots set sold = capacity where number = 2 and ticket_id in (
        select t.id from event_tickets t join event_sections s on s.id = t.section_id
        join events e on e.id = s.event_id where e.slug = ${DEMO_SLUGS.festival} and s.name = 'Pista')`);
    await touchEvents(t.database.db, [t.catalogue.eventId(DEMO_SLUGS.festival)!]);
    await t.catalogue.refresh();
    const body = (await (await t.request(festivalFile)).json()) as TEventTicketsResponse;
    const inteira = body.sections[0]!.tickets[0]!;
    expect(inteira.lots.map((l) => l.availability)).toEqual(['Indisponivel', 'Indisponivel', 'Disponivel']);
    expect(inteira.lotNumber).toBe(3);
  });

  /** Every availability word an event's answer carries: tickets, their lots, seats and tables. */
  const statuses = (body: TEventTicketsResponse) =>
    body.sections.flatMap((section) => [
      ...section.tickets.flatMap((ticket) => [
        ticket.availability,
        ...ticket.lots.map((l) => l.availability),
      ]),
      ...section.controlledPlaces.map((place) => place.status),
    ]);

  it("lists a past event's lots as not on sale, in its file and in the event call", async () => {
    const file = (await (
      await t.request(`/assets/api/getEventTicketsBySlug/${DEMO_SLUGS.past}.json`)
    ).json()) as TEventTicketsResponse;
    const call = (await (await api(DEMO_SLUGS.past)).json()) as TEventTicketsResponse;
    for (const body of [file, call]) {
      expect(statuses(body).length).toBeGreaterThan(0);
      // Sales ended (spec §4 'Evento ja Realizado'): nothing says Disponivel, and nothing is offered.
      expect(new Set(statuses(body))).toEqual(new Set(['Desativado']));
      expect(body.sections.every((s) => s.tickets.every((ticket) => ticket.available === 0))).toBe(true);
    }
  });

  it('rewrites an event the moment it becomes past, with nothing else changed', async () => {
    const sambaStart = Date.parse(
      ((await (await api(DEMO_SLUGS.samba)).json()) as TEventTicketsResponse).date,
    );
    let clock = new Date();
    const root = `${t.catalogue.snapshots.root}-clock`;
    const other = createCatalogue({
      database: t.database,
      log: t.log,
      snapshots: createSnapshotStore(root),
      pollMs: 60_000,
      now: () => clock,
    });
    await other.start();
    try {
      const before = JSON.parse(other.eventTickets(DEMO_SLUGS.samba)!.json) as TEventTicketsResponse;
      expect(statuses(before)).toContain('Disponivel');
      // A day and a minute after it started, the event is past (spec §4).
      clock = new Date(sambaStart + 24 * 3600_000 + 60_000);
      await other.refresh();
      const after = JSON.parse(other.eventTickets(DEMO_SLUGS.samba)!.json) as TEventTicketsResponse;
      expect(new Set(statuses(after))).toEqual(new Set(['Desativado']));
      expect(after.sections.flatMap((s) => s.controlledPlaces.map((p) => p.available))).toEqual(
        after.sections.flatMap((s) => s.controlledPlaces.map(() => 0)),
      );
    } finally {
      await other.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers 404 for a removed file while the API still answers', async () => {
    rmSync(path.join(t.catalogue.snapshots.root, `getEventTicketsBySlug/${DEMO_SLUGS.theatre}.json`));
    expect((await t.request(`/assets/api/getEventTicketsBySlug/${DEMO_SLUGS.theatre}.json`)).status).toBe(
      404,
    );
    expect((await api(DEMO_SLUGS.theatre)).status).toBe(200);
    expect((await t.request('/assets/api/../../package.json')).status).toBe(404);
    expect((await t.request('/assets/api/nope.json')).status).toBe(404);
  });

  it('reaches another process within its poll interval, with no call between them', async () => {
    // A second catalogue on the same database stands for another server process.
    const other = createCatalogue({
      database: t.database,
      log: t.log,
      snapshots: createSnapshotStore(`${t.catalogue.snapshots.root}-other`),
      pollMs: 50,
    });
    await other.start();
    try {
      await t.database.db.execute(
        sql`update events set published = false, revision = revision + 1 where slug = ${DEMO_SLUGS.free}`,
      );
      await vi.waitFor(
        () => {
          const next = JSON.parse(other.nextEvents().json) as TNextEventsResponse;
          expect(next.events.map((e) => e.slug)).not.toContain(DEMO_SLUGS.free);
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(other.eventTickets(DEMO_SLUGS.free)).toBeUndefined();
    } finally {
      await other.stop();
      rmSync(`${t.catalogue.snapshots.root}-other`, { recursive: true, force: true });
    }
  });
});

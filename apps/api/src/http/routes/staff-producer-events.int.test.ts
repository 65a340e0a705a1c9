import type { TImportEvent } from '@ingressos/contracts';
import type {
  TProducerEventDocument,
  TProducerEventList,
  TProducerEventSaved,
} from '@ingressos/contracts/staff-producer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from '../../db/orm.ts';
import { events, staffAccounts, staffAuditLog, ticketLots } from '../../db/schema/index.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TErr = { code?: string; Message?: string; issues?: { path: string; message: string }[] };
const EVENTS = '/api/staff/producer/events';

/**
 * Issue 34: a producer creates and edits their events as one import document, through the
 * console's calls: the revision check, the slug and producer name kept, the import's refusals with
 * paths inside the event, the status actions, the export; each change with its audit line.
 */
describe.each(testDatabases())('the producer edits events on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let admin: Awaited<ReturnType<typeof staffSession>>;

  /** The cart fixture, with a category the import format knows (its 'Shows' is the old label). */
  const fixture = async () => {
    const made = await createCartFixture(t.database.db);
    await t.database.db
      .update(events)
      .set({ category: 'show' })
      .where(inArray(events.id, [made.eventId, made.otherEventId]));
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    f = await fixture();
    admin = await staffSession(t.database.db, { role: 'admin' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const call = async <T>(
    who: { headers: Record<string, string> },
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await t.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...who.headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T & TErr, response };
  };
  const read = (who: { headers: Record<string, string> }, eventId: number) =>
    call<TProducerEventDocument>(who, 'GET', `${EVENTS}/${eventId}/document`);
  /** A new event's document: the fixture's, under another slug and producer name. */
  const newDocument = async (slug: string, producer: string): Promise<TImportEvent> => {
    const { body } = await read(admin, f.eventId);
    return { ...body.document, slug, name: `Festival ${slug}`, producer };
  };
  const audit = (eventId: number) =>
    t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, String(eventId)));

  it('creates an event from a document: in the producer scope, audited; a taken slug is 409', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer' });
    const slug = `festival-${Date.now().toString(36)}`;
    const created = await call<TProducerEventSaved>(producer, 'POST', EVENTS, {
      document: await newDocument(slug, `Produtora ${slug}`),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug, outcome: 'created', revision: 1 });
    const [account] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, producer.id));
    expect(account!.eventIds).toEqual([created.body.eventId]);
    expect((await audit(created.body.eventId)).map((row) => row.action)).toEqual(['event.create']);
    const list = await call<TProducerEventList>(producer, 'GET', EVENTS);
    expect(list.body.events.map((event) => event.id)).toEqual([created.body.eventId]);
    expect(list.body.events[0]).toMatchObject({ slug, status: 'on_sale', sold: 0 });

    const again = await call(producer, 'POST', EVENTS, {
      document: await newDocument(slug, `Produtora ${slug}`),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('event_slug_taken');
    // Someone else's producer name is not theirs to sign with.
    const other = await call(producer, 'POST', EVENTS, {
      document: await newDocument(`${slug}-b`, (await read(admin, f.eventId)).body.document.producer),
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('event_producer_fixed');
  });

  it('refuses a document the import refuses (422, paths inside the event), writing nothing', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer' });
    const document = await newDocument(`bad-${Date.now().toString(36)}`, `Produtora bad ${Date.now()}`);
    const bad = { ...document, sections: [{ ...document.sections[0]!, tickets: [] }] };
    const refused = await call(producer, 'POST', EVENTS, { document: bad });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('event_invalid');
    expect(refused.body.issues?.[0]?.path).toMatch(/^sections\[0\]\.tickets/);
    const [account] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, producer.id));
    expect(account!.eventIds).toEqual([]);
  });

  it('saves from the revision read; a second save from the same revision is 409 event_changed', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.eventId] });
    const first = await read(producer, f.eventId);
    expect(first.status).toBe(200);
    expect(first.body.url).toBe(`/events/${f.slug}`);
    const saved = await call<TProducerEventSaved>(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
      revision: first.body.revision,
      document: { ...first.body.document, description: 'Agora com convidados.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ outcome: 'updated', revision: first.body.revision + 1 });
    const stale = await call(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
      revision: first.body.revision,
      document: { ...first.body.document, description: 'Outra coisa.' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('event_changed');
    expect((await read(producer, f.eventId)).body.document.description).toBe('Agora com convidados.');
    expect((await audit(f.eventId)).filter((row) => row.action === 'event.update')).toHaveLength(1);
  });

  it('keeps the slug and the producer name, and never takes capacity below sold + held', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.eventId] });
    const now = (await read(producer, f.eventId)).body;
    const slug = await call(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
      revision: now.revision,
      document: { ...now.document, slug: `${now.document.slug}-x` },
    });
    expect([slug.status, slug.body.code]).toEqual([422, 'event_slug_fixed']);
    const name = await call(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
      revision: now.revision,
      document: { ...now.document, producer: 'Outra Produtora' },
    });
    expect([name.status, name.body.code]).toEqual([422, 'event_producer_fixed']);
    // Two units held by a buyer: the first lot cannot shrink to one.
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(f.lotId, 2)).status).toBe(200);
    const held = (await read(producer, f.eventId)).body;
    expect(held.lots.find((lot) => lot.lotId === f.lotId)).toMatchObject({ held: 2, sold: 0 });
    const section = held.document.sections[0]!;
    const shrunk = {
      ...held.document,
      sections: [
        {
          ...section,
          tickets: section.tickets.map((ticket, i) =>
            i === 0
              ? { ...ticket, lots: ticket.lots.map((lot, k) => (k === 0 ? { ...lot, quantity: 1 } : lot)) }
              : ticket,
          ),
        },
        ...held.document.sections.slice(1),
      ],
    };
    const refused = await call(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
      revision: held.revision,
      document: shrunk,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('event_invalid');
    expect(refused.body.issues?.[0]?.path).toMatch(/^sections\[0\]\.tickets\[0\]\.lots\[0\]/);
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    expect(lot!.capacity).toBe(10);
  });

  it('publishes, unpublishes, marks sold out and reopens through the save path, audited', async () => {
    const g = await fixture();
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [g.eventId] });
    const status = (action: string) =>
      call<TProducerEventSaved>(producer, 'POST', `${EVENTS}/${g.eventId}/status`, { action });
    expect((await status('unpublish')).body.outcome).toBe('updated');
    expect((await read(producer, g.eventId)).body).toMatchObject({
      status: 'draft',
      document: { published: false },
    });
    expect((await status('publish')).status).toBe(200);
    expect((await status('sold_out')).status).toBe(200);
    expect((await read(producer, g.eventId)).body.status).toBe('sold_out');
    const lots = () => t.database.db.select().from(ticketLots).where(eq(ticketLots.id, g.lotId));
    expect((await lots())[0]!.disabled).toBe(true);
    expect((await status('reopen')).status).toBe(200);
    expect((await lots())[0]!.disabled).toBe(false);
    expect((await read(producer, g.eventId)).body.status).toBe('on_sale');
    expect((await audit(g.eventId)).map((row) => row.action).sort()).toEqual(
      ['event.publish', 'event.reopen', 'event.sold_out', 'event.unpublish'].sort(),
    );
  });

  it('exports the event as an import file that imports back unchanged', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.eventId] });
    const exported = await call<{ events: TImportEvent[] }>(
      producer,
      'GET',
      `${EVENTS}/${f.eventId}/export.json`,
    );
    expect(exported.status).toBe(200);
    expect(exported.response.headers.get('content-disposition')).toBe(
      `attachment; filename="${f.slug}.json"`,
    );
    const now = (await read(producer, f.eventId)).body;
    const same = await call<TProducerEventSaved>(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
      revision: now.revision,
      document: exported.body.events[0],
    });
    expect(same.body).toMatchObject({ outcome: 'unchanged', revision: now.revision });
  });

  it("refuses a producer every call on another producer's event, and a gate or support any of them", async () => {
    const mine = await staffSession(t.database.db, { role: 'producer', eventIds: [f.otherEventId] });
    const paths: [string, string, unknown?][] = [
      ['GET', 'document'],
      ['PUT', 'document', { revision: 1, document: {} }],
      ['GET', 'export.json'],
      ['POST', 'status', { action: 'publish' }],
      ['GET', 'courtesies'],
      ['POST', 'courtesies', { lotId: f.lotId, guests: [{ name: 'Ana Lima', cpf: '52998224725' }] }],
      ['GET', 'dashboard'],
      ['GET', 'orders.csv'],
      ['GET', 'attendees.csv'],
    ];
    const wrong: string[] = [];
    for (const [method, tail, body] of paths) {
      const answer = await call(mine, method, `${EVENTS}/${f.eventId}/${tail}`, body);
      if (answer.status !== 403 || answer.body.code !== 'staff_forbidden')
        wrong.push(`${method} ${tail}: ${answer.status}`);
      for (const role of ['gate', 'support'] as const) {
        const other = await staffSession(t.database.db, { role, eventIds: [f.eventId] });
        const refused = await call(other, method, `${EVENTS}/${f.eventId}/${tail}`, body);
        if (refused.status !== 403) wrong.push(`${role} ${method} ${tail}: ${refused.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // The list holds only their own event.
    const list = await call<TProducerEventList>(mine, 'GET', EVENTS);
    expect(list.body.events.map((event) => event.id)).toEqual([f.otherEventId]);
  });
});

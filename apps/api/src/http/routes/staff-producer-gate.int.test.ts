import type {
  TCheckInAnswer,
  TProducerEventDocument,
  TProducerPoster,
} from '@ingressos/contracts/staff-producer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from '../../db/orm.ts';
import { events, posterImages, staffAuditLog, ticketLots, tickets } from '../../db/schema/index.ts';
import { register } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { startedNow } from '../../testing/gate.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TErr = { code?: string };
const EVENTS = '/api/staff/producer/events';
const GATE = '/api/staff/gate/check-ins';

/**
 * Issue 34: the gate's check-in (first scan wins, every other answer named), the races that must
 * have exactly one winner (two scans, two saves of one revision, a courtesy and a buyer for the
 * last unit), and the poster upload (turned upright, cut to 3:4, WebP, refused when it is not one).
 */
describe.each(testDatabases())('the gate, the races and the posters on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let gate: Awaited<ReturnType<typeof staffSession>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    f = await createCartFixture(t.database.db);
    await startedNow(t.database.db, f.eventId, f.otherEventId);
    await t.database.db
      .update(events)
      .set({ category: 'show' })
      .where(inArray(events.id, [f.eventId, f.otherEventId]));
    gate = await staffSession(t.database.db, { role: 'gate', eventIds: [f.eventId] });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const send = async <T>(
    who: { headers: Record<string, string> },
    method: string,
    path: string,
    body?: unknown,
    type = 'application/json',
  ) => {
    const response = await t.request(path, {
      method,
      headers: { 'content-type': type, ...who.headers },
      ...(body === undefined
        ? {}
        : { body: body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T & TErr };
  };
  /** A paid order's tickets (a card on the sandbox) for lot `lotId`. */
  const bought = async (lotId: number, quantity = 1) => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(lotId, quantity)).status).toBe(200);
    const paid = await buyer.pay(`gate-${crypto.randomUUID()}`, cardBody('apro'));
    expect(paid.body.orderStatus).toBe(3);
    return t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId));
  };
  const scan = (qr: string, eventId = f.eventId, who = gate, gateName = 'Portão A') =>
    send<TCheckInAnswer>(who, 'POST', GATE, { qr, eventId, gate: gateName });

  it('checks a ticket in once; then already used, with the first time and gate', async () => {
    const [ticket] = await bought(f.lotId);
    const first = await scan(ticket!.qr);
    expect(first.body.result).toBe('ok');
    expect(first.body.ticket).toMatchObject({ ticketId: ticket!.id, section: 'Pista', gate: 'Portão A' });
    const again = await scan(ticket!.qr, f.eventId, gate, 'Portão B');
    expect(again.body).toMatchObject({
      result: 'already_used',
      ticket: { checkedInAt: first.body.ticket!.checkedInAt, gate: 'Portão A' },
    });
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(row!.checkedInBy).toBe(gate.id);
  });

  it('names every refusal: wrong event, revoked, refunded, invalid; and scopes the gate to its events', async () => {
    const [other] = await bought(f.otherEventLotId);
    expect((await scan(other!.qr)).body).toEqual({ result: 'wrong_event', ticket: null });
    // A gate of event A cannot check in for event B at all.
    const outside = await scan(other!.qr, f.otherEventId);
    expect([outside.status, outside.body.code]).toEqual([403, 'staff_forbidden']);
    const support = await staffSession(t.database.db, { role: 'support' });
    expect((await scan(other!.qr, f.otherEventId, support)).status).toBe(403);
    const [moved, refunded] = await bought(f.lotId, 2);
    await t.database.db.execute(sql`update tickets set qr_version = 2 where id = ${moved!.id}`);
    expect((await scan(moved!.qr)).body.result).toBe('revoked');
    await t.database.db.execute(
      sql`update tickets set voided_at = now(), void_reason = 'refunded' where id = ${refunded!.id}`,
    );
    expect((await scan(refunded!.qr)).body.result).toBe('refunded');
    expect((await scan(`${moved!.qr.slice(0, -4)}AAAA`)).body).toEqual({ result: 'invalid', ticket: null });
    const none = await t.database.db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [moved!.id, refunded!.id]));
    expect(none.map((row) => row.checkedInAt)).toEqual([null, null]);
    // The event's producer and an administrator may check in too.
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.otherEventId] });
    expect((await scan(other!.qr, f.otherEventId, producer)).body.result).toBe('ok');
  });

  it('of two scans of one ticket at once, exactly one is ok and the other already used', async () => {
    const [ticket] = await bought(f.lotId);
    const answers = await Promise.all([scan(ticket!.qr), scan(ticket!.qr)]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['already_used', 'ok']);
  });

  it('of two saves from one revision, exactly one is taken and the other is 409 event_changed', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.eventId] });
    const read = await send<TProducerEventDocument>(producer, 'GET', `${EVENTS}/${f.eventId}/document`);
    const save = (description: string) =>
      send(producer, 'PUT', `${EVENTS}/${f.eventId}/document`, {
        revision: read.body.revision,
        document: { ...read.body.document, description },
      });
    const answers = await Promise.all([save('Primeira versão.'), save('Segunda versão.')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('event_changed');
  });

  it('gives the last unit to exactly one of a courtesy and a buyer holding it at the same time', async () => {
    const g = await createCartFixture(t.database.db, { lotCapacity: 1 });
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [g.eventId] });
    const guest = await register(t);
    const buyer = await checkoutBuyer(t);
    const [given, held] = await Promise.all([
      send(producer, 'POST', `${EVENTS}/${g.eventId}/courtesies`, {
        lotId: g.lotId,
        guests: [{ name: 'Convidado', cpf: guest.input.cpf }],
      }),
      buyer.add(g.lotId, 1),
    ]);
    expect([given.status === 201, held.status === 200].filter(Boolean)).toHaveLength(1);
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, g.lotId));
    expect(lot!.sold + lot!.held).toBe(1);
  });

  it('stores an uploaded poster upright, cut to 3:4, as WebP named by its SHA-256; refuses other files', async () => {
    const producer = await staffSession(t.database.db, { role: 'producer' });
    // 400 × 300, red on the left and blue on the right, stored with EXIF orientation 6 (turn 90° clockwise).
    const half = (r: number, b: number) =>
      sharp({ create: { width: 200, height: 300, channels: 3, background: { r, g: 0, b } } })
        .png()
        .toBuffer();
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .composite([
        { input: await half(255, 0), left: 0, top: 0 },
        { input: await half(0, 255), left: 200, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upload = (bytes: Uint8Array, type: string) =>
      send<TProducerPoster>(producer, 'POST', '/api/staff/producer/posters', bytes, type);
    const stored = await upload(photo, 'image/jpeg');
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({
      width: 1200,
      height: 1600,
      url: `/api/posters/${stored.body.posterId}.webp`,
    });
    expect(stored.body.posterId).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.database.db
      .select()
      .from(posterImages)
      .where(eq(posterImages.id, stored.body.posterId));
    const image = sharp(row!.bytes);
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    const pixel = async (top: number) => {
      const { data } = await sharp(row!.bytes)
        .extract({ left: 600, top, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[0]! > 128 ? 'red' : data[2]! > 128 ? 'blue' : 'other';
    };
    // Turned upright: the left (red) half is now on top.
    expect([await pixel(100), await pixel(1500)]).toEqual(['red', 'blue']);
    expect((await upload(photo, 'image/jpeg')).body.posterId).toBe(stored.body.posterId);
    expect((await upload(new TextEncoder().encode('not an image at all'), 'image/png')).status).toBe(422);
    expect((await upload(photo, 'image/gif')).status).toBe(415);
    expect((await upload(new Uint8Array(8 * 1024 * 1024 + 1), 'image/png')).status).toBe(413);
    const logged = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, stored.body.posterId));
    expect(logged.map((line) => line.action)).toEqual(['poster.upload', 'poster.upload']);
    const gateUpload = await send(gate, 'POST', '/api/staff/producer/posters', photo, 'image/jpeg');
    expect(gateUpload.status).toBe(403);
  });
});

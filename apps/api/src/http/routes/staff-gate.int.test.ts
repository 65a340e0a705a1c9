import type { TMyTicketsAnswer } from '@ingressos/contracts';
import {
  type TGateDuplicates,
  type TGateList,
  type TGateSyncAnswer,
  ZGateDuplicates,
  ZGateEventList,
  ZGateList,
  ZGateSyncAnswer,
  ZGateUndoAnswer,
} from '@ingressos/contracts/gate';
import type { TCheckInAnswer, TProducerDashboard } from '@ingressos/contracts/staff-producer';
import {
  fromBase64Url,
  hotp,
  ROTATION_STEP_SECONDS,
  rotatingQrText,
  stepAt,
  ticketRotationSecret,
  toBase64Url,
} from '@ingressos/domain/rotating-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from '../../db/orm.ts';
import { events, gateCheckInConflicts, staffAuditLog, tickets, users } from '../../db/schema/index.ts';
import { eventRotationKey } from '../../modules/gate/rotation-keys.ts';
import { register, withCookie } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TErr = { code?: string };
type TTicket = typeof tickets.$inferSelect;
const GATE = '/api/staff/gate';

/**
 * Issue 35: the gate's rotating codes (online check), the offline list and its delta, the sync of
 * offline check-ins (first to the server wins, the others are duplicates), the undo, and the scope.
 */
describe.each(testDatabases())('the offline gate on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let gate: Awaited<ReturnType<typeof staffSession>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    // Every test buys from the one lot (about 20 tickets in all, 6 more on PostgreSQL's race).
    f = await createCartFixture(t.database.db, { lotCapacity: 40 });
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
  ) => {
    const response = await t.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...who.headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T & TErr };
  };
  const mode = (ticketCode: 'static' | 'rotating' | 'rotating_printable', eventId = f.eventId) =>
    t.database.db.update(events).set({ ticketCode }).where(eq(events.id, eventId));
  /** A paid order of `quantity` tickets of lot `lotId`, and its buyer. */
  const bought = async (quantity = 1, lotId = f.lotId) => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(lotId, quantity)).status).toBe(200);
    const paid = await buyer.pay(`gate35-${crypto.randomUUID()}`, cardBody('apro'));
    expect(paid.body.orderStatus).toBe(3);
    const issued = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, paid.body.orderId))
      .orderBy(tickets.unit);
    return { buyer, tickets: issued };
  };
  const scan = (qr: string, who = gate) =>
    send<TCheckInAnswer>(who, 'POST', `${GATE}/check-ins`, { qr, eventId: f.eventId, gate: 'Portão A' });
  /** The rotating QR text of a ticket at `step` (its current version unless told). */
  const rotating = async (ticket: TTicket, step: number, version = ticket.qrVersion, jws = ticket.qr) => {
    const key = fromBase64Url(await eventRotationKey(t.database.db, ticket.eventId));
    return rotatingQrText(jws, step, await hotp(await ticketRotationSecret(key, ticket.id, version), step));
  };
  /** Waits out the last second of a time step, so a code made now is judged at the same step. */
  const clearOfStepEnd = async () => {
    const left = ROTATION_STEP_SECONDS * 1000 - (Date.now() % (ROTATION_STEP_SECONDS * 1000));
    if (left < 1_500) await new Promise((resolve) => setTimeout(resolve, left + 50));
    return stepAt(Date.now());
  };
  /** A transfer as confirm-transfer.ts makes it: new owner and holder, the QR re-signed at version + 1. */
  const transfer = async (ticket: TTicket, to: Awaited<ReturnType<typeof register>>) => {
    const [person] = await t.database.db.select().from(users).where(eq(users.id, to.userId));
    const version = ticket.qrVersion + 1;
    const qr = await t.app.checkout.signer.sign({
      tid: ticket.id,
      eid: ticket.eventId,
      lot: ticket.lotId,
      u: ticket.unit,
      v: version,
    });
    await t.database.db
      .update(tickets)
      .set({ userId: to.userId, holderCpf: person!.document, qr, qrVersion: version })
      .where(eq(tickets.id, ticket.id));
    return { ...ticket, qr, qrVersion: version, userId: to.userId };
  };
  const myTickets = async (cookie: string) =>
    (await t.request('/api/tickets/mine', withCookie(cookie)).then((r) => r.json())) as TMyTicketsAnswer;
  const sync = (deviceId: string, checkIns: unknown[], since?: string, who = gate) =>
    send<TGateSyncAnswer>(who, 'POST', `${GATE}/events/${f.eventId}/sync`, {
      deviceId,
      checkIns,
      ...(since ? { since } : {}),
    });
  const offline = (ticket: TTicket, gateName = 'Portão B', v = ticket.qrVersion) => ({
    clientId: `c-${crypto.randomUUID()}`,
    ticketId: ticket.id,
    v,
    at: new Date(Date.now() - 60_000).toISOString(),
    gate: gateName,
  });

  it('checks rotating codes: the current step and one either side; older stale, forged invalid; static by mode', async () => {
    await mode('rotating');
    const {
      tickets: [a, b, c, d],
    } = await bought(4);
    const step = await clearOfStepEnd();
    expect((await scan(await rotating(a!, step - 2))).body.result).toBe('stale_code');
    expect((await scan(await rotating(a!, step + 2))).body.result).toBe('stale_code');
    const forged = (await rotating(a!, step)).replace(/\d{6}$/, (code) =>
      String((Number(code) + 1) % 1e6).padStart(6, '0'),
    );
    expect((await scan(forged)).body).toEqual({ result: 'invalid', ticket: null });
    expect((await scan(a!.qr)).body.result).toBe('static_not_accepted');
    expect(
      (await t.database.db.select().from(tickets).where(eq(tickets.id, a!.id)))[0]!.checkedInAt,
    ).toBeNull();
    expect((await scan(await rotating(a!, step - 1))).body.result).toBe('ok');
    expect((await scan(await rotating(b!, step + 1))).body.result).toBe('ok');
    expect((await scan(await rotating(c!, step))).body.result).toBe('ok');
    expect((await scan(await rotating(c!, step))).body.result).toBe('already_used');
    await mode('rotating_printable');
    expect((await scan(d!.qr)).body.result).toBe('ok');
    await mode('static');
  });

  it("gives the holder's device its rotating data; a transfer gives the new holder another secret and revokes the old codes", async () => {
    await mode('rotating');
    const {
      buyer,
      tickets: [ticket],
    } = await bought(1);
    const mine = (await myTickets(buyer.person.cookie)).upcoming.flatMap((e) => e.tickets);
    const shown = mine.find((k) => k.id === ticket!.id)!;
    const key = fromBase64Url(await eventRotationKey(t.database.db, f.eventId));
    expect(shown).toMatchObject({
      qr: '',
      qrSvg: '',
      rotating: {
        jws: ticket!.qr,
        secret: toBase64Url(await ticketRotationSecret(key, ticket!.id, 1)),
        stepSeconds: ROTATION_STEP_SECONDS,
      },
    });
    const other = await register(t);
    const moved = await transfer(ticket!, other);
    const theirs = (await myTickets(other.cookie)).upcoming
      .flatMap((e) => e.tickets)
      .find((k) => k.id === ticket!.id)!;
    expect(theirs.rotating!.secret).not.toBe(shown.rotating!.secret);
    expect(theirs.rotating!.jws).toBe(moved.qr);
    const before = (await myTickets(buyer.person.cookie)).upcoming.flatMap((e) => e.tickets);
    expect(before.find((k) => k.id === ticket!.id)).toMatchObject({
      status: 'transferred',
      rotating: null,
      qr: '',
    });
    const step = await clearOfStepEnd();
    expect((await scan(await rotating(ticket!, step, 1))).body.result).toBe('revoked');
    expect((await scan(await rotating(moved, step))).body.result).toBe('ok');
    await mode('rotating_printable');
    const printable = (await myTickets(other.cookie)).upcoming
      .flatMap((e) => e.tickets)
      .find((k) => k.id === ticket!.id)!;
    expect(printable.qr).toBe(moved.qr);
    expect(printable.rotating).not.toBeNull();
    await mode('static');
    expect(
      (await myTickets(other.cookie)).upcoming.flatMap((e) => e.tickets).find((k) => k.id === ticket!.id)!
        .rotating,
    ).toBeNull();
  });

  it('lists the event for the gate without a CPF in the clear; the next delta has a transfer, a refund and another device', async () => {
    const {
      tickets: [moving, refunding, scanned],
    } = await bought(3);
    const list = await send<TGateList>(gate, 'GET', `${GATE}/events/${f.eventId}/list`);
    expect(list.status).toBe(200);
    // The answers are the contract's (the gate app builds against it).
    expect(ZGateList.safeParse(list.body).error).toBeUndefined();
    expect(list.body.rotationKey).toBe(await eventRotationKey(t.database.db, f.eventId));
    expect(list.body.publicKeyJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    const row = list.body.tickets.find((k) => k.id === moving!.id)!;
    expect(row).toMatchObject({
      v: 1,
      voided: false,
      checkedInAt: null,
      orderCode: moving!.orderId.slice(0, 8).toUpperCase(),
    });
    const holders = await t.database.db
      .select({ cpf: tickets.holderCpf })
      .from(tickets)
      .where(eq(tickets.eventId, f.eventId));
    const text = JSON.stringify(list.body);
    for (const { cpf } of holders) {
      const digits = cpf.replace(/\D/g, '');
      expect(text).not.toContain(digits);
      expect(text).not.toContain(
        `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`,
      );
    }
    const { createHash } = await import('node:crypto');
    expect(row.cpfHash).toBe(
      createHash('sha256').update(`${list.body.cpfSalt}${moving!.holderCpf}`).digest('hex'),
    );
    // A transfer, a refund, and another device's check-in after the list: all in the next delta.
    await transfer(moving!, await register(t));
    await t.database.db.execute(
      sql`update tickets set voided_at = now(), void_reason = 'refunded' where id = ${refunding!.id}`,
    );
    expect((await sync('device-other-1', [offline(scanned!, 'Portão C')])).body.results[0]!.result).toBe(
      'ok',
    );
    const delta = await send<TGateList>(
      gate,
      'GET',
      `${GATE}/events/${f.eventId}/list?since=${list.body.cursor}`,
    );
    const byId = new Map(delta.body.tickets.map((k) => [k.id, k]));
    expect(byId.get(moving!.id)).toMatchObject({ v: 2 });
    expect(byId.get(refunding!.id)).toMatchObject({ voided: true });
    expect(byId.get(scanned!.id)).toMatchObject({ checkInGate: 'Portão C', checkedInAt: expect.any(String) });
    expect(delta.body.cursor).toMatch(/^c1\.\d+$/);
  });

  it('syncs two offline devices scanning one ticket: one ok, one duplicate reported once; retries answer the same', async () => {
    const {
      tickets: [ticket, moved, voided],
    } = await bought(3);
    const first = offline(ticket!, 'Portão A');
    const second = offline(ticket!, 'Portão B');
    const a = await sync('device-aaaa-1', [first]);
    expect(a.body.results).toEqual([
      { clientId: first.clientId, result: 'ok', firstAt: first.at, firstGate: 'Portão A' },
    ]);
    const b = await sync('device-bbbb-1', [second]);
    expect(ZGateSyncAnswer.safeParse(b.body).error).toBeUndefined();
    expect(b.body.results[0]).toMatchObject({
      result: 'duplicate',
      firstAt: first.at,
      firstGate: 'Portão A',
    });
    expect((await sync('device-bbbb-1', [second])).body.results).toEqual(b.body.results);
    expect((await sync('device-aaaa-1', [first])).body.results).toEqual(a.body.results);
    const conflicts = await t.database.db
      .select()
      .from(gateCheckInConflicts)
      .where(eq(gateCheckInConflicts.ticketId, ticket!.id));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      firstDevice: 'device-aaaa-1',
      duplicateDevice: 'device-bbbb-1',
      duplicateGate: 'Portão B',
    });
    const producer = await staffSession(t.database.db, { role: 'producer', eventIds: [f.eventId] });
    const listed = await send<TGateDuplicates>(producer, 'GET', `${GATE}/duplicates?eventId=${f.eventId}`);
    expect(ZGateDuplicates.safeParse(listed.body).error).toBeUndefined();
    expect(listed.body.duplicates.filter((d) => d.ticketId === ticket!.id)).toEqual([
      expect.objectContaining({ firstGate: 'Portão A', duplicateDevice: 'device-bbbb-1', section: 'Pista' }),
    ]);
    const support = await staffSession(t.database.db, { role: 'support' });
    expect(
      (await send<TGateDuplicates>(support, 'GET', `${GATE}/duplicates`)).body.duplicates.map(
        (d) => d.ticketId,
      ),
    ).toContain(ticket!.id);
    expect((await send(gate, 'GET', `${GATE}/duplicates`)).status).toBe(403);
    // Revoked after a transfer, refunded when void, unknown for no ticket of this event.
    await transfer(moved!, await register(t));
    await t.database.db.execute(
      sql`update tickets set voided_at = now(), void_reason = 'refunded' where id = ${voided!.id}`,
    );
    const late = await sync('device-aaaa-1', [
      offline(moved!),
      offline(voided!),
      { ...offline(voided!), ticketId: 'nope' },
    ]);
    expect(late.body.results.map((r) => r.result)).toEqual(['revoked', 'refunded', 'unknown']);
    const dashboard = await send<TProducerDashboard>(
      producer,
      'GET',
      `/api/staff/producer/events/${f.eventId}/dashboard`,
    );
    expect(dashboard.body.checkIns.byGate).toEqual(
      expect.arrayContaining([expect.objectContaining({ gate: 'Portão A' })]),
    );
  });

  it('undoes a check-in (audited); the ticket can enter again', async () => {
    const {
      tickets: [ticket],
    } = await bought(1);
    expect((await scan(ticket!.qr)).body.result).toBe('ok');
    const undo = (body: unknown) =>
      send<{ ticket: { checkedInAt: string | null } }>(
        gate,
        'POST',
        `${GATE}/check-ins/${ticket!.id}/undo`,
        body,
      );
    const undone = await undo({ eventId: f.eventId, reason: 'Escaneado por engano' });
    expect([undone.status, undone.body.ticket.checkedInAt]).toEqual([200, null]);
    expect(ZGateUndoAnswer.safeParse(undone.body).error).toBeUndefined();
    expect((await undo({ eventId: f.eventId, reason: 'De novo' })).body.code).toBe('gate_not_checked_in');
    const logged = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetId, ticket!.id), eq(staffAuditLog.action, 'ticket.check_in_undo')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ staffId: gate.id, reason: 'Escaneado por engano' });
    expect((await scan(ticket!.qr)).body.result).toBe('ok');
  });

  it('refuses a gate agent of another event every gate call, whatever the id', async () => {
    const {
      tickets: [ticket],
    } = await bought(1);
    const stranger = await staffSession(t.database.db, { role: 'gate', eventIds: [f.otherEventId] });
    const calls = [
      ['GET', `${GATE}/events/${f.eventId}/list`, undefined],
      [
        'POST',
        `${GATE}/events/${f.eventId}/sync`,
        { deviceId: 'device-xxxx-1', checkIns: [offline(ticket!)] },
      ],
      ['POST', `${GATE}/check-ins/${ticket!.id}/undo`, { eventId: f.eventId, reason: 'não é meu' }],
      ['POST', `${GATE}/check-ins/${ticket!.id}/undo`, { eventId: f.otherEventId, reason: 'não é meu' }],
      ['POST', `${GATE}/check-ins`, { qr: ticket!.qr, eventId: f.eventId }],
      ['GET', `${GATE}/duplicates?eventId=${f.eventId}`, undefined],
    ] as const;
    for (const [method, path, body] of calls)
      expect((await send(stranger, method, path, body)).status, `${method} ${path}`).toBe(403);
    const listed = await send<{ events: { id: number }[] }>(stranger, 'GET', `${GATE}/events`);
    expect(ZGateEventList.safeParse(listed.body).error).toBeUndefined();
    expect(listed.body.events.map((e) => e.id)).toEqual([f.otherEventId]);
    expect(
      (await t.database.db.select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]!.checkedInAt,
    ).toBeNull();
  });

  // PostgreSQL only (PGlite has one connection: nothing runs at once there); not a skip: absent on PGlite.
  if (kind === 'postgres')
    it('ten devices syncing the same tickets at once: one check-in each, the rest conflicts', async () => {
      const { tickets: issued } = await bought(6);
      const devices = Array.from({ length: 10 }, (_, i) => `device-race-${i}`);
      const answers = await Promise.all(
        devices.map((device) =>
          sync(
            device,
            issued.map((k) => offline(k)),
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(devices.map(() => 200));
      for (const [i, ticket] of issued.entries()) {
        const results = answers.map((a) => a.body.results[i]!.result);
        expect(
          results.filter((r) => r === 'ok'),
          ticket.id,
        ).toHaveLength(1);
        expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);
        const conflicts = await t.database.db
          .select()
          .from(gateCheckInConflicts)
          .where(eq(gateCheckInConflicts.ticketId, ticket.id));
        expect(conflicts).toHaveLength(9);
      }
      const rows = await t.database.db.select().from(tickets).where(eq(tickets.orderId, issued[0]!.orderId));
      expect(rows.every((row) => row.checkedInAt !== null && devices.includes(row.checkedInDevice!))).toBe(
        true,
      );
    });
});

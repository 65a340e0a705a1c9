import {
  type TGateDuplicates,
  type TGateList,
  ZGateDuplicates,
  ZGateEventList,
  ZGateList,
  ZGateSyncAnswer,
  ZGateUndoAnswer,
} from '@ingressos/contracts/gate';
import type { TCheckInAnswer, TProducerDashboard } from '@ingressos/contracts/staff-producer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from '../../db/orm.ts';
import { events, gateCheckInConflicts, staffAuditLog, tickets } from '../../db/schema/index.ts';
import { eventRotationKey } from '../../modules/tickets/rotation-keys.ts';
import { register } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { GATE, gateTools, startedNow } from '../../testing/gate.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/**
 * Issue 35: the offline list and its delta, the sync of
 * offline check-ins (first to the server wins, the others are duplicates), the undo, and the scope.
 */
describe.each(testDatabases())('the offline gate on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let gate: Awaited<ReturnType<typeof staffSession>>;
  let tools: ReturnType<typeof gateTools>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    // Every test buys from the one lot (about 20 tickets in all, 6 more on PostgreSQL's race).
    f = await createCartFixture(t.database.db, { lotCapacity: 40 });
    await startedNow(t.database.db, f.eventId);
    gate = await staffSession(t.database.db, { role: 'gate', eventIds: [f.eventId] });
    tools = gateTools(t, f, gate);
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  it('lists the event for the gate without a CPF in the clear; the next delta has a transfer, a refund and another device', async () => {
    const { send, bought, transfer, sync, offline } = tools;
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
    const { send, bought, transfer, sync, offline } = tools;
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

  it("takes a sync above the API's 64 KB body limit, and refuses more than 5,000 check-ins (400)", async () => {
    const { sync } = tools;
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        clientId: `size-${i}-check`,
        ticketId: `no-such-ticket-${i}`,
        v: 1,
        at: new Date().toISOString(),
        gate: 'Portão A',
      }));
    const big = await sync('device-size-1', many(1_000));
    expect(big.status).toBe(200);
    expect(new Set(big.body.results.map((r) => r.result))).toEqual(new Set(['unknown']));
    expect((await sync('device-size-1', many(5_001))).status).toBe(400);
  });

  it('undoes a check-in (audited); the ticket can enter again', async () => {
    const { send, bought, scan } = tools;
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

  it('answers wrong_sector for a section the gate does not admit and wrong_day off the event’s day, writing nothing', async () => {
    const { send, bought, scan } = tools;
    const {
      tickets: [ticket],
    } = await bought(1);
    const at = (sections: string[]) =>
      send<TCheckInAnswer>(gate, 'POST', `${GATE}/check-ins`, {
        qr: ticket!.qr,
        eventId: f.eventId,
        gate: 'Portão Camarote',
        sections,
      });
    const checkedIn = async () =>
      (await t.database.db.select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]!.checkedInAt;
    const refused = await at(['Camarote']);
    expect(refused.body).toMatchObject({
      result: 'wrong_sector',
      ticket: { section: 'Pista', checkedInAt: null },
    });
    expect(await checkedIn()).toBeNull();
    // Yesterday (30 h ago: past 06:00 of the day after) and tomorrow, on the server's clock.
    const startAt = (ms: number) =>
      t.database.db
        .update(events)
        .set({ startsAt: new Date(Date.now() + ms) })
        .where(eq(events.id, f.eventId));
    try {
      for (const ms of [-30 * 3_600_000, 24 * 3_600_000]) {
        await startAt(ms);
        expect((await scan(ticket!.qr)).body.result, String(ms)).toBe('wrong_day');
      }
      expect(await checkedIn()).toBeNull();
    } finally {
      await startedNow(t.database.db, f.eventId);
    }
    expect((await at(['Camarote', 'Pista'])).body.result).toBe('ok');
    expect(await checkedIn()).not.toBeNull();
  });

  it('refuses a gate agent of another event every gate call, whatever the id', async () => {
    const { send, bought, offline } = tools;
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
      const { bought, sync, offline } = tools;
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

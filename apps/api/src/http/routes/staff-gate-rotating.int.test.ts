import {
  fromBase64Url,
  ROTATION_STEP_SECONDS,
  ticketRotationSecret,
  toBase64Url,
} from '@ingressos/domain/rotating-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../../db/orm.ts';
import { tickets } from '../../db/schema/index.ts';
import { eventRotationKey } from '../../modules/tickets/rotation-keys.ts';
import { register } from '../../testing/accounts.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { gateTools, startedNow } from '../../testing/gate.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/**
 * Issue 35: the online check of rotating codes (a step either side, stale, forged, static by the
 * event's mode) and the holder's rotating data in My tickets, before and after a transfer.
 */
describe.each(testDatabases())('the rotating ticket at the gate on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;
  let gate: Awaited<ReturnType<typeof staffSession>>;
  let tools: ReturnType<typeof gateTools>;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    f = await createCartFixture(t.database.db, { lotCapacity: 40 });
    await startedNow(t.database.db, f.eventId);
    gate = await staffSession(t.database.db, { role: 'gate', eventIds: [f.eventId] });
    tools = gateTools(t, f, gate);
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  it('checks rotating codes: the current step and one either side; older stale, forged invalid; static by mode', async () => {
    const { mode, bought, scan, rotating, clearOfStepEnd } = tools;
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
    const { mode, bought, scan, rotating, clearOfStepEnd, transfer, myTickets } = tools;
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
});

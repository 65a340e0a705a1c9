import type { TMyTicketsAnswer } from '@ingressos/contracts';
import type { TGateSyncAnswer } from '@ingressos/contracts/gate';
import type { TCheckInAnswer } from '@ingressos/contracts/staff-producer';
import {
  fromBase64Url,
  hotp,
  ROTATION_STEP_SECONDS,
  rotatingQrText,
  stepAt,
  ticketRotationSecret,
} from '@ingressos/domain/rotating-code';
import { expect } from 'vitest';
import type { TDb } from '../db/client.ts';
import { eq, inArray } from '../db/orm.ts';
import { events, tickets, users } from '../db/schema/index.ts';
import { eventRotationKey } from '../modules/tickets/rotation-keys.ts';
import { type register, withCookie } from './accounts.ts';
import type { TCartFixture } from './cart-fixture.ts';
import { cardBody, checkoutBuyer } from './checkout-buyer.ts';
import type { staffSession } from './staff.ts';
import type { TTestApp } from './test-app.ts';

type TErr = { code?: string };
export type TTicket = typeof tickets.$inferSelect;
export const GATE = '/api/staff/gate';

/**
 * The fixture's events start a month ahead; a gate admits a ticket on its event's day only
 * (wrong_day). Started a minute ago, an event is on its day at any hour of the test's clock (or,
 * past midnight, before 06:00 of the next: within six hours of the start), and still on sale.
 */
export async function startedNow(db: TDb, ...eventIds: number[]): Promise<void> {
  await db
    .update(events)
    .set({ startsAt: new Date(Date.now() - 60_000) })
    .where(inArray(events.id, eventIds));
}

/**
 * Issue 35's API tests (staff-gate*.int.test.ts): calls of the gate, purchases, the rotating code
 * of a ticket, a transfer as confirm-transfer.ts makes it, a device's offline check-in; over the
 * app, the event's fixture and its gate agent a test file's beforeAll made.
 */
export function gateTools(t: TTestApp, f: TCartFixture, gate: Awaited<ReturnType<typeof staffSession>>) {
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
  return { send, mode, bought, scan, rotating, clearOfStepEnd, transfer, myTickets, sync, offline };
}

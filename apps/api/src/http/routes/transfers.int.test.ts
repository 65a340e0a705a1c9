import type {
  TAddTransferAnswer,
  TCanTransferAnswer,
  TCartAnswer,
  TMyTicketsAnswer,
  TPaymentAnswer,
  TRevokedQrAnswer,
  TTransferListAnswer,
} from '@ingressos/contracts';
import type { TVisitorAnswer } from '@ingressos/contracts/visitor';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from '../../db/orm.ts';
import { events, eventTickets, mailOutbox, ticketLots, tickets, users } from '../../db/schema/index.ts';
import { ticketClaimsOf } from '../../modules/tickets/ticket-keys.ts';
import { brazilianAdult, register, type TRegistered, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const token = () => `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`;
const digits = (cpf: string) => cpf.replace(/\D/g, '');

describe.each(testDatabases())('ticket transfers, on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  const get = async <T>(path: string, cookie: string) => {
    const response = await t.request(path, { headers: { cookie } });
    return { status: response.status, body: (await response.json()) as T };
  };
  const send = async <T>(method: string, path: string, cookie: string, body: unknown) => {
    const response = await t.request(path, {
      method,
      ...withCookie(cookie),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T & TError };
  };
  const add = (cookie: string, ticketId: string, destinationCpf: string) =>
    send<TAddTransferAnswer>('POST', '/api/transferTicket/addTicketTransfer', cookie, {
      ticketId,
      destinationCpf,
    });
  const act = (
    verb: 'confirmTransfer' | 'returnTicketTransfer' | 'cancelTicketTransfer',
    cookie: string,
    id: string,
  ) => send<{ ok: boolean }>('PUT', `/api/transferTicket/${verb}`, cookie, { transferId: id });
  const mailsTo = async (email: string) => {
    await t.app.outbox.drain();
    return (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map(
      (m) => m.subject,
    );
  };
  /** The code of the latest transfer-code e-mail to this address. */
  const codeMailedTo = async (email: string) => {
    await t.app.outbox.drain();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt));
    const mail = mails.find((m) => m.subject.startsWith('Código para transferir ingressos'));
    return mail!.text.match(/\b(\d{6})\b/)![1]!;
  };
  /** The sender asks for the e-mailed code and confirms it (opens the 15-minute sending window). */
  const confirmSender = async (who: TRegistered) => {
    const asked = await send<{ status: boolean }>(
      'POST',
      '/api/transferTicket/createUserNotification',
      who.cookie,
      {},
    );
    expect(asked.status).toBe(200);
    const code = await codeMailedTo(who.input.email);
    const checked = await send<{ status: boolean }>('POST', '/api/validateTransferCode', who.cookie, {
      code,
    });
    expect([checked.status, checked.body.status]).toEqual([200, true]);
  };

  /** A buyer who paid for `quantity` tickets of a fresh event (options: per-CPF limit). */
  const buyerWithTickets = async (quantity: number, options: { ticketsPerCpf?: number } = {}) => {
    const f = await createCartFixture(t.database.db);
    if (options.ticketsPerCpf !== undefined) {
      const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
      await t.database.db
        .update(eventTickets)
        .set({ ticketsPerCpf: options.ticketsPerCpf })
        .where(eq(eventTickets.id, lot!.ticketId));
    }
    const person = await register(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity });
    expect(added.status).toBe(200);
    const cpfs = Array.from({ length: quantity }, () => digits(person.input.cpf));
    const paid = await t.request('/checkout/v1', {
      method: 'POST',
      ...withCookie(person.cookie, {
        'x-session-id': added.body.sessionID,
        'idempotency-key': `transfers-${Math.random().toString(36).slice(2)}`,
      }),
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: token(), installments: 1 },
        identificationTickets: options.ticketsPerCpf ? [{ indexItem: 0, cpfs: cpfs.slice(0, 1) }] : [],
      }),
    });
    const answer = (await paid.json()) as TPaymentAnswer & TError;
    expect([paid.status, answer.orderStatus, answer.Message]).toEqual([200, 3, undefined]);
    const issued = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, answer.orderId))
      .orderBy(tickets.unit);
    await confirmSender(person);
    return { person, fixture: f, tickets: issued };
  };

  const ticketsOf = async (who: TRegistered) => {
    const mine = await get<TMyTicketsAnswer>('/api/tickets/mine', who.cookie);
    return [...mine.body.upcoming, ...mine.body.past].flatMap((e) => e.tickets);
  };

  it('sends a ticket, the destination accepts: new owner, holder, a new QR, the old one revoked', async () => {
    const a = await buyerWithTickets(2);
    const b = await register(t);
    const ticket = a.tickets[1]!;
    const oldQr = ticket.qr;

    const lookup = await get<{ email: string }>(
      `/api/transferTicket/getUserEmailByCpf?cpf=${b.input.cpf}`,
      a.person.cookie,
    );
    expect(lookup.body.email).toMatch(/^an\*\*\*@exemplo\.com\.br$/);
    const can = await send<TCanTransferAnswer>('POST', '/v1/ticketTransfer/CanTransfer', a.person.cookie, {
      ticketId: ticket.id,
      destinationCpf: b.input.cpf,
    });
    expect(can.body).toEqual({ canTransfer: true, code: null, message: null });

    const sent = await add(a.person.cookie, ticket.id, b.input.cpf);
    expect(sent.status).toBe(201);
    expect(sent.body.email).toBe(lookup.body.email);
    expect(sent.body.transfer).toMatchObject({ direction: 'sent', status: 0, ticketId: ticket.id });
    // The destination hears of it by e-mail.
    expect(await mailsTo(b.input.email)).toContainEqual(expect.stringMatching(/transferiu um ingresso/));

    // The destination's pending list (the pop-up's call), the sender's sent list.
    const pending = await get<TTransferListAnswer>(
      '/api/transferTicket/getUserTransfers?transferStatus=0',
      b.cookie,
    );
    expect(pending.body.transfers).toHaveLength(1);
    expect(pending.body.transfers[0]).toMatchObject({
      direction: 'received',
      status: 0,
      destinationCpf: `***.${digits(b.input.cpf).slice(3, 6)}.${digits(b.input.cpf).slice(6, 9)}-**`,
      counterpart: 'Ana',
    });
    expect((await get<{ count: number }>('/api/transferTicket/pendingCount', b.cookie)).body.count).toBe(1);
    // The frame's bell says the same, asked by itself or as a page's render reads it (with the session).
    for (const env of [undefined, { sessions: new Map() }]) {
      const visitor = await t.app.request(
        'http://localhost/api/visitor',
        { headers: { cookie: b.cookie } },
        env,
      );
      expect(((await visitor.json()) as TVisitorAnswer).user?.pendingTransfers).toBe(1);
    }
    const sentList = await get<TTransferListAnswer>(
      '/api/transferTicket/getUserTransfers?direction=sent',
      a.person.cookie,
    );
    expect(sentList.body.transfers.map((x) => x.id)).toEqual([sent.body.transfer.id]);
    // Not yet theirs.
    expect(await ticketsOf(b)).toEqual([]);

    const accepted = await act('confirmTransfer', b.cookie, sent.body.transfer.id);
    expect(accepted.status).toBe(200);

    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ userId: b.userId, holderCpf: digits(b.input.cpf), qrVersion: 2 });
    expect(row!.qr).not.toBe(oldQr);
    expect(ticketClaimsOf(decodeJwt(row!.qr))).toMatchObject({ tid: ticket.id, v: 2 });
    expect(ticketClaimsOf(decodeJwt(oldQr))).toMatchObject({ tid: ticket.id, v: 1 });

    // B sees it with its new QR; A keeps only the other ticket, and sees the sent one as
    // transferred, without any QR.
    const bTickets = await ticketsOf(b);
    expect(bTickets.map((x) => [x.id, x.qr, x.status])).toEqual([[ticket.id, row!.qr, 'valid']]);
    const aTickets = await ticketsOf(a.person);
    expect(aTickets.filter((x) => x.status !== 'transferred').map((x) => x.id)).toEqual([a.tickets[0]!.id]);
    expect(aTickets.filter((x) => x.status === 'transferred')).toMatchObject([
      { id: ticket.id, qr: '', qrSvg: '' },
    ]);
    // B does not see A's payment.
    const bEvents = await get<TMyTicketsAnswer>('/api/tickets/mine', b.cookie);
    expect(bEvents.body.upcoming[0]!.orders).toEqual([]);

    // Gates learn that QR codes of this ticket below version 2 are void; the public key verifies the new one.
    const revoked = await t.request(`/api/tickets/revoked?eventId=${a.fixture.eventId}`);
    const list = (await revoked.json()) as TRevokedQrAnswer;
    expect(list.revoked).toEqual([{ tid: ticket.id, minVersion: 2 }]);
    await expect(t.app.checkout.signer.verify(row!.qr)).resolves.toMatchObject({ v: 2 });

    // The sender hears it was accepted; nothing is pending any more.
    expect(await mailsTo(a.person.input.email)).toContainEqual(expect.stringMatching(/foi aceita/));
    expect((await get<{ count: number }>('/api/transferTicket/pendingCount', b.cookie)).body.count).toBe(0);
    // Accepting twice does nothing more.
    const again = await act('confirmTransfer', b.cookie, sent.body.transfer.id);
    expect([again.status, again.body.Message]).toEqual([404, 'Erro ao atualizar transferência']);
    // And the new owner may pass it on; the old one may not.
    const back = await add(a.person.cookie, ticket.id, uniqueCpf());
    expect([back.status, back.body.Message]).toEqual([404, 'Erro ao transferir ingresso']);
  });

  it('refused (returned) and cancelled transfers leave the ticket with its sender', async () => {
    const a = await buyerWithTickets(1);
    const b = await register(t);
    const ticket = a.tickets[0]!;
    const first = await add(a.person.cookie, ticket.id, b.input.cpf);
    // Only the destination may refuse, only the sender may cancel.
    const wrongReturn = await act('returnTicketTransfer', a.person.cookie, first.body.transfer.id);
    expect([wrongReturn.status, wrongReturn.body.Message]).toEqual([
      404,
      'Erro ao devolver ingresso ao antigo dono.',
    ]);
    const wrongCancel = await act('cancelTicketTransfer', b.cookie, first.body.transfer.id);
    expect([wrongCancel.status, wrongCancel.body.Message]).toEqual([404, 'Erro ao cancelar transferência']);

    const refused = await act('returnTicketTransfer', b.cookie, first.body.transfer.id);
    expect(refused.status).toBe(200);
    expect(await mailsTo(a.person.input.email)).toContainEqual(expect.stringMatching(/foi recusada/));
    let [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ userId: a.person.userId, qr: ticket.qr, qrVersion: 1 });
    const cannotAccept = await act('confirmTransfer', b.cookie, first.body.transfer.id);
    expect(cannotAccept.status).toBe(404);

    const second = await add(a.person.cookie, ticket.id, b.input.cpf);
    expect(second.status).toBe(201);
    const cancelled = await act('cancelTicketTransfer', a.person.cookie, second.body.transfer.id);
    expect(cancelled.status).toBe(200);
    expect((await act('confirmTransfer', b.cookie, second.body.transfer.id)).status).toBe(404);
    [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ userId: a.person.userId, qrVersion: 1 });
    const all = await get<TTransferListAnswer>(
      '/api/transferTicket/getUserTransfers?direction=sent',
      a.person.cookie,
    );
    expect(all.body.transfers.map((x) => x.status).sort()).toEqual([2, 3]);
    expect(
      (await get<TTransferListAnswer>('/api/transferTicket/getUserTransfers?transferStatus=0', b.cookie)).body
        .transfers,
    ).toEqual([]);
  });

  it("refuses someone else's ticket, a second pending transfer, one's own CPF, a past event", async () => {
    const a = await buyerWithTickets(2);
    const intruder = await register(t);
    await confirmSender(intruder);
    const ticket = a.tickets[0]!;
    const theirs = await add(intruder.cookie, ticket.id, uniqueCpf());
    expect([theirs.status, theirs.body.Message]).toEqual([404, 'Erro ao transferir ingresso']);
    const unknown = await add(a.person.cookie, '00000000-0000-4000-8000-000000000000', uniqueCpf());
    expect([unknown.status, unknown.body.Message]).toEqual([404, 'Erro ao transferir ingresso']);
    const self = await add(a.person.cookie, ticket.id, a.person.input.cpf);
    expect([self.status, self.body.Message]).toEqual([
      400,
      'Você não pode transferir um ingresso para o seu próprio CPF.',
    ]);

    const first = await add(a.person.cookie, ticket.id, uniqueCpf());
    expect(first.status).toBe(201);
    const twice = await add(a.person.cookie, ticket.id, uniqueCpf());
    expect([twice.status, twice.body.Message]).toEqual([
      409,
      'Este ingresso já tem uma transferência pendente.',
    ]);
    const can = await send<TCanTransferAnswer>('POST', '/v1/ticketTransfer/CanTransfer', a.person.cookie, {
      ticketId: ticket.id,
    });
    expect(can.body).toMatchObject({ canTransfer: false, code: 'transfer_pending' });

    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(events.id, a.fixture.eventId));
    const past = await add(a.person.cookie, a.tickets[1]!.id, uniqueCpf());
    expect([past.status, past.body.code]).toEqual([409, 'event_past']);
  });

  it('a transfer to a CPF without an account reaches the account registered with it later', async () => {
    const a = await buyerWithTickets(1);
    const later = uniqueCpf();
    const sent = await add(a.person.cookie, a.tickets[0]!.id, later);
    expect([sent.status, sent.body.email]).toEqual([201, null]);
    const b = await register(t, brazilianAdult({ cpf: later }));
    const pending = await get<TTransferListAnswer>(
      '/api/transferTicket/getUserTransfers?transferStatus=0',
      b.cookie,
    );
    expect(pending.body.transfers.map((x) => x.id)).toEqual([sent.body.transfer.id]);
    expect((await act('confirmTransfer', b.cookie, sent.body.transfer.id)).status).toBe(200);
    expect((await ticketsOf(b)).map((x) => x.id)).toEqual([a.tickets[0]!.id]);
  });

  it('counts the per-CPF limit of the ticket type for the destination when accepting', async () => {
    // Limit 1 per CPF: B already holds one of this ticket type (bought it), so a second cannot arrive.
    const a = await buyerWithTickets(1, { ticketsPerCpf: 1 });
    const b = await register(t);
    // Two transfers to B, both pending, of two tickets of A's (B holds none yet).
    const other = await buyerWithTickets(1, { ticketsPerCpf: 1 });
    // Same ticket type: give A a second ticket of the type by moving other's ticket to A's account.
    await t.database.db
      .update(tickets)
      .set({ ticketId: a.tickets[0]!.ticketId, eventId: a.tickets[0]!.eventId, userId: a.person.userId })
      .where(eq(tickets.id, other.tickets[0]!.id));
    const one = await add(a.person.cookie, a.tickets[0]!.id, b.input.cpf);
    const two = await add(a.person.cookie, other.tickets[0]!.id, b.input.cpf);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await act('confirmTransfer', b.cookie, one.body.transfer.id)).status).toBe(200);
    const over = await act('confirmTransfer', b.cookie, two.body.transfer.id);
    expect([over.status, over.body.code]).toEqual([409, 'cpf_limit']);
    expect(over.body.Message).toMatch(/já atingiu o limite de ingressos deste tipo/);
    // Nothing moved: still pending, still A's, B may still refuse it.
    const [kept] = await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, other.tickets[0]!.id), eq(tickets.userId, a.person.userId)));
    expect(kept?.qrVersion).toBe(1);
    expect((await act('returnTicketTransfer', b.cookie, two.body.transfer.id)).status).toBe(200);
    // Sending a new one is refused up front.
    const refused = await add(a.person.cookie, other.tickets[0]!.id, b.input.cpf);
    expect([refused.status, refused.body.code]).toEqual([409, 'cpf_limit']);
  });

  it('sending needs the code e-mailed to the sender: wrong codes fail, five tries spend it, limits apply', async () => {
    const a = await register(t);
    const ticketId = '00000000-0000-4000-8000-000000000001';
    const before = await add(a.cookie, ticketId, uniqueCpf());
    expect([before.status, before.body.Message]).toEqual([
      403,
      'Confirme a transferência com o código enviado para o seu e-mail.',
    ]);
    const none = await send('POST', '/api/validateTransferCode', a.cookie, { code: '123456' });
    expect([none.status, none.body.code]).toEqual([400, 'code_invalid']);
    expect((await send('POST', '/api/transferTicket/createUserNotification', a.cookie, {})).status).toBe(200);
    const code = await codeMailedTo(a.input.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const tried = await send('POST', '/api/validateTransferCode', a.cookie, { code: wrong });
      expect([tried.status, tried.body.Message]).toEqual([
        400,
        'Código inválido ou expirado. Confira o e-mail ou peça um novo código.',
      ]);
    }
    // Five wrong tries spend the code: even the right one fails now; a new code works.
    expect((await send('POST', '/api/validateTransferCode', a.cookie, { code })).status).toBe(400);
    expect((await send('POST', '/api/transferTicket/createUserNotification', a.cookie, {})).status).toBe(200);
    const fresh = await codeMailedTo(a.input.email);
    const ok = await send<{ status: boolean; message: string }>(
      'POST',
      '/api/validateTransferCode',
      a.cookie,
      {
        code: fresh,
      },
    );
    expect([ok.status, ok.body.status, ok.body.message]).toEqual([200, true, 'Código validado.']);
    // Spent once used.
    expect((await send('POST', '/api/validateTransferCode', a.cookie, { code: fresh })).status).toBe(400);
    // Now sending gets past the code (this ticket is not theirs).
    const after = await add(a.cookie, ticketId, uniqueCpf());
    expect(after.body.code).toBe('transfer_failed');
    // Codes are limited: tries (10 in 15 minutes, 9 spent above) and e-mails (5 an hour, 2 spent).
    const tries: number[] = [];
    for (let i = 0; i < 3; i += 1)
      tries.push((await send('POST', '/api/validateTransferCode', a.cookie, { code: '000000' })).status);
    expect(tries).toEqual([400, 429, 429]);
    const mails: number[] = [];
    for (let i = 0; i < 4; i += 1)
      mails.push((await send('POST', '/api/transferTicket/createUserNotification', a.cookie, {})).status);
    expect(mails).toEqual([200, 200, 200, 429]);
    const badCode = await send('POST', '/api/validateTransferCode', a.cookie, { code: '12ab' });
    expect(badCode.status).toBe(400);
  });

  it('answers bad input with 400, anonymous callers with 401, and limits sending', async () => {
    const a = await buyerWithTickets(1);
    const cookie = a.person.cookie;
    const cases = [
      await send('POST', '/api/transferTicket/addTicketTransfer', cookie, '{not json'),
      await send('POST', '/api/transferTicket/addTicketTransfer', cookie, {
        ticketId: 'x',
        destinationCpf: '1',
      }),
      await send('POST', '/api/transferTicket/addTicketTransfer', cookie, {
        ticketId: a.tickets[0]!.id,
        destinationCpf: '123.456.789-00',
      }),
      await send('PUT', '/api/transferTicket/confirmTransfer', cookie, { transferId: 42 }),
      await send('PUT', '/api/transferTicket/cancelTicketTransfer', cookie, {}),
      await send('POST', '/v1/ticketTransfer/CanTransfer', cookie, []),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(cases[2]!.body.Message).toBe('Informe um CPF válido');
    const list = await get<TError>('/api/transferTicket/getUserTransfers?transferStatus=9', cookie);
    expect([list.status, list.body.Message]).toEqual([400, 'Erro ao buscar transferências']);
    expect((await t.request('/api/tickets/revoked?eventId=abc')).status).toBe(400);
    const anonymous = await t.request('/api/transferTicket/getUserTransfers?transferStatus=0');
    expect(anonymous.status).toBe(401);

    // Sending is limited per account (20 an hour): refused attempts count too.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1)
      statuses.push((await add(cookie, a.tickets[0]!.id, a.person.input.cpf)).status);
    // One was spent above by the invalid CPF: 19 more are answered, then 429.
    expect(statuses.slice(0, 19).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(19)).toEqual([429, 429, 429]);
  });
});

import type { TMyTicketsAnswer, TOrderAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/orm.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { pdfDrawing, pdfWords } from '../../testing/pdf-text.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

/** Issue 35: the PDF of a rotating-only event carries no code; the printable mode keeps the static QR. */
describe.each(testDatabases())('the tickets PDF by ticket-code mode on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** A buyer who paid one ticket of a fresh event in `mode`: the PDF and My tickets' answer. */
  const bought = async (mode: 'rotating' | 'rotating_printable' | 'static') => {
    const f = await createCartFixture(t.database.db);
    await t.database.db.execute(sql`update events set ticket_code = ${mode} where id = ${f.eventId}`);
    const b = await checkoutBuyer(t);
    expect((await b.add(f.lotId, 1)).status).toBe(200);
    const paid = await b.pay(`pdf-${mode}-${Date.now()}`, cardBody('apro'));
    expect(paid.body.orderStatus).toBe(3);
    const headers = { cookie: b.person.cookie };
    const pdf = Buffer.from(await (await t.request('/api/tickets/pdf', { headers })).arrayBuffer());
    const mine = (await (await t.request('/api/tickets/mine', { headers })).json()) as TMyTicketsAnswer;
    const order = (await (
      await t.request(`/api/checkout/orders/${paid.body.orderId}`, { headers })
    ).json()) as TOrderAnswer;
    return { pdf, ticket: mine.upcoming[0]!.tickets[0]!, receipt: order.receipt! };
  };

  it('rotating only: no QR drawn, the words to show the ticket in the app/site, no pass nor secret', async () => {
    const { pdf, ticket, receipt } = await bought('rotating');
    // The order's page prints no code either.
    expect(receipt.tickets.map((each) => each.qrSvg)).toEqual(['']);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfDrawing(pdf)).not.toMatch(/ re\b/);
    expect(pdfWords(pdf)).toContain('apresente o ingresso no app/site');
    const rotating = ticket.rotating!;
    expect(rotating.secret.length).toBeGreaterThan(20);
    const everything = `${pdf.toString('latin1')}\n${pdfDrawing(pdf)}\n${pdfWords(pdf)}`;
    expect(everything).not.toContain(rotating.secret);
    expect(everything).not.toContain(rotating.jws.split('.')[2]!);
  });

  it('rotating plus printable: the PDF keeps the static signed QR, and never the secret', async () => {
    const { pdf, ticket, receipt } = await bought('rotating_printable');
    expect(receipt.tickets[0]!.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(pdfDrawing(pdf)).toMatch(/ re\b/);
    expect(pdfWords(pdf)).not.toContain('apresente o ingresso no app/site');
    expect(`${pdf.toString('latin1')}\n${pdfDrawing(pdf)}`).not.toContain(ticket.rotating!.secret);
  });
});

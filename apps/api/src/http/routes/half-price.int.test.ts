import { API_MESSAGES, type TMyTicketsAnswer } from '@ingressos/contracts';
import type { TGateList } from '@ingressos/contracts/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { orders, tickets } from '../../db/schema/index.ts';
import { importCatalogue } from '../../modules/catalogue/import-catalogue.ts';
import { isoInZone } from '../../modules/catalogue/iso-in-zone.ts';
import { brazilianAdult, register, uniqueCpf, withCookie } from '../../testing/accounts.ts';
import { cardBody, checkoutBuyer } from '../../testing/checkout-buyer.ts';
import { GATE } from '../../testing/gate.ts';
import { pdfWords } from '../../testing/pdf-text.ts';
import { staffSession } from '../../testing/staff.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const PT = API_MESSAGES['pt-BR'].payment;
const SLUG = 'meia-entrada-36';
const DAY_MS = 86_400_000;
/** An ISO day `years` before the event (a month ahead), one day earlier (the birthday has passed). */
const bornYearsBeforeEvent = (years: number) => {
  const day = new Date(Date.now() + 30 * DAY_MS - DAY_MS);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
};
/** A date `days` from today at the event's venue (the fixture's São Paulo), as the payment reads "today". */
const inDays = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const STUDENT = { category: 'student', documentNumber: 'cie-2026-0001', documentIssuer: 'une' };

/**
 * Issue 36: the payment checks each half-price unit's claim (domain/half-price.ts) and refuses,
 * charging nothing, a holder not entitled; the category reaches the ticket, My tickets, its PDF and
 * the gate's list.
 */
describe.each(testDatabases())('half-price claims at the payment on %s', (kind) => {
  let t: TTestApp;
  let lotId: number;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' });
    const imported = await importCatalogue(t.database.db, {
      events: [
        {
          slug: SLUG,
          name: 'Meia-entrada',
          category: 'show',
          startsAt: isoInZone(new Date(Date.now() + 30 * DAY_MS), 'America/Sao_Paulo'),
          producer: 'Produtora de Teste',
          venue: { name: 'Casa de Teste', address: 'Rua A', city: 'Rio de Janeiro', state: 'RJ' },
          // The RJ teachers' state law only: SP's is not offered.
          halfPrice: { quotaPercent: 50, categories: ['teacher_rj'] },
          sections: [
            {
              name: 'Pista',
              tickets: [
                {
                  name: 'Meia',
                  halfPrice: true,
                  ticketsPerCpf: 4,
                  lots: [{ number: 1, price: 50, quantity: 40 }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(imported).toMatchObject({ ok: true });
    const [row] = await rows<{ lot_id: number; event_id: number }>(
      t.database.db,
      sql`select l.id as lot_id, e.id as event_id from ticket_lots l join event_tickets et on et.id = l.ticket_id
          join event_sections s on s.id = et.section_id join events e on e.id = s.event_id where e.slug = ${SLUG}`,
    );
    lotId = Number(row!.lot_id);
    eventId = Number(row!.event_id);
  });
  afterAll(async () => {
    await t.app.checkout.idle();
    await t.close();
  });

  /** A buyer holds `cpfs.length` half-price units and pays with these claims (one per unit, or none). */
  const attempt = async (cpfs: string[], halfPrice?: unknown[]) => {
    const buyer = await checkoutBuyer(t);
    expect((await buyer.add(lotId, cpfs.length)).status).toBe(200);
    const paid = await buyer.pay(
      `meia-${crypto.randomUUID()}`,
      cardBody('apro', 1, {
        identificationTickets: [{ indexItem: 0, cpfs, ...(halfPrice ? { halfPrice } : {}) }],
      }),
    );
    const made = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.person.userId));
    return { buyer, paid, orders: made };
  };
  const refused = async (cpfs: string[], halfPrice: unknown[] | undefined, message: string) => {
    const { paid, orders: made } = await attempt(cpfs, halfPrice);
    expect(paid.status).toBe(400);
    expect(paid.body.Message).toBe(message);
    // Nothing charged: no order (nor payment) was made.
    expect(made).toEqual([]);
  };

  it('issues a student with a valid CIE a ticket that says MEIA-ENTRADA · Estudante (My tickets, PDF, gate list)', async () => {
    const cpf = uniqueCpf();
    const { buyer, paid } = await attempt([cpf], [{ ...STUDENT, documentValidUntil: inDays(200) }]);
    expect(paid.status).toBe(200);
    expect(paid.body.orderStatus).toBe(3);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.orderId, paid.body.orderId));
    expect(ticket).toMatchObject({ holderCpf: cpf, halfPriceCategory: 'student' });

    const mine = (await t
      .request(`/api/tickets/mine?eventId=${eventId}`, withCookie(buyer.person.cookie))
      .then((r) => r.json())) as TMyTicketsAnswer;
    expect(mine.upcoming.flatMap((e) => e.tickets).map((k) => k.halfPriceCategory)).toEqual(['student']);

    const pdf = await t.request(
      `/api/tickets/pdf?orderId=${paid.body.orderId}`,
      withCookie(buyer.person.cookie),
    );
    expect(pdf.status).toBe(200);
    expect(pdfWords(Buffer.from(await pdf.arrayBuffer()))).toContain('MEIA-ENTRADA · Estudante');

    const gate = await staffSession(t.database.db, { role: 'gate', eventIds: [eventId] });
    const list = (await t
      .request(`${GATE}/events/${eventId}/list`, { headers: gate.headers })
      .then((r) => r.json())) as TGateList;
    expect(list.tickets.find((k) => k.id === ticket!.id)?.halfPrice).toBe('MEIA-ENTRADA · Estudante');
  });

  it('refuses an expired CIE, charging nothing', async () => {
    await refused(
      [uniqueCpf()],
      [{ ...STUDENT, documentValidUntil: inDays(-1) }],
      PT.half_price_document_expired,
    );
  });

  it('refuses a CIE without its validity, one message per missing field', async () => {
    await refused([uniqueCpf()], [STUDENT], PT.half_price_document_valid_until);
    await refused([uniqueCpf()], [{ category: 'student' }], PT.half_price_document_number);
  });

  it('refuses a 40-year-old as elderly: the account’s birth date counts, not the claim’s', async () => {
    const forty = bornYearsBeforeEvent(40).split('-').reverse().join('/');
    const holder = await register(t, brazilianAdult({ birthDate: forty }));
    await refused(
      [holder.input.cpf!],
      [{ category: 'elderly', birthDate: bornYearsBeforeEvent(70) }],
      PT.half_price_not_entitled,
    );
  });

  it('refuses a 30-year-old as ID Jovem (birth date from the claim: no account)', async () => {
    await refused(
      [uniqueCpf()],
      [{ category: 'id_jovem', documentNumber: 'IDJ12345678', birthDate: bornYearsBeforeEvent(30) }],
      PT.half_price_not_entitled,
    );
  });

  it('refuses a companion without a person with a disability in the order', async () => {
    await refused(
      [uniqueCpf(), uniqueCpf()],
      [{ category: 'disability_companion' }, { category: 'disability_companion' }],
      PT.half_price_companion,
    );
  });

  it('refuses a state category the event does not enable (SP teachers at an RJ-only event)', async () => {
    await refused(
      [uniqueCpf()],
      [{ category: 'teacher_sp', documentNumber: '123456' }],
      PT.half_price_not_offered,
    );
  });

  it('refuses a half-price unit without a claim', async () => {
    await refused([uniqueCpf(), uniqueCpf()], undefined, PT.half_price_missing);
    await refused([uniqueCpf(), uniqueCpf()], [{ category: 'disability' }], PT.half_price_missing);
  });
});

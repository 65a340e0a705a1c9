import type {
  TEventGroupResponse,
  TEventTicketsResponse,
  TNextEventsResponse,
  TSearchEventsResponse,
} from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SLUGS } from '../../modules/demo/demo-catalogue.ts';
import { seedDemoData } from '../../modules/demo/seed-demo-data.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

const tickets = (t: TTestApp, eventSlug: string) =>
  t.json<TEventTicketsResponse & { Message?: string; code?: string }>('/api/v2/getEventTicketsBySlug', {
    token: null,
    eventSlug,
  });

describe.each(testDatabases())('catalogue calls on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database, t.log);
    await t.catalogue.refresh();
  });
  afterAll(() => t.close());

  it('lists upcoming events by date, leaving out the past one', async () => {
    const response = await t.request('/api/v3/nextEvents');
    expect(response.status).toBe(200);
    const body = (await response.json()) as TNextEventsResponse;
    expect(body.events.length).toBeGreaterThanOrEqual(12);
    const slugs = body.events.map((e) => e.slug);
    expect(slugs).not.toContain(DEMO_SLUGS.past);
    const dates = body.events.map((e) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(body.events.map((e) => e.state)).size).toBeGreaterThanOrEqual(5);
  });

  it('answers an event with lots, fees, availability and the spec field names', async () => {
    const { status, body } = await tickets(t, DEMO_SLUGS.festival);
    expect(status).toBe(200);
    expect(body.currency).toBe(0);
    const pista = body.sections.find((s) => s.name === 'Pista')!;
    const inteira = pista.tickets.find((x) => x.ticketName === 'Inteira')!;
    // Lot 1 is sold out: lot 2 is the one on sale, with its id and count.
    expect(inteira.lots[0]).toMatchObject({ number: 1, availability: 'Indisponivel' });
    expect(inteira).toMatchObject({
      lotNumber: 2,
      lotId: inteira.lots[1]!.id,
      value: 220,
      taxTotal: 22,
      availability: 'Disponivel',
      available: 400,
      sectionName: 'Pista',
      type: 0,
      individualTicketControl: 'Sim',
    });
    expect(inteira.lots[2]).toMatchObject({ number: 3, availability: 'Disponivel' });
  });

  it('gives seats and whole tables their status and kind', async () => {
    const theatre = (await tickets(t, DEMO_SLUGS.theatre)).body;
    const plateia = theatre.sections.find((s) => s.name === 'Plateia')!;
    expect(plateia.type).toBe(1);
    const a1 = plateia.controlledPlaces.find((p) => p.alias === 'A1')!;
    const b1 = plateia.controlledPlaces.find((p) => p.alias === 'B1')!;
    expect(a1).toMatchObject({
      status: 'Indisponivel',
      available: 0,
      row: 'A',
      number: 1,
      SeatsTable: false,
    });
    expect(b1).toMatchObject({ status: 'Disponivel', available: 1 });

    const samba = (await tickets(t, DEMO_SLUGS.samba)).body;
    const mesas = samba.sections.find((s) => s.name === 'Mesas')!;
    expect(mesas).toMatchObject({ type: 2, bookAsAWhole: true, minQtd: 4, maxQtd: 4 });
    expect(mesas.controlledPlaces.find((p) => p.alias === 'M1')).toMatchObject({ status: 'Indisponivel' });
    expect(mesas.controlledPlaces.find((p) => p.alias === 'M3')).toMatchObject({
      status: 'Disponivel',
      available: 4,
      SeatsTable: true,
    });
  });

  it('carries the currency, facial and exclusive-access settings', async () => {
    expect((await tickets(t, DEMO_SLUGS.usd)).body).toMatchObject({ currency: 1, docType: 5 });
    expect((await tickets(t, DEMO_SLUGS.stadium)).body).toMatchObject({
      facialIsActive: true,
      facialValidationIsActive: true,
      maxTicketQuantityAddToCard: 4,
    });
    expect((await tickets(t, DEMO_SLUGS.exclusive)).body.exclusiveEmissorsAccess).toEqual([
      { type: 'cooperativeCard', name: 'Cartão Cooperativo' },
    ]);
    const free = (await tickets(t, DEMO_SLUGS.free)).body;
    expect(free.sections[0]!.tickets[0]).toMatchObject({ value: 0, taxTotal: 0 });
  });

  it('answers an unknown slug with 404 "Evento nao encontrado"', async () => {
    const { status, body } = await tickets(t, 'nao-existe');
    expect(status).toBe(404);
    expect(body).toEqual({ Message: 'Evento nao encontrado', code: 'event_not_found' });
  });

  it('serves the group by id and by slug, with its four events', async () => {
    const bySlug = await t.request(`/api/eventgroup/${DEMO_SLUGS.group}`);
    expect(bySlug.status).toBe(200);
    const group = (await bySlug.json()) as TEventGroupResponse;
    expect(group.events).toHaveLength(4);
    const byId = await t.request(`/api/eventgroup/${group.id}`);
    expect(((await byId.json()) as TEventGroupResponse).slug).toBe(DEMO_SLUGS.group);
    expect((await t.request('/api/eventgroup/9999')).status).toBe(404);
  });

  it('lists selling points of an event', async () => {
    const id = (await tickets(t, DEMO_SLUGS.theatre)).body.id;
    const { status, body } = await t.json<{ sellingPoints: { name: string }[] }>(
      '/api/v2/website/GetSellingPointsByEvent',
      { eventId: id },
    );
    expect(status).toBe(200);
    expect(body.sellingPoints[0]!.name).toContain('Bilheteria');
    expect((await t.json('/api/v2/website/GetSellingPointsByEvent', { eventId: 999_999 })).status).toBe(404);
  });

  it('searches without accents or case over name, city, venue and group', async () => {
    const search = async (s: string) =>
      (
        (await (
          await t.request(`/api/events/search?s=${encodeURIComponent(s)}`)
        ).json()) as TSearchEventsResponse
      ).events;
    const sp = await search('sao paulo');
    expect(sp.length).toBeGreaterThanOrEqual(3);
    expect(sp.every((e) => e.city === 'São Paulo')).toBe(true);
    expect((await search('ALLIANZ')).map((e) => e.slug)).toEqual([DEMO_SLUGS.stadium]);
    expect(await search('raizes nordeste')).toHaveLength(4);
    expect(await search('nada-disso-existe')).toEqual([]);
  });

  it('draws a poster for each event', async () => {
    const response = await t.request(`/api/posters/${DEMO_SLUGS.festival}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toContain('FESTIVAL');
    expect((await t.request('/api/posters/nope.svg')).status).toBe(404);
  });
});

import type { TCartAnswer } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../../db/orm.ts';
import { cartHolds, carts, controlledPlaces, promoCodes, ticketLots } from '../../db/schema/index.ts';
import { sweepExpiredHolds } from '../../modules/cart/sweep-expired-holds.ts';
import { createCartFixture, type TCartFixture } from '../../testing/cart-fixture.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };

describe.each(testDatabases())('cart calls on %s', (kind) => {
  let t: TTestApp;
  let f: TCartFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { CART_HOLD_SECONDS: '900' });
  });
  afterAll(() => t.close());

  const fixture = async (options?: Parameters<typeof createCartFixture>[1]) => {
    f = await createCartFixture(t.database.db, options);
    return f;
  };
  const add = (body: Record<string, unknown>) => t.json<TCartAnswer & TError>('/api/v4/addtocart', body);
  const lotStock = async (lotId: number) => {
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, lotId));
    return lot!;
  };
  const expireCart = (sessionId: string) =>
    t.database.db.transaction(async (tx) => {
      const [cart] = await tx.select().from(carts).where(eq(carts.sessionId, sessionId));
      const past = new Date(Date.now() - 1000);
      await tx.update(carts).set({ expiresAt: past }).where(eq(carts.id, cart!.id));
      await tx.update(cartHolds).set({ expiresAt: past }).where(eq(cartHolds.cartId, cart!.id));
    });

  it('sells a seated lot only with its seat or table, never as a plain ticket', async () => {
    await fixture({ seats: 2, tables: 1 });
    for (const lotId of [f.seatLotId, f.tableLotId]) {
      const seatless = await add({ lotId, quantity: 1 });
      expect(seatless.status).toBe(404);
      expect(seatless.body.Message).toBe('Erro ao gerar item do carrinho');
    }
    expect((await lotStock(f.seatLotId)).held).toBe(0);
    expect((await add({ lotId: f.seatLotId, controlledPlaceId: f.seatIds[0], quantity: 1 })).status).toBe(
      200,
    );
  });

  it('sells only the lot on sale: the next lot waits until the current one sells out', async () => {
    await fixture({ lotCapacity: 3 });
    const early = await add({ lotId: f.nextLotId, quantity: 1 });
    expect(early.status).toBe(422);
    expect(early.body.Message).toBe('Este lote ainda não está à venda. Escolha o lote disponível.');
    expect((await lotStock(f.nextLotId)).held).toBe(0);
    await t.database.db.update(ticketLots).set({ sold: 3 }).where(eq(ticketLots.id, f.lotId));
    // Within the lot cache's few seconds too: a refusal is confirmed against fresh rows.
    expect((await add({ lotId: f.nextLotId, quantity: 1 })).status).toBe(200);
  });

  it('says a sold-out lot is sold out (spec §8), not that it is not on sale yet', async () => {
    await fixture({ lotCapacity: 3 });
    const soldOut = 'Este lote está esgotado, aguarde um momento para geração do novo.';
    await t.database.db.update(ticketLots).set({ sold: 3 }).where(eq(ticketLots.id, f.lotId));
    // With the next lot on sale, and (below) with every lot of the ticket sold.
    const first = await add({ lotId: f.lotId, quantity: 1 });
    expect(first.status).toBe(422);
    expect(first.body.Message).toBe(soldOut);
    await t.database.db.update(ticketLots).set({ sold: 3 }).where(eq(ticketLots.id, f.nextLotId));
    const last = await add({ lotId: f.nextLotId, quantity: 1 });
    expect(last.status).toBe(422);
    expect(last.body.Message).toBe(soldOut);
    expect((await lotStock(f.nextLotId)).held).toBe(0);
  });

  it('holds tickets in a new cart, with the spec fields, a timer and the session cookie', async () => {
    await fixture();
    const response = await t.request('/api/v4/addtocart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lotId: f.lotId, quantity: 2 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/cart_session=[\w-]+;.*HttpOnly/);
    const body = (await response.json()) as TCartAnswer;
    expect(body.status).toBe('success');
    expect(body.sessionID).toMatch(/^[\w-]{16,}$/);
    const cart = body.cart!;
    const left = Date.parse(cart.exp) - Date.now();
    expect(left).toBeGreaterThan(890_000);
    expect(left).toBeLessThanOrEqual(900_000);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      lotId: f.lotId,
      quantity: 2,
      value: 100,
      taxTotal: 10,
      LotProcessingFeeValue: 2.5,
      type: 0,
      sectionName: 'Pista',
      eventCity: 'São Paulo',
      eventState: 'SP',
      // The checkout's order summary shows the event's date and hour in the event's own zone.
      timeZone: 'America/Sao_Paulo',
      coordinates: null,
    });
    expect((await lotStock(f.lotId)).held).toBe(2);
  });

  it('adds to the same cart with the session, up to the per-cart maximum and not past it', async () => {
    await fixture({ maxPerCart: 6 });
    const first = await add({ lotId: f.lotId, quantity: 4 });
    const sessionId = first.body.sessionID;
    expect(
      (await add({ sessionId, lotId: f.lotId, quantity: 2 })).body.cart!.items.map((i) => i.quantity),
    ).toEqual([4, 2]);
    const over = await add({ sessionId, lotId: f.lotId, quantity: 1 });
    expect(over.status).toBe(422);
    expect(over.body.Message).toBe(
      'E possivel adicionar somente 6 ingressos por vez em seu carrinho, finalize essa compra e adquira mais ingressos em uma proxima.',
    );
    expect((await lotStock(f.lotId)).held).toBe(6);
  });

  it('uses a documented default limit when the event sets none', async () => {
    await fixture({ maxPerCart: null, lotCapacity: 50 });
    const first = await add({ lotId: f.lotId, quantity: 6 });
    const over = await add({ sessionId: first.body.sessionID, lotId: f.lotId, quantity: 3 });
    expect(over.body.Message).toContain('somente 8 ingressos');
  });

  it('refuses more of one ticket than its section allows in one go', async () => {
    await fixture();
    const response = await add({ lotId: f.lotId, quantity: 7 });
    expect(response.status).toBe(422);
    expect(response.body.Message).toBe('Você atingiu o limite máximo de ingressos por compra.');
  });

  it('refuses tickets of a different event in the same cart', async () => {
    await fixture();
    const first = await add({ lotId: f.lotId, quantity: 1 });
    const other = await add({ sessionId: first.body.sessionID, lotId: f.otherEventLotId, quantity: 1 });
    expect(other.status).toBe(422);
    expect(other.body.Message).toBe('Não é permitido a compra de ingressos de eventos diferentes');
    expect((await lotStock(f.otherEventLotId)).held).toBe(0);
  });

  it('says the lot is sold out, or that the quantity is not available, and holds nothing', async () => {
    await fixture({ lotCapacity: 3 });
    await add({ lotId: f.lotId, quantity: 2 });
    const partial = await add({ lotId: f.lotId, quantity: 2 });
    expect(partial.status).toBe(422);
    expect(partial.body.Message).toBe(
      'A quantidade de ingressos selecionada não está disponível neste lote, aguarde o próximo lote ou diminua a quantidade selecionada.',
    );
    await add({ lotId: f.lotId, quantity: 1 });
    const soldOut = await add({ lotId: f.lotId, quantity: 1 });
    expect(soldOut.body.Message).toBe('Este lote está esgotado, aguarde um momento para geração do novo.');
    expect((await lotStock(f.lotId)).held).toBe(3);
  });

  it('answers in English for English visitors', async () => {
    await fixture({ lotCapacity: 1 });
    await add({ lotId: f.lotId, quantity: 1 });
    const soldOut = await t.json<TError>(
      '/api/v4/addtocart',
      { lotId: f.lotId, quantity: 1 },
      { headers: { 'accept-language': 'en' } },
    );
    expect(soldOut.body.Message).toBe('This batch is sold out; please wait a moment for the next one.');
  });

  it('holds a seat once: the same buyer gets a silent 409, another buyer a message', async () => {
    await fixture();
    const mine = await add({ lotId: f.seatLotId, controlledPlaceId: f.seatIds[0], quantity: 1 });
    expect(mine.status).toBe(200);
    expect(mine.body.cart!.items[0]!.coordinates).toMatchObject({ alias: 'A1', row: 'A', SeatsTable: false });
    expect(mine.body.cart!.items[0]!.type).toBe(1);
    const again = await add({
      sessionId: mine.body.sessionID,
      lotId: f.seatLotId,
      controlledPlaceId: f.seatIds[0],
      quantity: 1,
    });
    expect(again.status).toBe(409);
    const theirs = await add({ lotId: f.seatLotId, controlledPlaceId: f.seatIds[0], quantity: 1 });
    expect(theirs.status).toBe(422);
    expect(theirs.body.Message).toBe('Este lugar não está mais disponível, escolha outro.');
    expect((await lotStock(f.seatLotId)).held).toBe(1);
  });

  it('holds a whole table as all its seats, once', async () => {
    await fixture();
    const table = await add({ lotId: f.tableLotId, controlledPlaceId: f.tableIds[0], quantity: 1 });
    expect(table.status).toBe(200);
    expect(table.body.cart!.items[0]).toMatchObject({ quantity: 4, type: 2, bookAsAWhole: true });
    const second = await add({ lotId: f.tableLotId, controlledPlaceId: f.tableIds[0], quantity: 1 });
    expect(second.body.Message).toBe('Este lugar não está mais disponível, escolha outro.');
    const [place] = await t.database.db
      .select()
      .from(controlledPlaces)
      .where(eq(controlledPlaces.id, f.tableIds[0]!));
    expect(place!.held).toBe(4);
  });

  it('completes an open table seat by seat and gives back one seat at a time (issue 31)', async () => {
    await fixture();
    const placeHeld = async () => {
      const [place] = await t.database.db
        .select()
        .from(controlledPlaces)
        .where(eq(controlledPlaces.id, f.openTableId));
      return place!.held;
    };
    const seat = { lotId: f.openTableLotId, controlledPlaceId: f.openTableId, quantity: 1 };
    const first = await add(seat);
    const sessionId = first.body.sessionID;
    expect(first.body.cart!.incompleteTables).toEqual([f.openTableId]);
    const second = await add({ ...seat, sessionId });
    expect(second.status).toBe(200);
    // One line for the table, two seats in it; the minimum (3) is not reached yet.
    expect(second.body.cart!.items.map((item) => item.quantity)).toEqual([2]);
    expect(second.body.cart!.incompleteTables).toEqual([f.openTableId]);
    const third = await add({ ...seat, sessionId });
    expect(third.status).toBe(200);
    expect(third.body.cart!.items.map((item) => item.quantity)).toEqual([3]);
    expect(third.body.cart!.incompleteTables).toEqual([]);
    expect([(await lotStock(f.openTableLotId)).held, await placeHeld()]).toEqual([3, 3]);

    const one = { sessionId, lotId: f.openTableLotId, controlledPlaceId: f.openTableId, quantity: 1 };
    const removed = await t.json<TCartAnswer>('/api/v3/removefromcart', one);
    expect(removed.status).toBe(200);
    expect(removed.body.cart!.items.map((item) => item.quantity)).toEqual([2]);
    expect(removed.body.cart!.incompleteTables).toEqual([f.openTableId]);
    expect([(await lotStock(f.openTableLotId)).held, await placeHeld()]).toEqual([2, 2]);

    // Without a quantity the whole table leaves.
    const { quantity: _, ...whole } = one;
    expect((await t.json<TCartAnswer>('/api/v3/removefromcart', whole)).body.cart).toBeNull();
    expect([(await lotStock(f.openTableLotId)).held, await placeHeld()]).toEqual([0, 0]);
  });

  it('never takes more seats of an open table than it has, and a seat or whole table stays once', async () => {
    await fixture();
    const open = { lotId: f.openTableLotId, controlledPlaceId: f.openTableId };
    const mine = await add({ ...open, quantity: 4 });
    const theirs = await add({ ...open, quantity: 1 });
    expect(theirs.status).toBe(200);
    const over = await add({ ...open, sessionId: mine.body.sessionID, quantity: 2 });
    expect(over.status).toBe(422);
    // The table's lot holds its 6 seats: the lot's own message says only fewer are left.
    expect(over.body.Message).toContain('A quantidade de ingressos selecionada não está disponível');
    expect((await lotStock(f.openTableLotId)).held).toBe(5);
    const last = await add({ ...open, sessionId: mine.body.sessionID, quantity: 1 });
    expect(last.body.cart!.items.map((item) => item.quantity)).toEqual([5]);
    const [place] = await t.database.db
      .select()
      .from(controlledPlaces)
      .where(eq(controlledPlaces.id, f.openTableId));
    expect([place!.held, (await lotStock(f.openTableLotId)).held]).toEqual([6, 6]);
    // A whole table is not grown: the same buyer gets the silent 409 as for a seat.
    const table = await add({ lotId: f.tableLotId, controlledPlaceId: f.tableIds[0], quantity: 1 });
    const again = await add({
      sessionId: table.body.sessionID,
      lotId: f.tableLotId,
      controlledPlaceId: f.tableIds[0],
      quantity: 1,
    });
    expect(again.status).toBe(409);
  });

  it('removes units and gives them back at once', async () => {
    await fixture();
    const cart = await add({ lotId: f.lotId, quantity: 3 });
    const removed = await t.json<TCartAnswer>('/api/v3/removefromcart', {
      sessionId: cart.body.sessionID,
      lotId: f.lotId,
      quantity: 1,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.cart!.items[0]!.quantity).toBe(2);
    expect((await lotStock(f.lotId)).held).toBe(2);
    const all = await t.json<TCartAnswer>('/api/v3/removefromcart', {
      sessionId: cart.body.sessionID,
      lotId: f.lotId,
    });
    expect(all.body.cart).toBeNull();
    expect((await lotStock(f.lotId)).held).toBe(0);
  });

  it('answers a removal from a cart it does not hold with an error status', async () => {
    await fixture();
    const cart = await add({ lotId: f.lotId, quantity: 1 });
    const wrong = await t.json<TError>('/api/v3/removefromcart', {
      sessionId: cart.body.sessionID,
      lotId: f.seatLotId,
    });
    expect(wrong.status).toBe(404);
    const unknown = await t.json<TError>('/api/v3/removefromcart', {
      sessionId: 'x'.repeat(24),
      lotId: f.lotId,
    });
    expect(unknown.status).toBe(410);
    expect(unknown.body.Message).toBe('Carrinho expirado');
  });

  it('stops counting an expired hold at once: another buyer takes its units before any sweep', async () => {
    await fixture({ lotCapacity: 2 });
    const first = await add({ lotId: f.lotId, quantity: 2 });
    expect((await add({ lotId: f.lotId, quantity: 1 })).status).toBe(422);
    await expireCart(first.body.sessionID);
    const second = await add({ lotId: f.lotId, quantity: 2 });
    expect(second.status).toBe(200);
    expect((await lotStock(f.lotId)).held).toBe(2);
    const expired = await t.json<TError>('/api/v3/getcart', { sessionId: first.body.sessionID });
    expect(expired.status).toBe(410);
    expect(expired.body.Message).toBe('Carrinho expirado');
  });

  it('answers Carrinho expirado for an expired cart, frees its units, and is empty once cleared', async () => {
    await fixture();
    const first = await add({ lotId: f.lotId, quantity: 2 });
    await expireCart(first.body.sessionID);
    expect((await t.json<TError>('/api/v3/getcart', { sessionId: first.body.sessionID })).status).toBe(410);
    expect((await lotStock(f.lotId)).held).toBe(0);
    await t.json('/api/v3/leaveCart', { sessionId: first.body.sessionID });
    const again = await t.json<TCartAnswer>('/api/v3/getcart', { sessionId: first.body.sessionID });
    expect(again.status).toBe(200);
    expect(again.body.cart).toBeNull();
  });

  it('lets the sweeper give expired holds back for good', async () => {
    await fixture();
    const first = await add({ lotId: f.lotId, quantity: 2 });
    await expireCart(first.body.sessionID);
    expect(await sweepExpiredHolds(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await lotStock(f.lotId)).held).toBe(0);
  });

  it('renews a live cart for its own session only, a limited number of times', async () => {
    await fixture();
    const first = await add({ lotId: f.lotId, quantity: 1 });
    const { sessionID, cart } = first.body;
    const put = (cartId: string, session: string) =>
      t.request(`/api/refresh-expiration/${cartId}`, { method: 'PUT', headers: { 'x-session-id': session } });
    const renewed = await put(cart!.id, sessionID);
    expect(renewed.status).toBe(200);
    expect(Date.parse(((await renewed.json()) as { exp: string }).exp)).toBeGreaterThanOrEqual(
      Date.parse(cart!.exp),
    );
    expect((await put(cart!.id, 'y'.repeat(24))).status).toBe(404);
    await put(cart!.id, sessionID);
    await put(cart!.id, sessionID);
    const fourth = await put(cart!.id, sessionID);
    expect(fourth.status).toBe(422);
    expect(((await fourth.json()) as TError).Message).toBe('Erro ao renovar tempo do carrinho.');
  });

  it('does not renew an expired cart', async () => {
    await fixture();
    const first = await add({ lotId: f.lotId, quantity: 1 });
    await expireCart(first.body.sessionID);
    const response = await t.request(`/api/refresh-expiration/${first.body.cart!.id}`, {
      method: 'PUT',
      headers: { 'x-session-id': first.body.sessionID },
    });
    expect(response.status).toBe(410);
  });

  it('activates an expired cart with what is still free and reports what was lost', async () => {
    await fixture({ lotCapacity: 3 });
    const mine = await add({ lotId: f.lotId, quantity: 3 });
    await t.json('/api/v4/addtocart', {
      sessionId: mine.body.sessionID,
      lotId: f.seatLotId,
      controlledPlaceId: f.seatIds[0],
      quantity: 1,
    });
    await expireCart(mine.body.sessionID);
    // Meanwhile someone takes one ticket and the seat.
    await add({ lotId: f.lotId, quantity: 1 });
    await add({ lotId: f.seatLotId, controlledPlaceId: f.seatIds[0], quantity: 1 });
    const activated = await t.json<{ decreasedQuantity: number; outcome: string; cart: TCartAnswer['cart'] }>(
      '/api/v4/activatecart',
      { id: mine.body.cart!.id, sessionId: mine.body.sessionID },
    );
    expect(activated.status).toBe(200);
    expect(activated.body.decreasedQuantity).toBe(2);
    expect(activated.body.outcome).toBe('lotSoldOut');
    expect(activated.body.cart!.items.map((i) => [i.lotId, i.quantity])).toEqual([[f.lotId, 2]]);
    expect((await lotStock(f.lotId)).held).toBe(3);
  });

  it('leaves the cart: every hold goes back on sale', async () => {
    await fixture();
    const first = await add({ lotId: f.lotId, quantity: 2 });
    expect((await t.json('/api/v3/leaveCart', { sessionId: first.body.sessionID })).status).toBe(200);
    expect((await lotStock(f.lotId)).held).toBe(0);
  });

  it.each([
    ['a negative quantity', { quantity: -1 }],
    ['a huge quantity', { quantity: 1e9 }],
    ['a quantity of the wrong type', { quantity: 'muitos' }],
    ['an unknown lot', { lotId: 2_000_000_000 }],
    ['an unknown seat', { controlledPlaceId: 2_000_000_000 }],
    ['a malformed session id', { sessionId: '../../etc' }],
    ['a 100 KB string', { holdToken: 'x'.repeat(100_000) }],
  ])('refuses %s with a 4xx and a message, holding nothing', async (_name, patch) => {
    await fixture();
    const before = (await lotStock(f.lotId)).held;
    const response = await add({ lotId: f.lotId, quantity: 1, ...patch });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(typeof response.body.Message).toBe('string');
    expect((await lotStock(f.lotId)).held).toBe(before);
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await t.request('/api/v4/addtocart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"lotId": 1,',
    });
    expect(response.status).toBe(400);
  });

  it('never lets one session touch another session cart', async () => {
    await fixture();
    const mine = await add({ lotId: f.lotId, quantity: 2 });
    const intruder = await t.json<TError>('/api/v4/activatecart', {
      id: mine.body.cart!.id,
      sessionId: 'z'.repeat(24),
    });
    expect(intruder.status).toBe(404);
    const stock = await t.database.db.execute(sql`select held from ticket_lots where id = ${f.lotId}`);
    expect((stock as unknown as { rows: { held: number }[] }).rows[0]!.held).toBe(2);
  });

  describe('coupons, protection and totals', () => {
    const promo = (values: Partial<typeof promoCodes.$inferInsert> = {}) =>
      t.database.db.insert(promoCodes).values({
        eventId: f.eventId,
        code: 'SAMBA10',
        kind: 'percent',
        percentBp: 1_000,
        quantity: 2,
        ...values,
      });
    const validate = (body: Record<string, unknown>) =>
      t.json<TCartAnswer & TError & { quantityCuponsApplied: number }>('/api/validatepromotion', body);

    it.each([
      ['no lot', { lotRequesteds: [] }, 'Nenhum lote para validar o cupom.'],
      ['no event', { eventId: null }, 'Nenhum evento para validar o cupom.'],
      ['no code', { promoCode: '' }, 'Nenhum cupom para validar.'],
      ['no channel', { channel: undefined }, 'Nenhum canal para validar o cupom.'],
    ])('refuses a request with %s with the spec message', async (_name, patch, message) => {
      await fixture();
      const response = await validate({
        lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
        eventId: f.eventId,
        promoCode: 'SAMBA10',
        channel: 1,
        ...patch,
      });
      expect(response.status).toBe(400);
      expect(response.body.Message).toContain(message);
    });

    it('a 2-use code serves 2 carts at once: the 3rd is told at the cart, and gets it when a holder leaves', async () => {
      await fixture();
      await promo();
      const carts = [];
      for (let i = 0; i < 4; i += 1) carts.push((await add({ lotId: f.lotId, quantity: 1 })).body.sessionID);
      const tryCode = (sessionId: string) =>
        validate({
          lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
          eventId: f.eventId,
          promoCode: 'SAMBA10',
          channel: 1,
          sessionId,
        });
      const answers = [];
      for (const sessionId of carts) answers.push(await tryCode(sessionId));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 422, 422]);
      expect(answers[2]!.body.Message).toBe(
        'Os usos deste cupom já foram reservados por outros compradores.',
      );
      expect(answers.slice(0, 2).map((a) => a.body.cart!.totals.discount)).toEqual([10, 10]);
      const third = await t.json<TCartAnswer>('/api/v3/getcart', { sessionId: carts[2] });
      expect(third.body.cart!.totals.discount).toBe(0);
      // The first buyer leaves: the use comes back for the third.
      await t.json('/api/v3/leaveCart', { sessionId: carts[0] });
      const retried = await tryCode(carts[2]!);
      expect(retried.status).toBe(200);
      expect(retried.body.cart!.totals.discount).toBe(10);
      // An expired cart counts no more either.
      await expireCart(carts[1]!);
      expect((await tryCode(carts[3]!)).status).toBe(200);
    });

    it('discounts as many units as coupons remain, splitting the line, and totals follow', async () => {
      await fixture();
      await promo();
      const cart = await add({ lotId: f.lotId, quantity: 3 });
      const applied = await validate({
        lotRequesteds: [{ lotId: f.lotId, quantity: 3 }],
        eventId: f.eventId,
        promoCode: 'samba10 ',
        channel: 1,
        sessionId: cart.body.sessionID,
      });
      expect(applied.status).toBe(200);
      expect(applied.body.quantityCuponsApplied).toBe(2);
      const items = applied.body.cart!.items;
      expect(items.map((i) => [i.quantity, i.promoTicket, i.discountValue, i.valuePromo])).toEqual([
        [2, true, 10, 90],
        [1, false, 0, 100],
      ]);
      expect(items[0]!.promoCode).toBe('SAMBA10');
      expect(items[0]!.lineId).not.toBe(items[1]!.lineId);
      // 3 x R$ 100 + 3 x R$ 10 fee + 3 x R$ 2,50 processing - 2 x R$ 10 discount
      expect(applied.body.cart!.totals).toMatchObject({
        subtotal: 300,
        convenienceFee: 30,
        processingFee: 0,
        discount: 20,
        total: 310,
        summaryTotal: 310,
      });
    });

    it('refuses an unknown, used-up or expired code', async () => {
      await fixture();
      await promo({ code: 'ESGOTADO', quantity: 1, used: 1 });
      await promo({ code: 'VENCIDO', expiresAt: new Date(Date.now() - 1000) });
      for (const code of ['NAOEXISTE', 'ESGOTADO', 'VENCIDO']) {
        const response = await validate({
          lotRequesteds: [{ lotId: f.lotId, quantity: 1 }],
          eventId: f.eventId,
          promoCode: code,
          channel: 1,
        });
        expect(response.status, code).toBe(422);
        expect(response.body.Message).toBe('Cupom inválido, expirado ou esgotado para este evento.');
      }
    });

    it('asks for the protection choice and adds its value once chosen', async () => {
      await fixture({ refundBp: 1_000 });
      const cart = await add({ lotId: f.lotId, quantity: 2 });
      expect(cart.body.cart!.refund.IsActive).toBe(true);
      expect(cart.body.cart!.protection).toBeNull();
      const chosen = await t.json<TCartAnswer>('/api/cart/protection', {
        sessionId: cart.body.sessionID,
        provider: 'bilheto',
      });
      // 10 % of what each unit costs: R$ 100,00 + R$ 10,00 fee → R$ 11,00 a unit, as the event page says.
      expect(chosen.body.cart!.protection).toMatchObject({ provider: 'bilheto', value: 22 });
      expect(chosen.body.cart!.totals.protection).toBe(22);
      expect(chosen.body.cart!.totals.total).toBe(200 + 20 + 22);
      expect(chosen.body.cart!.items[0]!.valueRefundServiceSite).toBe(11);
      await t.catalogue.refresh();
      const event = await t.json<{
        sections: { tickets: { lotId: number; valueRefundServiceSite: number }[] }[];
      }>('/api/v2/getEventTicketsBySlug', { token: null, eventSlug: f.slug });
      const onPage = event.body.sections.flatMap((s) => s.tickets).find((ticket) => ticket.lotId === f.lotId);
      expect(onPage!.valueRefundServiceSite).toBe(11);
      const declined = await t.json<TCartAnswer>('/api/cart/protection', {
        sessionId: cart.body.sessionID,
        provider: 'none',
      });
      expect(declined.body.cart!.totals.protection).toBe(0);
    });
  });

  it('shows holds on the event page within a poll, and an expired hold as free again, with no revision bump', async () => {
    await fixture({ lotCapacity: 5 });
    const [event] = (
      (await t.database.db.execute(
        sql`select slug, revision from events where id = ${f.eventId}`,
      )) as unknown as {
        rows: { slug: string; revision: number }[];
      }
    ).rows;
    const available = async () => {
      await t.catalogue.refresh();
      const page = await t.json<{
        sections: { name: string; tickets: { lotId: number; available: number }[] }[];
      }>('/api/v2/getEventTicketsBySlug', { eventSlug: event!.slug });
      const ticket = page.body.sections
        .flatMap((section) => section.tickets)
        .find((x) => x.lotId === f.lotId);
      return ticket?.available;
    };
    expect(await available()).toBe(5);
    const cart = await add({ lotId: f.lotId, quantity: 3 });
    expect(await available()).toBe(2);
    await expireCart(cart.body.sessionID);
    // Expired but not reclaimed by anyone yet: already free on the page.
    expect(await available()).toBe(5);
    const [after] = (
      (await t.database.db.execute(sql`select revision from events where id = ${f.eventId}`)) as unknown as {
        rows: { revision: number }[];
      }
    ).rows;
    expect(after!.revision).toBe(event!.revision);
  });

  it('answers in the event currency, so a USD event is never shown in reais', async () => {
    await fixture();
    expect((await add({ lotId: f.lotId, quantity: 1 })).body.cart!.currency).toBe('BRL');
    await t.database.db.execute(sql`update events set currency = 'USD' where id = ${f.otherEventId}`);
    const usd = await add({ lotId: f.otherEventLotId, quantity: 1 });
    expect(usd.body.cart!.currency).toBe('USD');
  });
});

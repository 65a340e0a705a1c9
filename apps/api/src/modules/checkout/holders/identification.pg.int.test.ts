import { holdersOfCpfs } from '@ingressos/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../../db/orm.ts';
import { statementKeepingClient } from '../../../db/pg-statements.ts';
import { rows } from '../../../db/rows.ts';
import { createCartFixture } from '../../../testing/cart-fixture.ts';
import { countedPool, pagesRead } from '../../../testing/counted-pool.ts';
import { createTestDatabase, type TTestDatabase } from '../../../testing/test-app.ts';
import { checkCpfs } from './identification.ts';

// Included by vitest.config.ts only when DATABASE_URL names a PostgreSQL server (PGlite keeps no plan).
describe("the holders' CPF check against the tickets already issued, on PostgreSQL", () => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t.drop());

  it("reads only the asked CPFs' tickets once the event has sold thousands, as deep into an on-sale", async () => {
    // One connection through the server's own client: the statement is kept there, and from its
    // sixth run PostgreSQL may keep a generic plan, made while the event had sold nothing (issue 37:
    // the account cap's, made so, read every live hold once the crowd held; this one must not).
    const { pool, db } = countedPool(t.url!, statementKeepingClient());
    const f = await createCartFixture(t.database.db, { lotCapacity: 100_000 });
    const [lot] = await rows<{ ticket_id: number }>(
      db,
      sql`select ticket_id from ticket_lots where id = ${f.lotId}`,
    );
    const ticketId = lot!.ticket_id;
    /** `n` issued tickets of the type from `from` on, one per CPF (their orders and buyers left out). */
    const issue = (from: number, n: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`insert into tickets (id, order_id, unit, user_id, event_id, ticket_id, lot_id, holder_cpf, qr)
              select gen_random_uuid(), gen_random_uuid(), 1, gen_random_uuid(), ${f.eventId}, ${ticketId}, ${f.lotId},
                     lpad(g::text, 11, '0'), 'qr'
              from generate_series(${from}::bigint, ${from + n - 1}::bigint) g`,
        );
      });
    const holders = holdersOfCpfs(['52998224725', '11144477735']);
    const check = (asked = holders) => checkCpfs(db, { ticketId, ticketByCpf: 2, holders: asked }, 'pt-BR');
    const pages = () => pagesRead(db, ['tickets']);

    for (let run = 0; run < 8; run += 1) expect((await check()).ok).toBe(true);
    // Deep into the on-sale: twenty thousand tickets of the type issued.
    await issue(1, 20_000);
    const before = await pages();
    for (let run = 0; run < 5; run += 1) await check();
    // Two CPFs' probes: a few pages a check, not the type's every ticket (hundreds).
    const after = await pages();
    expect(after).toBeLessThan(before + 5 * 20);

    // And the counts are the issued ones: a CPF with two tickets of the type is at its limit.
    await issue(52_998_224_725, 1);
    await issue(52_998_224_725, 1);
    const counted = await check(holdersOfCpfs(['52998224725', '11144477735']));
    expect(counted.ok).toBe(false);
    expect(counted.cpfs.map((c) => c.online)).toEqual([true, false]);
    await pool.end();
  });
});

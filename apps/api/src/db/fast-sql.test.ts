import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { drizzleBuild } from './fast-sql.ts';
import {
  aliasedTable,
  and,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  or,
  type SQL,
  SQL as SqlClass,
  sql,
} from './orm.ts';
import { alias, PgDialect } from './pg-core.ts';
import { events, orders, payments, promoCodes, ticketLots, tickets, users } from './schema/index.ts';

const db = drizzle.mock();
const dialect = new PgDialect();

/** The query as the fast builder makes it, and as drizzle's own builder did. */
function both(query: SQL) {
  const fast = dialect.sqlToQuery(query);
  const prototype = SqlClass.prototype as { buildQueryFromSourceParams: unknown };
  const patched = prototype.buildQueryFromSourceParams;
  prototype.buildQueryFromSourceParams = drizzleBuild;
  try {
    const slow = dialect.sqlToQuery(query);
    return { fast: { sql: fast.sql, params: fast.params }, slow: { sql: slow.sql, params: slow.params } };
  } finally {
    prototype.buildQueryFromSourceParams = patched;
  }
}

const when = new Date('2031-05-10T21:00:00.000Z');
const buyer = alias(users, 'buyer');
const lot = aliasedTable(ticketLots, 'lot');

const queries: [string, SQL][] = [
  ['plain text', sql`select 1`],
  [
    'values of every kind, nested sql and sql.join',
    sql`select * from carts where id = ${'c1'} and n > ${3} and ok = ${true} and gone is ${null}
        and at < ${when} and ${sql`x in (${sql.join(
          [1, 2, 3].map((n) => sql`${n}`),
          sql`, `,
        )})`} ${undefined}`,
  ],
  ['an array of values', sql`select * from lots where id in ${[1, 2, 3]}`],
  ['a raw piece and an identifier', sql`select ${sql.raw('now()')}, ${sql.identifier('a b')} from ${orders}`],
  ['inlined parameters', sql`select ${sql.raw(`'x'`)} where ${sql`${1} = 1`.inlineParams()}`],
  [
    'columns and tables in text',
    sql`select ${orders.id}, ${payments.status} from ${orders} join ${payments} on true`,
  ],
  [
    'a select with joins, aliases and conditions',
    db
      .select({ order: orders, email: buyer.email, n: sql<number>`count(*)` })
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.userId))
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(
        and(
          eq(orders.id, 'o1'),
          or(inArray(orders.status, [1, 4]), isNull(orders.paidAt)),
          gt(orders.createdAt, when),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(5)
      .getSQL(),
  ],
  ['an aliased table', db.select({ id: lot.id }).from(lot).where(eq(lot.ticketId, 7)).getSQL()],
  [
    'an insert with json, dates and a conflict',
    db
      .insert(promoCodes)
      .values({ eventId: 1, code: 'MEIA', kind: 'percent', quantity: 10, lotIds: [1, 2], expiresAt: when })
      .onConflictDoUpdate({ target: promoCodes.id, set: { expiresAt: when, lotIds: [3] } })
      .returning({ id: promoCodes.id })
      .getSQL(),
  ],
  [
    'an update with sql in its set',
    db
      .update(ticketLots)
      .set({ sold: sql`${ticketLots.sold} + ${1}`, disabled: false })
      .where(eq(ticketLots.id, 3))
      .getSQL(),
  ],
  ['a delete', db.delete(tickets).where(eq(tickets.orderId, 'o1')).getSQL()],
  [
    'a subquery',
    db
      .select()
      .from(events)
      .where(inArray(events.id, db.select({ id: orders.eventId }).from(orders)))
      .getSQL(),
  ],
  [
    'a placeholder',
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .getSQL(),
  ],
];

describe('the fast query builder (drizzle-orm, issue 37)', () => {
  it.each(queries)('builds %s as drizzle does: the same text and parameters', (_name, query) => {
    const { fast, slow } = both(query);
    expect(fast).toEqual(slow);
  });

  it('is the builder every query goes through', () => {
    expect(
      (SqlClass.prototype as { buildQueryFromSourceParams: unknown }).buildQueryFromSourceParams,
    ).not.toBe(drizzleBuild);
    // Numbered on across pieces it hands to drizzle's builder (the array) and back.
    expect(dialect.sqlToQuery(sql`a = ${1} and b in ${[2, 3]} and c = ${4}`)).toMatchObject({
      sql: 'a = $1 and b in ($2, $3) and c = $4',
      params: [1, 2, 3, 4],
    });
  });
});

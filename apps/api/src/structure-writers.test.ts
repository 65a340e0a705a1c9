import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** What a rule guards: the tables (as SQL and as drizzle names the schema exports) and their columns. */
type TGuarded = { tables: string[]; drizzle: string[]; columns: string[] };

/**
 * Where a text writes one of the guarded columns: raw SQL (`update <table> [alias] set ... col =`,
 * before its `where`, `from`, `returning` or the template's end) or drizzle
 * (`.update(table).set({ ... col: ... })`). Answers the offending snippets. A drizzle `.set(values)`
 * of a variable is not seen (catalogue/sync-sections.ts sets a lot's capacity that way, never its counters).
 */
export function guardedWrites(text: string, guarded: TGuarded): string[] {
  const found: string[] = [];
  const columns = guarded.columns.join('|');
  const sqlUpdate = new RegExp(
    String.raw`update\s+(${guarded.tables.join('|')})\b(\s+(?!set\b)\w+)?\s+set\b([\s\S]*?)(\bwhere\b|\bfrom\b|\breturning\b|` +
      '`)',
    'gi',
  );
  for (const match of text.matchAll(sqlUpdate))
    if (new RegExp(String.raw`(^|[\s,.])(${columns})\s*=`).test(match[3]!)) found.push(match[0].slice(0, 80));
  const drizzleUpdate = new RegExp(
    String.raw`\.update\(\s*(${guarded.drizzle.join('|')})\s*\)\s*\.set\(\s*\{([\s\S]*?)\}\s*\)`,
    'g',
  );
  for (const match of text.matchAll(drizzleUpdate))
    if (new RegExp(String.raw`(^|[\s,{])(${columns})\s*:`).test(match[2]!)) found.push(match[0].slice(0, 80));
  return found;
}

/** Any write at all to a table (the coupon reservations belong wholly to their module). */
export function tableWrites(text: string, table: { sql: string; drizzle: string }): string[] {
  const pattern = new RegExp(
    String.raw`(insert\s+into|update|delete\s+from)\s+${table.sql}\b|\.(insert|update|delete)\(\s*${table.drizzle}\s*\)`,
    'gi',
  );
  return [...text.matchAll(pattern)].map((match) => match[0]);
}

// Issue 36: a section's half-price quota counters (half_held, half_sold) are the stock module's too.
const COUNTERS: TGuarded = {
  tables: ['ticket_lots', 'controlled_places', 'event_sections'],
  drizzle: ['ticketLots', 'controlledPlaces', 'eventSections'],
  columns: ['held', 'sold', 'half_held', 'half_sold', 'halfHeld', 'halfSold'],
};
const STATUSES: TGuarded = {
  tables: ['orders', 'payments', 'payment_parts'],
  drizzle: ['orders', 'payments', 'paymentParts'],
  columns: ['status'],
};
/** Issue 33: a ticket's void mark (refunded, its event cancelled): the gate's revoked list reads it. */
const TICKET_VOIDS: TGuarded = {
  tables: ['tickets'],
  drizzle: ['tickets'],
  columns: ['voided_at', 'void_reason', 'voidedAt', 'voidReason'],
};
/** Issue 34/35: a ticket's check-in (the gate's first scan wins): gate/check-in.ts alone writes it. */
const TICKET_CHECK_INS: TGuarded = {
  tables: ['tickets'],
  drizzle: ['tickets'],
  columns: [
    'checked_in_at',
    'checked_in_by',
    'check_in_gate',
    'checked_in_device',
    'checkedInAt',
    'checkedInBy',
    'checkInGate',
    'checkedInDevice',
  ],
};
/** Issue 35: the offline gates' duplicates belong wholly to modules/gate/duplicates.ts. */
const GATE_CONFLICTS = { sql: 'gate_check_in_conflicts', drizzle: 'gateCheckInConflicts' };
/**
 * The stock module's files: modules/cart/stock.ts and its siblings `stock-<what>.ts` (issue 34
 * split it by what each writes), nothing else, wherever the root puts `modules/`.
 */
const STOCK_MODULE = /^modules\/cart\/stock(-[a-z]+)*\.ts$/;
const COUPON_USES: TGuarded = { tables: ['promo_codes'], drizzle: ['promoCodes'], columns: ['used'] };
const COUPON_RESERVATIONS = { sql: 'cart_promo_uses', drizzle: 'cartPromoUses' };

/**
 * Issue 32: single writers that are really single. The stock module (modules/cart/stock.ts and its
 * siblings named `stock-*.ts` in that folder, STOCK_MODULE) is the only code that moves the `held`
 * and `sold` counters of lots and places (holds, sales, the demo's seed, courtesies); the order-state module (modules/checkout/order-state.ts) the only one that writes
 * `orders.status`, `payments.status` and a split card's `payment_parts.status`, each move guarded
 * by the statuses it may come from (the lifecycle tables of packages/domain); the coupon module (modules/cart/promo-uses.ts) the only one that spends coupon
 * uses (`promo_codes.used`) or reserves them (`cart_promo_uses`). A writer is found by its file
 * name, wherever a folder move puts it.
 *
 * Each rule was shown failing on a deliberate violation, added to a product file, run, seen red,
 * then removed:
 * - counters: `await tx.execute(sql\`update ticket_lots set sold = sold + 1 where id = 1\`);` in
 *   modules/checkout/issue-tickets.ts (the write convertHolds made before this issue); after the
 *   stock module's split into `stock*.ts` files (issue 34), the same line in
 *   modules/cart/remove-from-cart.ts (a cart file outside the stock module) and in a new
 *   modules/catalogue/stock-sync.ts (a stock-like name outside modules/cart);
 * - statuses: `await db.update(payments).set({ status: 'pending' }).where(eq(payments.id, id));`
 *   in modules/checkout/hosted-checkout.ts, and `sql\`update orders set status = 8 where id = 'x'\``
 *   in modules/checkout/ongoing.ts, and a split card's
 *   `db.update(paymentParts).set({ status: 'refunded' })` back in modules/checkout/refund-parts.ts;
 * - coupon uses: `sql\`update promo_codes set used = used + 1 where id = 1\`` in
 *   modules/checkout/issue-tickets.ts, and `sql\`delete from cart_promo_uses where cart_id = 'x'\``
 *   in modules/cart/remove-from-cart.ts;
 * - issue 35: `sql\`update tickets set checked_in_device = 'd' where id = 'x'\`` and
 *   `sql\`insert into gate_check_in_conflicts (ticket_id) values ('x')\`` in a new modules/gate/ file.
 */
describe('single writers', () => {
  const files = sources(root);
  const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const writer = (name: string) => {
    const found = files.filter((file) => path.basename(file) === name);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  const offenders = (allowed: string | string[], writes: (text: string) => string[]) => {
    const writers = typeof allowed === 'string' ? [allowed] : allowed;
    for (const writer of writers) expect(writes(text.get(writer)!).length, writer).toBeGreaterThan(0);
    return files
      .filter((file) => !writers.includes(file) && writes(text.get(file)!).length > 0)
      .map((file) => `${path.relative(root, file)}: ${writes(text.get(file)!).join(' | ')}`);
  };

  it('lets only the stock module move the held and sold counters of lots and places', () => {
    const stock = files.filter((file) => STOCK_MODULE.test(path.relative(root, file)));
    expect(stock).toContain(writer('stock.ts'));
    expect(offenders(stock, (t) => guardedWrites(t, COUNTERS))).toEqual([]);
    // Only the stock files themselves: a lookalike name elsewhere or a non-stock cart file is not one.
    for (const name of ['modules/cart/stock-places.ts', 'modules/cart/stock.ts'])
      expect(STOCK_MODULE.test(name), name).toBe(true);
    for (const name of [
      'modules/checkout/stock.ts',
      'modules/cart/restock.ts',
      'modules/cart/stock-places.test.ts',
      'modules/cart/stocks/x.ts',
      'modules/cart/stockpile.ts',
    ])
      expect(STOCK_MODULE.test(name), name).toBe(false);
  });

  it('lets only the order-state module write the status of orders, payments and split cards', () => {
    expect(offenders(writer('order-state.ts'), (t) => guardedWrites(t, STATUSES))).toEqual([]);
  });

  it('lets only void-tickets.ts mark a ticket void (issue 33: refunds and event cancellations)', () => {
    expect(offenders(writer('void-tickets.ts'), (t) => guardedWrites(t, TICKET_VOIDS))).toEqual([]);
    expect(
      guardedWrites("sql`update tickets set voided_at = now() where id = 'x'`", TICKET_VOIDS),
    ).toHaveLength(1);
    expect(guardedWrites('db.update(tickets).set({ voidReason: x })', TICKET_VOIDS)).toHaveLength(1);
    expect(
      guardedWrites('sql`update tickets set qr_version = 2 where voided_at is null`', TICKET_VOIDS),
    ).toEqual([]);
  });

  it('lets only check-in.ts check a ticket in (issue 34: the gate, one conditional UPDATE)', () => {
    expect(offenders(writer('check-in.ts'), (t) => guardedWrites(t, TICKET_CHECK_INS))).toEqual([]);
    expect(
      guardedWrites("sql`update tickets set checked_in_at = now() where id = 'x'`", TICKET_CHECK_INS),
    ).toHaveLength(1);
    expect(guardedWrites("db.update(tickets).set({ checkInGate: 'A' })", TICKET_CHECK_INS)).toHaveLength(1);
    expect(
      guardedWrites(
        "sql`update tickets k set checked_in_device = 'd' from x where k.id = x.id`",
        TICKET_CHECK_INS,
      ),
    ).toHaveLength(1);
    expect(
      guardedWrites(
        'sql`update tickets set voided_at = now() where checked_in_at is null`',
        TICKET_CHECK_INS,
      ),
    ).toEqual([]);
  });

  it('lets only gate/duplicates.ts write the gate check-in conflicts (issue 35)', () => {
    expect(offenders(writer('duplicates.ts'), (t) => tableWrites(t, GATE_CONFLICTS))).toEqual([]);
    expect(tableWrites('sql`delete from gate_check_in_conflicts where id = 1`', GATE_CONFLICTS)).toHaveLength(
      1,
    );
    expect(tableWrites('tx.insert(gateCheckInConflicts).values(x)', GATE_CONFLICTS)).toHaveLength(1);
  });

  it('lets only the coupon module spend or reserve coupon uses', () => {
    const uses = (t: string) => [...guardedWrites(t, COUPON_USES), ...tableWrites(t, COUPON_RESERVATIONS)];
    expect(offenders(writer('promo-uses.ts'), uses)).toEqual([]);
  });

  it('sees a counter, status or coupon write in SQL or drizzle, and not a read, a guard or another column', () => {
    const seen = [
      [COUNTERS, 'sql`update ticket_lots set held = held - :n, sold = sold + :n where id = :id`'],
      [COUNTERS, 'sql`update ticket_lots l set held = l.held - e.n from (select 1) e where l.id = e.lot_id`'],
      [COUNTERS, 'sql`UPDATE controlled_places SET sold = capacity`'],
      [COUNTERS, `await tx.update(ticketLots).set({ held: sql\`\${ticketLots.held} - :q\` }).where(x);`],
      [STATUSES, 'sql`update orders set status = :to, updated_at = now() where id = :id`'],
      [STATUSES, "db.update(payments)\n  .set({\n    statusDetail: 'x',\n    status: 'approved',\n  })"],
      [COUPON_USES, 'sql`update promo_codes set used = used + :n where id = :id`'],
    ] as const;
    for (const [guarded, line] of seen) expect(guardedWrites(line, guarded), line).toHaveLength(1);
    const allowed = [
      [COUNTERS, 'sql`update ticket_lots set capacity = 10 where id = 1 and sold + held <= 10`'],
      [COUNTERS, 'sql`select capacity - sold - held as free from ticket_lots where id = 1 for update`'],
      [COUNTERS, 'db.update(ticketLots).set(lotValues).where(inArray(ticketLots.id, [old.id]))'],
      [STATUSES, "sql`update payments set status_detail = 'x' where id = 1 and status = 'pending'`"],
      [STATUSES, 'sql`update orders set pix_payload = :p where id = :id`'],
      [STATUSES, 'sql`update payment_parts set status_detail = :s where id = :id`'],
      [STATUSES, 'sql`update payments_log set status = :s where id = :id`'],
      [COUPON_USES, 'sql`select p.used from promo_codes p`'],
    ] as const;
    for (const [guarded, line] of allowed) expect(guardedWrites(line, guarded), line).toEqual([]);
    expect(
      tableWrites('sql`delete from cart_promo_uses where cart_id = :id`', COUPON_RESERVATIONS),
    ).toHaveLength(1);
    expect(tableWrites('await tx.insert(cartPromoUses).values(v)', COUPON_RESERVATIONS)).toHaveLength(1);
    expect(tableWrites('sql`select units from cart_promo_uses`', COUPON_RESERVATIONS)).toEqual([]);
  });
});

import type { TFaultDb } from './purchase-kit.ts';

/** A charge as the gateway's own ledger holds it (Mercado Pago's amount is in reais). */
export type TLedgerCharge = {
  id: number;
  status: string;
  external_reference: string;
  transaction_amount: number;
  currency_id: string;
};

/** The sandbox gateway's own ledger (its charges table), in the invariant checker's terms. */
export async function sandboxLedger(db: TFaultDb): Promise<TLedgerCharge[]> {
  return db.query<TLedgerCharge>(
    `select id, status, external_ref as external_reference,
       amount_cents::float8 / 100 as transaction_amount, currency as currency_id
     from sandbox_charges`,
  );
}

/**
 * The money rules, checked against the gateway's ledger and the database after a fault run.
 * Answers every violation found (an empty list means the run lost nothing):
 * 1. every approved charge the gateway kept has exactly one paid order (3) with one ticket per
 *    unit; anything else was refunded;
 * 2. every paid order has its charge approved and kept at the gateway (no tickets for free);
 * 3. no order still waits (1 or 4) past the reconcile window;
 * 4. per lot: the held counter equals the units of unreleased holds, the sold counter equals the
 *    tickets issued, and sold + held never exceeds capacity;
 * 5. no holder CPF holds more tickets of a type than its per-CPF limit;
 * 6. every process that should be alive is;
 * 7. (issue 31) no paid order whose approved charge's amount or currency differs from the order's.
 */
export async function paymentViolations(
  db: TFaultDb,
  ledger: TLedgerCharge[],
  options: { windowSeconds: number; processes?: { name: string; alive: () => boolean }[] },
): Promise<string[]> {
  const violations: string[] = [];
  const orders = await db.query<{
    id: string;
    status: number;
    payment_id: string | null;
    gateway_ref: string | null;
    units: number;
    tickets: number;
    stale: boolean;
    total_cents: number;
    currency: string;
  }>(
    `select o.id, o.status, p.id as payment_id, p.gateway_ref, o.total_cents, o.currency,
       (select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(o.lines) l)::int as units,
       (select count(*)::int from tickets t where t.order_id = o.id) as tickets,
       o.created_at < now() - $1 * interval '1 second' as stale
     from orders o left join payments p on p.order_id = o.id`,
    [options.windowSeconds],
  );
  const byPayment = new Map(orders.filter((o) => o.payment_id).map((o) => [o.payment_id!, o]));
  const kept = ledger.filter((charge) => charge.status === 'approved');
  const keptByRef = new Map<string, TLedgerCharge[]>();
  for (const charge of kept)
    keptByRef.set(charge.external_reference, [...(keptByRef.get(charge.external_reference) ?? []), charge]);

  for (const charge of kept) {
    const order = byPayment.get(charge.external_reference);
    if (!order) violations.push(`charge ${charge.id} approved and kept, but no order made it`);
    else if (order.status !== 3)
      violations.push(
        `charge ${charge.id} approved and kept, but its order ${order.id} is in status ${order.status}`,
      );
    else if (order.tickets !== order.units)
      violations.push(`order ${order.id} paid with ${order.tickets} tickets for ${order.units} units`);
  }
  for (const [ref, charges] of keptByRef)
    if (charges.length > 1) violations.push(`payment ${ref} has ${charges.length} approved charges kept`);
  for (const order of orders) {
    if (order.status === 3) {
      const charges = order.payment_id ? (keptByRef.get(order.payment_id) ?? []) : [];
      if (charges.length === 0)
        violations.push(`order ${order.id} is paid but no charge of it is kept at the gateway`);
      for (const charge of charges) {
        const cents = Math.round(charge.transaction_amount * 100);
        if (cents !== order.total_cents || charge.currency_id !== order.currency)
          violations.push(
            `order ${order.id} is paid by charge ${charge.id} of ${cents} ${charge.currency_id}, but it charges ${order.total_cents} ${order.currency}`,
          );
      }
    }
    if ((order.status === 1 || order.status === 4) && order.stale)
      violations.push(`order ${order.id} still waits (status ${order.status}) past the reconcile window`);
    if (order.status !== 3 && order.tickets > 0)
      violations.push(`order ${order.id} (status ${order.status}) has tickets`);
  }

  const lots = await db.query<{
    id: number;
    capacity: number;
    sold: number;
    held: number;
    holds: number;
    issued: number;
  }>(
    `select l.id, l.capacity, l.sold, l.held,
       (select coalesce(sum(h.quantity), 0)::int from cart_holds h where h.lot_id = l.id and not h.released) as holds,
       (select count(*)::int from tickets t where t.lot_id = l.id) as issued
     from ticket_lots l`,
  );
  for (const lot of lots) {
    if (lot.held !== lot.holds)
      violations.push(`lot ${lot.id}: held counter ${lot.held}, unreleased holds ${lot.holds}`);
    if (lot.sold !== lot.issued)
      violations.push(`lot ${lot.id}: sold counter ${lot.sold}, tickets issued ${lot.issued}`);
    if (lot.sold + lot.held > lot.capacity) violations.push(`lot ${lot.id}: sold + held over capacity`);
  }

  const overLimit = await db.query<{ ticket_id: number; n: number; limit: number }>(
    `select t.ticket_id, count(*)::int as n, et.tickets_per_cpf as limit
     from tickets t join event_tickets et on et.id = t.ticket_id
     where et.tickets_per_cpf is not null
     group by t.ticket_id, t.holder_cpf, et.tickets_per_cpf having count(*) > et.tickets_per_cpf`,
  );
  for (const row of overLimit)
    violations.push(`a CPF holds ${row.n} tickets of type ${row.ticket_id} (limit ${row.limit})`);

  for (const process of options.processes ?? [])
    if (!process.alive()) violations.push(`process ${process.name} died`);
  return violations;
}

/**
 * Issue 31, deleting the account while paying: a deleted account holds no paid order and no
 * ticket of an event still to come (deletion is refused while they exist), and no approved charge
 * of its orders is kept at the gateway (one taken for it must have been refused or refunded).
 * `ledger` is the gateway's own record of charges (a stand-in's, or the sandbox's table).
 */
export async function deletedAccountViolations(
  db: TFaultDb,
  ledger: Pick<TLedgerCharge, 'status' | 'external_reference'>[],
): Promise<string[]> {
  const violations: string[] = [];
  const rows = await db.query<{ id: string; status: number; payment_id: string | null; tickets: number }>(
    `select o.id, o.status, p.id as payment_id,
       (select count(*)::int from tickets t where t.order_id = o.id) as tickets
     from orders o
     join account_deletions d on d.user_id = o.user_id
     join events e on e.id = o.event_id
     left join payments p on p.order_id = o.id
     where e.starts_at > now() - interval '1 day'`,
  );
  const kept = new Set(ledger.filter((c) => c.status === 'approved').map((c) => c.external_reference));
  for (const order of rows) {
    if (order.status === 3) violations.push(`order ${order.id} of a deleted account is paid`);
    if (order.tickets > 0)
      violations.push(`order ${order.id} of a deleted account has ${order.tickets} tickets`);
    if (order.payment_id && kept.has(order.payment_id))
      violations.push(`order ${order.id} of a deleted account has an approved charge never refunded`);
  }
  return violations;
}

import { paymentViolations, sandboxLedger } from './payment-invariants.ts';
import type { TFaultDb } from './purchase-kit.ts';

export type TOnSaleInvariants = {
  capacity: number;
  sold: number;
  paidOrders: number;
  approvedCharges: number;
  /** addtocart calls without a valid pass that were accepted (must be 0). */
  botsAccepted: number;
  /**
   * Every rule broken, in words (empty: nothing lost, nothing oversold, nobody past the queue):
   * the payment checker's (every approved charge has its paid order and one ticket per unit, lot
   * counters, sold + held within capacity, one ticket per CPF, processes alive), then each paid
   * order's confirmation e-mail enqueued once, and every order and live hold of the event made by
   * an account the queue admitted.
   */
  violations: string[];
};

/** The books after an on-sale day (e2e/support/onsale-day.ts): `lotId` is the lot on sale. */
export async function onSaleViolations(
  db: TFaultDb,
  eventId: number,
  options: {
    lotId: number;
    botsAccepted: number;
    processes: { name: string; alive: () => boolean }[];
  },
): Promise<TOnSaleInvariants> {
  const ledger = await sandboxLedger(db);
  const violations = await paymentViolations(db, ledger, { windowSeconds: 60, processes: options.processes });
  const withoutMail = await db.query<{ id: string; messages: number }>(
    `select o.id, (select count(*)::int from outbox_messages m where m.render->>'orderId' = o.id::text) as messages
       from orders o where o.status = 3`,
  );
  for (const order of withoutMail.filter((o) => o.messages !== 1))
    violations.push(`paid order ${order.id} has ${order.messages} confirmation e-mails enqueued`);
  const bypass = await db.query<{ what: string; id: string }>(
    `select 'order' as what, o.id::text as id from orders o where o.event_id = $1
        and not exists (select 1 from queue_entries q where q.event_id = $1 and q.user_id = o.user_id::text and q.admitted_at is not null)
     union all
     select 'hold of cart', h.cart_id from cart_holds h join carts c on c.id = h.cart_id
      where c.event_id = $1 and not h.released
        and not exists (select 1 from queue_entries q where q.event_id = $1 and q.session_id = c.session_id and q.admitted_at is not null)`,
    [eventId],
  );
  for (const row of bypass) violations.push(`${row.what} ${row.id} was made without an admission`);
  if (options.botsAccepted > 0)
    violations.push(`${options.botsAccepted} addtocart calls without a pass accepted`);
  const [books] = await db.query<{ capacity: number; sold: number; paid: number }>(
    `select capacity, sold, (select count(*)::int from orders where event_id = $1 and status = 3) as paid
       from ticket_lots where id = $2`,
    [eventId, options.lotId],
  );
  return {
    capacity: books!.capacity,
    sold: books!.sold,
    paidOrders: books!.paid,
    approvedCharges: ledger.filter((charge) => charge.status === 'approved').length,
    botsAccepted: options.botsAccepted,
    violations,
  };
}

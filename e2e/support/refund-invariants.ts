import type { TFaultDb } from './purchase-kit.ts';

/** What a gateway's own ledger says of one charge: its amount and what it gave back, in cents. */
export type TGatewayTotals = { ref: string; amountCents: number; refundedCents: number };

/**
 * Issue 33, the refund rules, checked against the gateways' ledgers and the database after a
 * fault run (an empty list: nothing given twice, nothing left unrefunded):
 * 1. per charge (an order's payment, or a split card), what the gateway gave back equals what our
 *    refunds recorded as done: more is money given twice, less is money we think we gave;
 * 2. every refund row is done: none still due, none failed;
 * 3. with `cancelledEventId`: every order of the event that was paid is refunded (6) and its
 *    charge given back whole, every ticket of the event void, and each buyer got exactly one
 *    cancellation e-mail per order.
 */
export async function refundViolations(
  db: TFaultDb,
  ledger: (ref: string, gateway: string) => TGatewayTotals | undefined,
  options: { cancelledEventId?: number } = {},
): Promise<string[]> {
  const violations: string[] = [];
  const charges = await db.query<{
    order_id: string;
    payment_id: string;
    gateway: string;
    gateway_ref: string | null;
    refunded: number;
  }>(
    `select r.order_id, r.payment_id, r.gateway, r.gateway_ref,
            sum(case when r.status = 'done' then r.amount_cents else 0 end)::int as refunded
     from refunds r group by r.order_id, r.payment_id, r.part_id, r.gateway, r.gateway_ref`,
  );
  for (const charge of charges) {
    const at = charge.gateway_ref ? ledger(charge.gateway_ref, charge.gateway) : undefined;
    if (!at) {
      violations.push(
        `order ${charge.order_id}: refunded charge ${charge.gateway_ref} not found at ${charge.gateway}`,
      );
      continue;
    }
    if (at.refundedCents > charge.refunded)
      violations.push(
        `order ${charge.order_id}: ${charge.gateway} gave back ${at.refundedCents} cents, our refunds say ${charge.refunded} (money given twice)`,
      );
    if (at.refundedCents < charge.refunded)
      violations.push(
        `order ${charge.order_id}: our refunds say ${charge.refunded} cents, ${charge.gateway} gave back only ${at.refundedCents}`,
      );
  }
  const open = await db.query<{ id: string; order_id: string; status: string; last_error: string | null }>(
    `select id, order_id, status, last_error from refunds where status <> 'done'`,
  );
  for (const row of open)
    violations.push(
      `refund ${row.id} of order ${row.order_id} is ${row.status} (${row.last_error ?? 'no error'})`,
    );

  if (options.cancelledEventId !== undefined) {
    const orders = await db.query<{
      id: string;
      status: number;
      gateway: string;
      gateway_ref: string | null;
      email: string;
      mails: number;
    }>(
      `select o.id, o.status, p.gateway, p.gateway_ref, u.email,
              (select count(*)::int from outbox_messages m
                where m.recipient = u.email and m.subject like 'Evento cancelado%') as mails
       from orders o join payments p on p.order_id = o.id join users u on u.id = o.user_id
       where o.event_id = $1 and o.paid_at is not null`,
      [options.cancelledEventId],
    );
    for (const order of orders) {
      if (order.status !== 6)
        violations.push(`order ${order.id} of the cancelled event is in status ${order.status}`);
      const at = order.gateway_ref ? ledger(order.gateway_ref, order.gateway) : undefined;
      if (!at || at.refundedCents !== at.amountCents)
        violations.push(
          `order ${order.id}: ${order.gateway} gave back ${at?.refundedCents ?? '?'} of ${at?.amountCents ?? '?'} cents`,
        );
      if (order.mails !== 1)
        violations.push(`order ${order.id}: ${order.mails} cancellation e-mails to its buyer`);
    }
    const [live] = await db.query<{ n: number }>(
      'select count(*)::int as n from tickets where event_id = $1 and voided_at is null',
      [options.cancelledEventId],
    );
    if (live!.n > 0) violations.push(`${live!.n} tickets of the cancelled event still admit at the gate`);
  }
  return violations;
}

import type { TLocale } from '@ingressos/domain';
import { wasRefunded } from '@ingressos/domain/order-lifecycle';
import { inArray, sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { refunds } from '../../../db/schema/index.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { retryDelayMs } from '../../outbox/backoff.ts';
import { describeError } from '../../outbox/describe-error.ts';
import { markPartRefunded, setPaymentStatus } from '../order/order-state.ts';
import { gatewayOfPayment, type TCheckoutServices } from '../services.ts';
import { enqueueStaffRefundMail } from './refund-notice-mail.ts';
import { baseOf, REFUND_MAX_ATTEMPTS, type TRefundRow } from './refund-rows.ts';

/**
 * How long a claimed refund is this process's: longer than any gateway call can take, so two
 * processes never call the gateway for one row at once; a process killed mid-call leaves the row
 * claimable again when it lapses (and the read-back below keeps the retry from paying twice).
 */
export const leaseSeconds = (s: TCheckoutServices) =>
  Math.max(s.config.REFUND_LEASE_SECONDS, Math.ceil((2 * s.config.PAYMENT_GATEWAY_TIMEOUT_MS) / 1000));

/** Claims due refunds (all due ones, or `ids`) for this process: one statement, FOR UPDATE SKIP LOCKED. */
export async function claimDueRefunds(
  s: TCheckoutServices,
  filter: { ids?: readonly string[]; cancellationId?: number; limit: number },
): Promise<TRefundRow[]> {
  const only = filter.ids
    ? sql`and id in (${sql.join(
        filter.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : filter.cancellationId !== undefined
      ? sql`and cancellation_id = ${filter.cancellationId}`
      : sql``;
  if (filter.ids?.length === 0) return [];
  const claimed = await rows<{ id: string }>(
    s.db,
    sql`update refunds set next_attempt_at = now() + ${leaseSeconds(s)} * interval '1 second'
        where id in (select id from refunds where status = 'due' and next_attempt_at <= now() ${only}
                     order by next_attempt_at limit ${filter.limit} for update skip locked)
        returning id`,
  );
  if (claimed.length === 0) return [];
  return s.db
    .select()
    .from(refunds)
    .where(
      inArray(
        refunds.id,
        claimed.map((row) => row.id),
      ),
    );
}

/**
 * Gives the money of one claimed refund back at its gateway. First the gateway's own total is
 * read: when it already shows this refund (a crash or a timeout after the gateway took it), the
 * gateway is not asked again, because a partial refund repeated is money given twice. Then the row
 * reads 'done' in ONE transaction with the split card's or the payment's refunded mark and the
 * buyer's e-mail (once per request, when its last row is done). A failure keeps the row 'due' with
 * a backoff; after REFUND_MAX_ATTEMPTS it reads 'failed' (listed, retried by staff).
 */
export async function executeRefund(
  s: TCheckoutServices,
  row: TRefundRow,
  locale: TLocale,
): Promise<'done' | 'due' | 'failed'> {
  try {
    await giveBack(s, row);
  } catch (error) {
    const attempts = row.attempts + 1;
    const failed = attempts >= REFUND_MAX_ATTEMPTS;
    const wait = retryDelayMs(attempts, { baseMs: s.config.REFUND_RETRY_BASE_MS, capMs: 15 * 60_000 });
    await s.db.execute(
      sql`update refunds set attempts = ${attempts}, last_error = ${describeError(error).slice(0, 500)},
            status = ${failed ? 'failed' : 'due'},
            next_attempt_at = now() + ${wait} * interval '1 millisecond'
          where id = ${row.id} and status = 'due'`,
    );
    s.log.warn('a staff refund failed at the gateway; tried again later', {
      refundId: row.id,
      orderId: row.orderId,
      attempts,
      failed,
    });
    return failed ? 'failed' : 'due';
  }
  const mailed = await withTransaction(s.db, async (tx) => {
    const done = await rows<{ id: string }>(
      tx,
      sql`update refunds set status = 'done', done_at = now(), attempts = attempts + 1, last_error = null
          where id = ${row.id} and status = 'due' returning id`,
    );
    if (done.length === 0) return false;
    if (row.partId) await markPartRefunded(tx, row.partId);
    const base = baseOf(row.id);
    const [left] = await rows<{ n: number; order_status: number }>(
      tx,
      sql`select (select count(*)::int from refunds where (id = ${base} or id like ${`${base}.%`}) and status <> 'done') as n,
            (select status from orders where id = ${row.orderId}) as order_status`,
    );
    if (!left || left.n > 0) return false;
    // The whole order given back: its payment reads refunded (a partial refund leaves it approved, as the gateway does).
    if (wasRefunded(left.order_status))
      await setPaymentStatus(
        tx,
        row.paymentId,
        { status: 'refunded', detail: `${row.kind}_refund` },
        s.config.TEST_UNSAFE_ORDER_MOVES,
      );
    await enqueueStaffRefundMail({ db: tx, config: s.config }, base, locale);
    return true;
  });
  if (mailed) s.outbox.nudge();
  return 'done';
}

/** The gateway's part: read back first, refund only what it does not show yet. */
async function giveBack(s: TCheckoutServices, row: TRefundRow) {
  const gateway = gatewayOfPayment(s, row.gateway);
  const ref = row.gatewayRef ?? (row.partId ? (await gateway.findByExternalRef(row.partId))?.ref : null);
  if (!ref) throw new Error('the charge has no reference at its gateway');
  const [charge] = await rows<{ amount_cents: number }>(
    s.db,
    row.partId
      ? sql`select amount_cents from payment_parts where id = ${row.partId}`
      : sql`select amount_cents from payments where id = ${row.paymentId}`,
  );
  const target = row.refundedBeforeCents + row.amountCents;
  if (!s.config.TEST_UNSAFE_REFUND_NO_READBACK) {
    const now = await gateway.getCharge(ref);
    const given = now?.refundedCents ?? (now?.status === 'refunded' ? (now.amountCents ?? target) : 0);
    if (given >= target) return;
  }
  // The rest of the charge: a full refund, which the gateway repeats harmlessly; else exactly this share.
  const whole = charge !== undefined && target >= charge.amount_cents;
  await gateway.refund(ref, whole ? undefined : row.amountCents);
}

/** One pass over the refunds due (the reconciler's interval in every process): claimed, then executed. */
export async function runDueRefunds(
  s: TCheckoutServices,
  locale: TLocale,
  filter: { cancellationId?: number; limit?: number } = {},
) {
  const claimed = await claimDueRefunds(s, { ...filter, limit: filter.limit ?? 50 });
  const outcome = { done: 0, due: 0, failed: 0 };
  for (const row of claimed) {
    try {
      outcome[await executeRefund(s, row, locale)] += 1;
    } catch (error) {
      // The database failed while recording: the row stays claimed until its lease lapses, then again.
      s.log.warn('a refund could not be recorded; tried again at the next pass', { error, refundId: row.id });
    }
  }
  return outcome;
}

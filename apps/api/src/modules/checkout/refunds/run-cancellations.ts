import type { TLocale } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { AppError } from '../../app-error.ts';
import type { TCheckoutServices } from '../services.ts';
import { leaseSeconds, runDueRefunds } from './execute-refund.ts';
import { requestRefund } from './request-refund.ts';

/**
 * Issue 33: one step of the event cancellation jobs, in every process (the reconciler's interval,
 * main.ts). A process takes one running job whose lease is free (FOR UPDATE SKIP LOCKED), walks
 * the event's paid orders in batches writing one refund per order (kind 'event_cancelled', keyed
 * by the job so a walk repeated after a crash finds the rows it wrote and never writes a second),
 * and executes the job's due refunds. A process killed mid-step leaves the lease to lapse; the next
 * process resumes where the rows say. The job is done when no paid order is left unrefunded, no
 * order of the event still awaits payment (a late payment would be refunded too) and no refund of
 * it is due; failed ones are listed and retried by staff (retry-failed).
 */
export async function runCancellationJobs(s: TCheckoutServices, owner: string, locale: TLocale) {
  const [job] = await rows<{ id: number; event_id: number; reason: string; requested_by: string | null }>(
    s.db,
    sql`update event_cancellations set lease_owner = ${owner}, lease_until = now() + ${leaseSeconds(s)} * interval '1 second'
        where id = (select id from event_cancellations
                    where status = 'running' and kind = 'cancel' and (lease_until is null or lease_until < now() or lease_owner = ${owner})
                    order by id limit 1 for update skip locked)
        returning id, event_id, reason, requested_by`,
  );
  if (!job) return null;
  const batch = s.config.CANCELLATION_BATCH;
  let after = '';
  let written = 0;
  for (;;) {
    const paid = await rows<{ id: string }>(
      s.db,
      sql`select o.id from orders o
          where o.event_id = ${job.event_id} and o.status = ${ORDER_STATUS.PAGO} and o.id > ${after}
            and not exists (select 1 from refunds r where r.order_id = o.id and r.cancellation_id = ${job.id})
          order by o.id limit ${batch}`,
    );
    if (paid.length === 0) break;
    for (const order of paid) {
      after = order.id;
      try {
        const made = await requestRefund(s, {
          orderId: order.id,
          reason: job.reason,
          kind: 'event_cancelled',
          staff: null,
          key: `cancellation:${job.id}`,
          cancellationId: job.id,
          locale,
        });
        written += made.length;
      } catch (error) {
        // Refused for now (a staff refund of it still due or failed): the next step tries it again.
        if (!(error instanceof AppError)) throw error;
        s.log.warn('an order of a cancelled event could not be refunded yet', {
          orderId: order.id,
          code: error.code,
        });
      }
    }
    await runDueRefunds(s, locale, { cancellationId: job.id, limit: batch });
    const renewed = await rows<{ id: number }>(
      s.db,
      sql`update event_cancellations set lease_until = now() + ${leaseSeconds(s)} * interval '1 second'
          where id = ${job.id} and lease_owner = ${owner} and status = 'running' returning id`,
    );
    // Another process took the job over (this one stalled past its lease): it goes on from the rows.
    if (renewed.length === 0) return { id: job.id, written };
  }
  const outcome = await runDueRefunds(s, locale, { cancellationId: job.id, limit: batch });
  await s.db.execute(
    sql`update event_cancellations set status = 'done', finished_at = now(), lease_owner = null, lease_until = null
        where id = ${job.id} and status = 'running'
          and not exists (select 1 from refunds where cancellation_id = ${job.id} and status = 'due')
          and not exists (select 1 from orders o where o.event_id = ${job.event_id}
                          and o.status in (${ORDER_STATUS.AGUARDANDO_PAGAMENTO}, ${ORDER_STATUS.PRE_AUTORIZADO}, ${ORDER_STATUS.PAGO})
                          and not exists (select 1 from refunds r where r.order_id = o.id and r.cancellation_id = ${job.id}))`,
  );
  // Let the lease go, so any process takes the next step (refunds due later) without waiting for it.
  await s.db.execute(
    sql`update event_cancellations set lease_until = null where id = ${job.id} and lease_owner = ${owner}`,
  );
  return { id: job.id, written, ...outcome };
}

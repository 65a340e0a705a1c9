import type { TEventCancellationProgress } from '@ingressos/contracts/staff-refunds';
import type { TLocale } from '@ingressos/domain';
import { ORDER_STATUS } from '@ingressos/domain/payment-status';
import type { TDb } from '../../../db/client.ts';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import { eventCancellations } from '../../../db/schema/index.ts';
import { withTransaction } from '../../../db/with-transaction.ts';
import { rescheduleEvent, stopEventSales } from '../../catalogue/stop-event-sales.ts';
import { recordStaffAction, type TStaffAction } from '../../staff/audit.ts';
import type { TCheckoutServices } from '../services.ts';
import { enqueuePostponementMail } from './refund-notice-mail.ts';
import { refundError } from './refund-rows.ts';

type TAudit = Omit<TStaffAction, 'action' | 'targetType' | 'targetId'>;

const uniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

async function eventOf(db: TDb, eventId: number, locale: TLocale) {
  const [event] = await rows<{ id: number; name: string; starts_at: Date | string; time_zone: string }>(
    db,
    sql`select id, name, starts_at, time_zone from events where id = ${eventId} for update`,
  );
  if (!event) throw refundError('event_not_found', locale);
  return event;
}

/**
 * Issue 33: cancels an event. In ONE transaction: the job row (one running per event, the unique
 * index), the event's sales stopped (every lot disabled, revision bumped) and the audit line. The
 * refunds follow in the job (run-cancellations.ts), in every process under the job's lease.
 * Answers the job's id.
 */
export async function startEventCancellation(
  s: TCheckoutServices,
  input: { eventId: number; reason: string; audit: TAudit },
  locale: TLocale,
): Promise<number> {
  try {
    return await withTransaction(s.db, async (tx) => {
      await eventOf(tx, input.eventId, locale);
      const [paid] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from orders where event_id = ${input.eventId} and status = ${ORDER_STATUS.PAGO}`,
      );
      const [job] = await tx
        .insert(eventCancellations)
        .values({
          eventId: input.eventId,
          kind: 'cancel',
          reason: input.reason,
          requestedBy: input.audit.staff?.id ?? null,
          totalOrders: paid?.n ?? 0,
        })
        .returning({ id: eventCancellations.id });
      await stopEventSales(tx, input.eventId);
      await recordStaffAction(tx, {
        ...input.audit,
        action: 'event.cancel',
        targetType: 'event',
        targetId: String(input.eventId),
        after: { cancellationId: job!.id, paidOrders: paid?.n ?? 0, onSale: false },
        reason: input.reason,
      });
      return job!.id;
    });
  } catch (error) {
    if (uniqueViolation(error)) throw refundError('cancellation_running', locale);
    throw error;
  }
}

/**
 * Issue 33: postpones an event: its new date (the catalogue's writer, revision bumped) and one
 * e-mail per paid order, all in ONE transaction with the job row (done at once: nothing to
 * refund) and the audit line. Tickets stay valid.
 */
export async function postponeEvent(
  s: TCheckoutServices,
  input: { eventId: number; newStartsAt: Date; reason: string; audit: TAudit },
  locale: TLocale,
): Promise<number> {
  if (input.newStartsAt.getTime() <= Date.now()) throw refundError('postpone_in_past', locale);
  try {
    const id = await withTransaction(s.db, async (tx) => {
      const event = await eventOf(tx, input.eventId, locale);
      const buyers = await rows<{ order_id: string; email: string; name: string }>(
        tx,
        sql`select o.id as order_id, u.email, u.name from orders o join users u on u.id = o.user_id
            where o.event_id = ${input.eventId} and o.status = ${ORDER_STATUS.PAGO} order by o.id`,
      );
      const [job] = await tx
        .insert(eventCancellations)
        .values({
          eventId: input.eventId,
          kind: 'postpone',
          reason: input.reason,
          newStartsAt: input.newStartsAt,
          requestedBy: input.audit.staff?.id ?? null,
          status: 'done',
          totalOrders: buyers.length,
          finishedAt: new Date(),
        })
        .returning({ id: eventCancellations.id });
      await rescheduleEvent(tx, input.eventId, input.newStartsAt);
      for (const buyer of buyers)
        await enqueuePostponementMail(
          { db: tx, config: s.config },
          {
            orderId: buyer.order_id,
            email: buyer.email,
            name: buyer.name,
            eventName: event.name,
            timeZone: event.time_zone,
          },
          { id: job!.id, newStartsAt: input.newStartsAt, reason: input.reason },
          locale,
        );
      await recordStaffAction(tx, {
        ...input.audit,
        action: 'event.postpone',
        targetType: 'event',
        targetId: String(input.eventId),
        before: { startsAt: new Date(event.starts_at).toISOString() },
        after: { startsAt: input.newStartsAt.toISOString(), postponementId: job!.id, buyers: buyers.length },
        reason: input.reason,
      });
      return job!.id;
    });
    s.outbox.nudge();
    return id;
  } catch (error) {
    if (uniqueViolation(error)) throw refundError('cancellation_running', locale);
    throw error;
  }
}

/**
 * GET /api/staff/cancellations/:id: the progress screen's numbers, counted from the refund rows of
 * the job (an order counts refunded when every row of it is done) plus the paid orders of the event
 * the job has not reached yet.
 */
export async function cancellationProgress(
  db: TDb,
  id: number,
  locale: TLocale,
): Promise<TEventCancellationProgress> {
  const [job] = await db.select().from(eventCancellations).where(sql`${eventCancellations.id} = ${id}`);
  if (!job) throw refundError('cancellation_not_found', locale);
  const [counts] = await rows<{ orders: number; refunded: number; due: number; waiting: number }>(
    db,
    sql`with per_order as (
          select order_id, bool_and(status = 'done') as done, bool_or(status = 'due') as due
          from refunds where cancellation_id = ${id} group by order_id
        )
        select (select count(*)::int from per_order) as orders,
               (select count(*)::int from per_order where done) as refunded,
               (select count(*)::int from per_order where due) as due,
               (select count(*)::int from orders o where o.event_id = ${job.eventId} and o.status = ${ORDER_STATUS.PAGO}
                  and ${job.kind === 'cancel' && job.status === 'running' ? sql`true` : sql`false`}
                  and not exists (select 1 from refunds r where r.order_id = o.id and r.cancellation_id = ${id})) as waiting`,
  );
  const failed = await rows<{ order_id: string; id: string; last_error: string | null }>(
    db,
    sql`select order_id, id, last_error from refunds where cancellation_id = ${id} and status = 'failed' order by order_id, id`,
  );
  const [event] = await rows<{ name: string }>(db, sql`select name from events where id = ${job.eventId}`);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: job.id,
    eventId: job.eventId,
    eventName: event?.name ?? '',
    kind: job.kind as 'cancel' | 'postpone',
    reason: job.reason,
    newStartsAt: iso(job.newStartsAt),
    status: job.status as 'running' | 'done',
    total: job.kind === 'cancel' ? (counts?.orders ?? 0) + (counts?.waiting ?? 0) : job.totalOrders,
    refunded: counts?.refunded ?? 0,
    due: (counts?.due ?? 0) + (counts?.waiting ?? 0),
    failed: failed.map((row) => ({ orderId: row.order_id, refundId: row.id, error: row.last_error })),
    createdAt: iso(job.createdAt)!,
    finishedAt: iso(job.finishedAt),
  };
}

/**
 * POST /api/staff/cancellations/:id/retry-failed: every failed refund of the job is due again (its
 * attempts from zero) and the job runs again, in one transaction with the audit line.
 */
export async function retryFailedOfCancellation(
  s: TCheckoutServices,
  input: { id: number; audit: TAudit },
  locale: TLocale,
): Promise<number> {
  const [job] = await s.db
    .select()
    .from(eventCancellations)
    .where(sql`${eventCancellations.id} = ${input.id}`);
  if (!job) throw refundError('cancellation_not_found', locale);
  return withTransaction(s.db, async (tx) => {
    const again = await rows<{ id: string }>(
      tx,
      sql`update refunds set status = 'due', attempts = 0, next_attempt_at = now()
          where cancellation_id = ${input.id} and status = 'failed' returning id`,
    );
    if (again.length > 0)
      await tx.execute(
        sql`update event_cancellations set status = 'running', finished_at = null
            where id = ${input.id} and not exists (select 1 from event_cancellations other
              where other.event_id = ${job.eventId} and other.status = 'running' and other.id <> ${input.id})`,
      );
    await recordStaffAction(tx, {
      ...input.audit,
      action: 'event.cancel_retry',
      targetType: 'event_cancellation',
      targetId: String(input.id),
      after: { refundIds: again.map((row) => row.id) },
    });
    return again.length;
  });
}

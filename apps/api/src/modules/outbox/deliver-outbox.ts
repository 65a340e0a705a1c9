import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { TMail, TMailer } from '../../adapters/mail/index.ts';
import type { TSmsSender } from '../../adapters/sms/index.ts';
import type { TDb } from '../../db/client.ts';
import { and, eq, inArray, isNull, lt, lte, or, sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { outboxMessages, type TRenderRequest } from '../../db/schema/index.ts';
import type { TLogger } from '../../logger.ts';
import { retryDelayMs } from './backoff.ts';
import { outboxCrashPoint, type TOutboxCrashPoint } from './crash-point.ts';
import { describeError } from './describe-error.ts';

type TRow = typeof outboxMessages.$inferSelect;

/** Makes the content of a message enqueued with `render` (null: nothing to send any more). */
export type TRenderer = (request: TRenderRequest) => Promise<TMail | null>;

export type TDeliveryDeps = {
  db: TDb;
  log: TLogger;
  mailer: TMailer;
  sms: TSmsSender;
  render: TRenderer;
  /** The right-hand side of every Message-ID: `<outbox row id@domain>`. */
  messageIdDomain: string;
  leaseSeconds: number;
  retryBaseMs: number;
  retryCapMs: number;
  maxAttempts: number;
  crashAt?: TOutboxCrashPoint | undefined;
};

/** How many messages one worker claims at once (sent in parallel under one lease). */
const BATCH = 10;

/** The stable Message-ID of a row: a resend after a crash carries the same one. */
export const messageIdOf = (id: string, domain: string) => `<${id}@${domain}>`;

/**
 * Claims up to BATCH due messages for this worker: pending, due, and not under another live
 * lease. FOR UPDATE SKIP LOCKED lets concurrent workers claim disjoint rows without waiting; the
 * claim commits at once, so the lease (claimed_until) is what keeps others off while we send.
 * Each claim counts as an attempt, so a message that kills its sender ends 'dead' too.
 */
async function claimDue(d: TDeliveryDeps, token: string): Promise<TRow[]> {
  const due = d.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
        or(isNull(outboxMessages.claimedUntil), lt(outboxMessages.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(outboxMessages.nextAttemptAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return d.db
    .update(outboxMessages)
    .set({
      claimedBy: token,
      claimedUntil: sql`now() + ${d.leaseSeconds} * interval '1 second'`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Only the lease holder may write the outcome: a worker whose lease passed and was taken writes nothing. */
const held = (row: TRow, token: string) =>
  and(
    eq(outboxMessages.id, row.id),
    eq(outboxMessages.claimedBy, token),
    eq(outboxMessages.status, 'pending'),
  );

type TContent = Pick<TRow, 'recipient' | 'subject' | 'html' | 'text' | 'attachments'>;

/**
 * The content of a rendered message, made at its first delivery. It is stored only when that
 * delivery fails (issue 37: the HTML and base64 PDFs written back before every send were the largest
 * write of a purchase), so a retry sends what the failed attempt tried; a message sent at its first
 * try keeps only its recipient and subject (the order's timeline shows them).
 */
async function contentOf(d: TDeliveryDeps, row: TRow): Promise<{ row: TRow | null; fresh?: TContent }> {
  if (row.recipient !== null || !row.render) return { row };
  const mail = await d.render(row.render);
  if (!mail) return { row: null };
  const content: TContent = {
    recipient: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments:
      mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: a.content.toString('base64'),
      })) ?? null,
  };
  return { row: { ...row, ...content }, fresh: content };
}

async function send(d: TDeliveryDeps, row: TRow) {
  if (row.channel === 'sms') return d.sms.send(row.recipient ?? '', row.text ?? '');
  return d.mailer.send({
    to: row.recipient ?? '',
    subject: row.subject ?? '',
    html: row.html ?? '',
    text: row.text ?? '',
    messageId: messageIdOf(row.id, d.messageIdDomain),
    ...(row.attachments?.length
      ? {
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.base64, 'base64'),
          })),
        }
      : {}),
  });
}

/** A message this round sent (or found nothing to send for), to be marked with the round's others. */
type TDone = { id: string; sent: boolean; fresh: TContent | undefined };

/** Sends one claimed message; a failure is written at once (retry or dead), a success is answered. */
async function deliverOne(d: TDeliveryDeps, claimed: TRow, token: string): Promise<TDone | null> {
  let row: TRow | null = claimed;
  let fresh: TContent | undefined;
  try {
    ({ row, fresh } = await contentOf(d, claimed));
    outboxCrashPoint(d.crashAt, 'before_send');
    if (row) await send(d, row);
  } catch (error) {
    const reason = describeError(error);
    const dead = claimed.attempts >= d.maxAttempts;
    const delay = retryDelayMs(claimed.attempts, { baseMs: d.retryBaseMs, capMs: d.retryCapMs });
    await d.db
      .update(outboxMessages)
      .set({
        ...fresh,
        ...(dead
          ? { status: 'dead' as const, lastError: reason, claimedUntil: null }
          : {
              lastError: reason,
              claimedUntil: null,
              nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'`,
            }),
      })
      .where(held(claimed, token));
    const fields = {
      messageId: claimed.id,
      channel: claimed.channel,
      attempts: claimed.attempts,
      error: reason,
    };
    if (dead) d.log.warn('outbox message given up', fields);
    else d.log.info('outbox send failed, will retry', { ...fields, retryInMs: delay });
    return null;
  }
  outboxCrashPoint(d.crashAt, 'after_send');
  return { id: claimed.id, sent: row !== null, fresh };
}

/**
 * Marks the round's sent messages (and those with nothing left to send, dead) in one statement
 * (issue 37: one UPDATE per message was a statement of every purchase), each only while this
 * worker's lease holds it. Who got it and what it said stay for the order's timeline; not the body.
 */
async function markDone(d: TDeliveryDeps, done: TDone[], token: string) {
  if (done.length === 0) return;
  const values = sql.join(
    done.map(
      (m) =>
        sql`(${m.id}::uuid, ${m.sent ? 'sent' : 'dead'}, ${m.fresh?.recipient ?? null}, ${m.fresh?.subject ?? null})`,
    ),
    sql`, `,
  );
  const marked = await rows<{ id: string }>(
    d.db,
    sql`update outbox_messages m set status = v.status, claimed_until = null,
          sent_at = case when v.status = 'sent' then now() else m.sent_at end,
          last_error = case when v.status = 'sent' then null else 'nothing to send' end,
          recipient = coalesce(v.recipient, m.recipient), subject = coalesce(v.subject, m.subject)
        from (values ${values}) as v(id, status, recipient, subject)
        where m.id = v.id and m.claimed_by = ${token} and m.status = 'pending'
        returning m.id`,
  );
  const kept = new Set(marked.map((row) => row.id));
  // Our lease ran out mid-send and another worker took the message: it may go twice (same Message-ID).
  for (const m of done)
    if (!kept.has(m.id)) d.log.warn('outbox lease lost while sending', { messageId: m.id });
}

/**
 * One round of the worker: claims what is due and sends it through the mail or SMS transport,
 * marking the sent ones together, or retrying later (exponential backoff with jitter, capped), or
 * 'dead' after maxAttempts. Answers how many messages it claimed (0: nothing was due).
 */
export async function deliverOutbox(d: TDeliveryDeps): Promise<number> {
  const token = `${hostname()}:${process.pid}:${randomUUID()}`;
  const claimed = await claimDue(d, token);
  const done = await Promise.all(claimed.map((row) => deliverOne(d, row, token)));
  await markDone(
    d,
    done.filter((m) => m !== null),
    token,
  );
  return claimed.length;
}

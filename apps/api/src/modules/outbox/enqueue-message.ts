import type { TMail } from '../../adapters/mail/index.ts';
import type { TDb } from '../../db/client.ts';
import type { SQL } from '../../db/orm.ts';
import { outboxMessages, type TRenderRequest } from '../../db/schema/index.ts';

/** An e-mail already written, an e-mail the worker writes (from `render`), or a text message. */
export type TOutgoingMessage =
  | { channel: 'mail'; mail: TMail; dedupeKey?: string }
  | { channel: 'mail'; render: TRenderRequest; dedupeKey?: string }
  | { channel: 'sms'; to: string; body: string; dedupeKey?: string };

/**
 * Writes a message to the outbox with `db`, which should be the transaction of what caused it:
 * the message then exists exactly when that change committed. The caller wakes the worker
 * (`outbox.nudge()`) after its commit; the poller finds it otherwise. A second message with the
 * same dedupe key is dropped.
 */
export async function enqueueMessage(db: TDb, message: TOutgoingMessage): Promise<void> {
  await db.execute(enqueueMessageSql(db, message));
}

/** enqueueMessage's statement, for a caller that writes the message inside a statement of its own. */
export function enqueueMessageSql(db: TDb, message: TOutgoingMessage): SQL {
  const dedupeKey = message.dedupeKey ?? null;
  const values: typeof outboxMessages.$inferInsert =
    message.channel === 'sms'
      ? { channel: 'sms', recipient: message.to, text: message.body, dedupeKey }
      : 'render' in message
        ? { channel: 'mail', render: message.render, dedupeKey }
        : {
            channel: 'mail',
            recipient: message.mail.to,
            subject: message.mail.subject,
            html: message.mail.html,
            text: message.mail.text,
            attachments: message.mail.attachments?.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              base64: a.content.toString('base64'),
            })),
            dedupeKey,
          };
  return db.insert(outboxMessages).values(values).onConflictDoNothing().getSQL();
}

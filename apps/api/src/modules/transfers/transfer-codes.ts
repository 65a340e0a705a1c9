import { randomInt } from 'node:crypto';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { firstName } from '@ingressos/domain/person-name';
import { and, eq, gt, sql } from '../../db/orm.ts';
import { transferCodes } from '../../db/schema/index.ts';
import { sameHash, sha256 } from '../../db/tokens.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { transferError, transferMessage } from './messages.ts';
import { queueMail, type TTransferServices } from './transfer-facts.ts';
import { transferCodeMail } from './transfer-mails.ts';

const CODE_MINUTES = 10;
const WINDOW_MINUTES = 15;
const MAX_ATTEMPTS = 5;

const codeHash = (userId: string, code: string) => sha256(`transfer:${userId}:${code}`);

/**
 * POST /api/transferTicket/createUserNotification: e-mails the sender a 6-digit code that confirms they want
 * to send tickets, replacing any earlier one.
 */
export async function sendTransferCode(s: TTransferServices, user: TUserRow) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    codeHash: codeHash(user.id, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    createdAt: new Date(),
  };
  // The code and its e-mail commit together; the outbox retries a mail server that fails meanwhile.
  await withTransaction(s.db, async (tx) => {
    await tx
      .insert(transferCodes)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: transferCodes.userId, set: values });
    await queueMail(
      tx,
      transferCodeMail({
        to: user.email,
        name: firstName(user.name),
        brand: s.config.BRAND_NAME,
        code,
        minutes: CODE_MINUTES,
        locale: nationalityLocale(user.nationality as TNationality),
      }),
    );
  });
  s.outbox.nudge();
  return { status: true, minutes: CODE_MINUTES };
}

/**
 * POST /api/validateTransferCode: a right, unexpired code (within five tries) opens the window
 * in which this account may send tickets; the code is then spent.
 */
export async function validateTransferCode(
  s: TTransferServices,
  user: TUserRow,
  code: string,
  locale: TLocale,
) {
  const [pending] = await s.db
    .select()
    .from(transferCodes)
    .where(and(eq(transferCodes.userId, user.id), gt(transferCodes.expiresAt, new Date())));
  if (!pending?.codeHash || pending.attempts >= MAX_ATTEMPTS) throw transferError('code_invalid', locale);
  if (!sameHash(pending.codeHash, codeHash(user.id, code))) {
    await s.db
      .update(transferCodes)
      .set({ attempts: sql`${transferCodes.attempts} + 1` })
      .where(eq(transferCodes.userId, user.id));
    throw transferError('code_invalid', locale);
  }
  await s.db
    .update(transferCodes)
    .set({ codeHash: null, expiresAt: null, verifiedUntil: new Date(Date.now() + WINDOW_MINUTES * 60_000) })
    .where(eq(transferCodes.userId, user.id));
  return { status: true, message: transferMessage('code_ok', locale) };
}

/** Sending needs a code confirmed in the last 15 minutes. */
export async function requireConfirmedSender(s: TTransferServices, userId: string, locale: TLocale) {
  const [open] = await s.db
    .select({ userId: transferCodes.userId })
    .from(transferCodes)
    .where(and(eq(transferCodes.userId, userId), gt(transferCodes.verifiedUntil, new Date())));
  if (!open) throw transferError('code_required', locale);
}

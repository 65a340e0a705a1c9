import type { TDb } from '../../db/client.ts';
import { and, eq, sql } from '../../db/orm.ts';
import {
  biometryEnrolments,
  biometryFaces,
  emailChanges,
  lineHolders,
  orders,
  passwordResets,
  phoneCodes,
  sessions,
  tickets,
  ticketTransfers,
  transferCodes,
  users,
} from '../../db/schema/index.ts';
import type { TUserRow } from '../accounts/sessions.ts';

/**
 * What a deleted account's e-mail and document become: unique, never deliverable (.invalid is
 * reserved, RFC 2606) and never a login identifier (longer than any document a form accepts).
 */
export const deletedEmail = (userId: string) => `${userId}@deleted.invalid`;
export const deletedDocument = (userId: string) => `DELETED-${userId.toUpperCase()}`;
export const DELETED_NAME = 'Conta excluída';
/** Not an argon2 hash: verifying any password against it fails. */
const NO_PASSWORD = '!deleted';

/**
 * Inside the deletion's transaction: replaces every personal field of the account, and its own
 * CPF wherever orders, tickets and transfers carry it, by placeholders; removes sessions and
 * pending codes and facial biometry. Orders, payments and tickets stay (amounts, dates, items) as the tax record.
 */
export async function anonymiseAccount(tx: TDb, user: TUserRow): Promise<void> {
  const document = deletedDocument(user.id);
  const now = new Date();
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      email: deletedEmail(user.id),
      document,
      birthDate: '1900-01-01',
      responsibleDocument: null,
      gender: null,
      ddiPhone: '',
      phone: '',
      stateIbge: null,
      cityIbge: null,
      passwordHash: NO_PASSWORD,
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      marketingEmails: false,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  for (const table of [
    sessions,
    passwordResets,
    phoneCodes,
    transferCodes,
    emailChanges,
    biometryEnrolments,
  ]) {
    await tx.delete(table).where(eq(table.userId, user.id));
  }
  // Biometry is sensitive data (LGPD art. 11): the local provider's stored face goes with the account
  // (a remote provider's copy is removed after the commit, routes/privacy.ts).
  await tx.delete(biometryFaces).where(eq(biometryFaces.subjectId, user.id));

  // The person's own CPF in the records that stay: their orders (as buyer and as a holder),
  // tickets they kept, and transfers addressed to them.
  const mine = await tx
    .select({ id: orders.id, lines: orders.lines })
    .from(orders)
    .where(eq(orders.userId, user.id));
  for (const order of mine) {
    // Saved again with holders (an older order's CPFs become holders).
    const lines = order.lines.map(({ cpfs, ...line }) => ({
      ...line,
      holders: lineHolders({ holders: line.holders, cpfs }).map((holder) =>
        holder.document === user.document ? { ...holder, document } : holder,
      ),
    }));
    await tx
      .update(orders)
      .set({ buyerDocument: document, lines, updatedAt: now })
      .where(eq(orders.id, order.id));
  }
  await tx
    .update(tickets)
    .set({ holderCpf: document })
    .where(and(eq(tickets.userId, user.id), eq(tickets.holderCpf, user.document)));
  await tx
    .update(ticketTransfers)
    .set({ destinationCpf: document, updatedAt: now })
    .where(
      sql`${ticketTransfers.destinationUserId} = ${user.id} or ${ticketTransfers.destinationCpf} = ${user.document}`,
    );
}

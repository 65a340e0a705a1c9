import type { TDeletionBlockers } from '@ingressos/contracts/privacy';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import { eq, sql } from '../../db/orm.ts';
import { accountDeletions } from '../../db/schema/index.ts';
import type { TAccountServices } from '../accounts/services.ts';
import type { TUserRow } from '../accounts/sessions.ts';
import { pausePoint } from '../checkout/order/test-pause.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { anonymiseAccount } from './anonymise-account.ts';
import { deletionBlockers, hasBlockers } from './deletion-blockers.ts';
import { accountDeletedMail } from './privacy-mails.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';

export type TDeleteOutcome = { status: 'deleted' } | { status: 'blocked'; blockers: TDeletionBlockers };

/**
 * Deletes the account at its owner's request (LGPD art. 18 VI), after the password: refused
 * while tickets for upcoming events, pending transfers or unsettled orders exist (listed), else
 * anonymised in one transaction that holds the user row, so two requests cannot both run it and
 * a second one finds it done. Sessions end with it, so the person is logged out everywhere.
 */
export async function deleteMyAccount(options: {
  s: TAccountServices;
  user: TUserRow;
  password: string;
  ip: string;
  locale: TLocale;
}): Promise<TDeleteOutcome> {
  const { s, user } = options;
  await verifyCurrentPassword(options);
  const outcome = await s.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${user.id} for update`);
    const [done] = await tx.select().from(accountDeletions).where(eq(accountDeletions.userId, user.id));
    if (done) return { status: 'already' as const };
    const blockers = await deletionBlockers(tx, user);
    if (hasBlockers(blockers)) return { status: 'blocked' as const, blockers };
    await pausePoint(s.config.TEST_PAUSE_AT, 'deletion_locked');
    await anonymiseAccount(tx, user);
    await tx.insert(accountDeletions).values({ userId: user.id });
    // The last message to the address the account had, committed with the deletion.
    await enqueueMessage(tx, {
      channel: 'mail',
      mail: accountDeletedMail({
        to: user.email,
        name: user.name,
        brand: s.config.BRAND_NAME,
        link: `${s.config.publicUrl}/direitos-dos-titulares`,
        locale: nationalityLocale(user.nationality as TNationality),
      }),
    });
    return { status: 'deleted' as const };
  });
  if (outcome.status === 'blocked') return outcome;
  if (outcome.status === 'deleted') s.outbox.nudge();
  return { status: 'deleted' };
}

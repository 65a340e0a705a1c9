import type { TCreateStaffAccountAnswer } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { inArray } from '../../db/orm.ts';
import { events, staffAccounts, staffInvitations } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../db/tokens.ts';
import { withTransaction } from '../../db/with-transaction.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { recordStaffAction } from './audit.ts';
import { INVITATION_HOURS, invitationLink, invitationMail } from './invitation-mail.ts';
import type { TStaff, TStaffRole } from './roles.ts';
import { staffAccountView } from './staff-account-view.ts';
import { staffFail } from './staff-errors.ts';
import type { TStaffRequest } from './staff-services.ts';

/** Whether every id names an event (a producer or gate agent limited to an event that does not exist is a typo). */
export async function eventsExist(db: TDb, eventIds: number[]): Promise<boolean> {
  if (eventIds.length === 0) return true;
  const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
  return new Set(found.map((e) => e.id)).size === new Set(eventIds).size;
}

/**
 * POST /api/staff/accounts (an administrator), `npm run staff:invite` and the demo's first admin
 * (by nobody: `by` null): an 'invited' account, a single-use invitation kept as its SHA-256 (72 h),
 * the e-mail with the link through the outbox and the audit line, all in one transaction. The
 * link is answered to the caller only for the CLI and the demo (which print it); the API never
 * shows it (the e-mail is the channel).
 */
export async function inviteStaff(
  s: { db: TDb; config: TConfig; outbox: { nudge(): void } },
  options: {
    by: Pick<TStaff, 'id' | 'email'> | null;
    input: { email: string; name: string; role: TStaffRole; eventIds: number[] };
    request: TStaffRequest;
    locale: TLocale;
  },
): Promise<TCreateStaffAccountAnswer & { link: string }> {
  const { by, input, request, locale } = options;
  const email = input.email.trim().toLowerCase();
  if (!(await eventsExist(s.db, input.eventIds))) throw staffFail('staff_event_not_found', locale);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000);
  const link = invitationLink(s.config, token);
  const account = await withTransaction(s.db, async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email,
        name: input.name.trim(),
        role: input.role,
        eventIds: input.eventIds,
        status: 'invited',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx
      .insert(staffInvitations)
      .values({ tokenHash: sha256(token), staffId: row.id, invitedBy: by?.id ?? null, expiresAt });
    await enqueueMessage(tx, {
      channel: 'mail',
      mail: invitationMail({
        config: s.config,
        to: email,
        name: row.name,
        role: row.role,
        link,
        locale: 'pt-BR',
      }),
    });
    await recordStaffAction(tx, {
      staff: by,
      action: 'staff.invite',
      targetType: 'staff',
      targetId: row.id,
      after: { email, name: row.name, role: row.role, eventIds: row.eventIds },
      ip: request.ip,
      requestId: request.requestId,
    });
    return row;
  });
  if (!account) throw staffFail('staff_email_taken', locale);
  s.outbox.nudge();
  return { account: staffAccountView(account), invitationExpiresAt: expiresAt.toISOString(), link };
}

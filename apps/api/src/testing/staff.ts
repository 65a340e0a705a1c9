import type { TDb } from '../db/client.ts';
import { staffAccounts, staffSessions } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../db/tokens.ts';
import type { TStaffRole } from '../modules/staff/roles.ts';
import { staffCookieName } from '../modules/staff/staff-sessions.ts';

/**
 * For API tests: an active staff member of `role` (TOTP done) and a full session, written
 * straight to the database. `cookie` goes in a request's Cookie header.
 */
export async function staffSession(
  db: TDb,
  options: { role: TStaffRole; eventIds?: number[]; email?: string; secureCookies?: boolean },
) {
  const email = options.email ?? `${options.role}.${randomToken().slice(0, 8).toLowerCase()}@staff.test`;
  const [staff] = await db
    .insert(staffAccounts)
    .values({
      email,
      name: `Staff ${options.role}`,
      role: options.role,
      eventIds: options.eventIds ?? [],
      status: 'active',
      totpEnabledAt: new Date(),
    })
    .returning({ id: staffAccounts.id });
  if (!staff) throw new Error('staff not created');
  const token = randomToken();
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    staffId: staff.id,
    stage: 'full',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const cookie = `${staffCookieName(options.secureCookies ?? false)}=${token}`;
  return { id: staff.id, email, token, cookie, headers: { cookie } };
}

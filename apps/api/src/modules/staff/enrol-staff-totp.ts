import type { TStaffTotpEnrolAnswer } from '@ingressos/contracts/staff';
import type { TLocale } from '@ingressos/domain';
import QRCode from 'qrcode';
import { and, eq, isNull, sql } from '../../db/orm.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { staffFail } from './staff-errors.ts';
import type { TStaffServices } from './staff-services.ts';
import type { TStaffSession } from './staff-sessions.ts';
import { newTotpSecret, totpUri } from './totp.ts';

/**
 * POST /api/staff/totp/enrol: on the first login (a half-way session whose account has no TOTP
 * yet), a new secret for the authenticator app, kept sealed and not in force until a code from
 * the app confirms it (confirm-staff-totp.ts). Asking again replaces the unconfirmed secret.
 */
export async function enrolStaffTotp(
  s: TStaffServices,
  options: { session: TStaffSession; locale: TLocale },
): Promise<TStaffTotpEnrolAnswer> {
  const { session, locale } = options;
  const secret = newTotpSecret();
  const sealed = await s.box.seal(secret);
  const [row] = await s.db
    .update(staffAccounts)
    .set({ totpSecret: sealed, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(staffAccounts.id, session.staff.id), isNull(staffAccounts.totpEnabledAt)))
    .returning({ email: staffAccounts.email });
  if (!row) throw staffFail('staff_totp_already_enrolled', locale);
  const otpauthUri = totpUri({ issuer: s.config.BRAND_NAME, email: row.email, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg, secret };
}

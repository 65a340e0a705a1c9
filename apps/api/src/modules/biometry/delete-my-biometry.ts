import type { TBiometryExport } from '@ingressos/contracts/biometry';
import { biometryStatusName, type TBiometryStatus } from '@ingressos/domain/biometry';
import type { TDb } from '../../db/client.ts';
import { asc, eq } from '../../db/orm.ts';
import { biometryEnrolments } from '../../db/schema/index.ts';
import { deleteEnrolments } from './biometry-state.ts';
import type { TBiometryServices } from './services.ts';

/**
 * Forgets the account's biometry (LGPD art. 11 and 18 VI): the stored face first (the provider's
 * remove, idempotent), then every enrolment with its tokens and kept frames. A failure between the
 * two leaves enrolments without a face; asking again finishes the job. The status is then none.
 */
export async function deleteMyBiometry(options: { s: TBiometryServices; userId: string }): Promise<number> {
  const { s, userId } = options;
  await s.provider.remove(userId);
  return deleteEnrolments(s.db, userId);
}

/** The data export's biometry part: statuses and dates only, never a descriptor or an image. */
export async function exportBiometry(db: TDb, userId: string): Promise<TBiometryExport> {
  const rows = await db
    .select()
    .from(biometryEnrolments)
    .where(eq(biometryEnrolments.userId, userId))
    .orderBy(asc(biometryEnrolments.createdAt));
  return {
    status: rows.length ? 'collected' : 'not_collected',
    detail: rows.length
      ? 'Facial biometry enrolments of this account (statuses and dates). The face descriptor is kept encrypted and is never exported; delete it from My account.'
      : 'No facial biometry has been collected for this account: there is no biometric template or status.',
    enrolments: rows.map((row) => ({
      uuid: row.uuid,
      statusId: row.status as TBiometryStatus,
      statusName: biometryStatusName(row.status),
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

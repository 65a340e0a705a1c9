import type { TBiometryPendingReviewsAnswer } from '@ingressos/contracts/biometry';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { asc, eq } from '../../db/orm.ts';
import { biometryEnrolments, users } from '../../db/schema/index.ts';
import type { TBiometryServices } from './services.ts';

/**
 * The enrolments waiting for a person (MANUAL_VERIFICATION), the most overdue first: what finds the
 * account and when the answer is due. Never the face or a kept frame (the console of a later issue
 * shows those to the reviewer).
 */
export async function listBiometryReviews(options: {
  s: Pick<TBiometryServices, 'db'>;
  limit?: number;
}): Promise<TBiometryPendingReviewsAnswer> {
  const rows = await options.s.db
    .select({
      uuid: biometryEnrolments.uuid,
      userId: biometryEnrolments.userId,
      name: users.name,
      email: users.email,
      createdAt: biometryEnrolments.createdAt,
      reviewDueAt: biometryEnrolments.reviewDueAt,
    })
    .from(biometryEnrolments)
    .innerJoin(users, eq(users.id, biometryEnrolments.userId))
    .where(eq(biometryEnrolments.status, BIOMETRY_STATUS.MANUAL_VERIFICATION))
    .orderBy(asc(biometryEnrolments.reviewDueAt), asc(biometryEnrolments.createdAt))
    .limit(options.limit ?? 200);
  return {
    reviews: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      reviewDueAt: row.reviewDueAt?.toISOString() ?? null,
    })),
  };
}

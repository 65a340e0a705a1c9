import type { TStaffBiometryReviewsAnswer } from '@ingressos/contracts/staff-support';
import { BIOMETRY_STATUS, biometryStatusName } from '@ingressos/domain/biometry';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

const { MANUAL_VERIFICATION, DOCUMENT_MISMATCH } = BIOMETRY_STATUS;

/**
 * GET /api/staff/biometry/reviews: the enrolments a person must look at, oldest first: those in
 * MANUAL_VERIFICATION (decidable) and those a reviewer or a provider set to DOCUMENT_MISMATCH
 * (final: shown, not decidable). The engine keeps no reason beside the status, so the reason is
 * the status's: under review means the capture was borderline (a look-alike of another account's
 * face, or liveness or the challenge passed only narrowly: docs/biometry.md). The buyer is named;
 * no CPF and no e-mail, which the reviewer does not need to judge a face.
 */
export async function listBiometryQueue(options: {
  db: TDb;
  limit?: number;
}): Promise<TStaffBiometryReviewsAnswer> {
  const found = await rows<{
    uuid: string;
    user_id: string;
    name: string;
    status: number;
    created_at: Date;
    review_due_at: Date | null;
    frames: number | string;
  }>(
    options.db,
    sql`select e.uuid, e.user_id, u.name, e.status, e.created_at, e.review_due_at,
          (select count(*) from biometry_review_images i where i.enrolment_uuid = e.uuid) as frames
        from biometry_enrolments e join users u on u.id = e.user_id
        where e.status in (${MANUAL_VERIFICATION}, ${DOCUMENT_MISMATCH})
        order by e.created_at, e.uuid
        limit ${options.limit ?? 200}`,
  );
  return {
    reviews: found.map((row) => {
      const status = Number(row.status);
      return {
        uuid: row.uuid,
        userId: row.user_id,
        buyerName: row.name,
        statusId: status,
        statusName: biometryStatusName(status) ?? String(status),
        reason: status === MANUAL_VERIFICATION ? 'borderline' : 'document_mismatch',
        decidable: status === MANUAL_VERIFICATION,
        frames: Number(row.frames),
        createdAt: new Date(row.created_at).toISOString(),
        reviewDueAt: row.review_due_at ? new Date(row.review_due_at).toISOString() : null,
      };
    }),
  };
}

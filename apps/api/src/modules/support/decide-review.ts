import type { TBiometryReviewAnswer } from '@ingressos/contracts/biometry';
import type { TStaffBiometryDecisionRequest } from '@ingressos/contracts/staff-support';
import type { TLocale } from '@ingressos/domain';
import { decideBiometryReview } from '../biometry/decide-biometry-review.ts';
import type { TBiometryServices } from '../biometry/services.ts';
import { recordStaffAction, type TStaffAction } from '../staff/audit.ts';

/**
 * POST /api/staff/biometry/reviews/:uuid: the console's approve or reject, through the same
 * decision as the X-Admin-Token call and the CLI (decide-biometry-review.ts: the guarded move, the
 * buyer's e-mail, the kept frame deleted), with the staff member as the reviewer and their reason
 * as the note; then the audit line. The decision commits in its own transaction, so the line is
 * written right after it (a refused decision, 404 or 409, writes none).
 */
export async function decideReview(options: {
  s: Pick<TBiometryServices, 'db' | 'config' | 'log' | 'provider' | 'outbox'>;
  uuid: string;
  input: TStaffBiometryDecisionRequest;
  staff: { id: string; email: string };
  audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId' | 'staff'>;
  locale: TLocale;
}): Promise<TBiometryReviewAnswer> {
  const { s, uuid, input, staff } = options;
  const answer = await decideBiometryReview({
    s,
    uuid,
    input: { decision: input.decision, reviewer: staff.email, note: input.reason },
    locale: options.locale,
  });
  await recordStaffAction(s.db, {
    ...options.audit,
    staff,
    action: `biometry.${input.decision}`,
    targetType: 'biometry_enrolment',
    targetId: uuid,
    before: { statusName: 'MANUAL_VERIFICATION' },
    after: { statusName: answer.statusName },
    reason: input.reason,
  });
  return answer;
}

import type { TBiometryReviewAnswer, TBiometryReviewRequest } from '@ingressos/contracts/biometry';
import type { TLocale } from '@ingressos/domain';
import { nationalityLocale, type TNationality } from '@ingressos/domain/account';
import {
  BIOMETRY_STATUS,
  biometryStatusName,
  type TBiometryStatus,
  type TBiometryStatusName,
} from '@ingressos/domain/biometry';
import { REVIEW_DECISIONS } from '@ingressos/domain/biometry-lifecycle';
import { eq } from '../../db/orm.ts';
import { biometryReviewImages, users } from '../../db/schema/index.ts';
import { enqueueMessage } from '../outbox/enqueue-message.ts';
import { enrolmentByUuid, moveEnrolment } from './biometry-state.ts';
import { biometryError, biometryMessage } from './messages.ts';
import { biometryReviewMail } from './review-mail.ts';
import type { TBiometryServices } from './services.ts';

/**
 * A person's decision on an enrolment under MANUAL_VERIFICATION (issue 31 item 16; accounts §4):
 * approve -> ACTIVE, reject -> BLOCKED, duplicate -> LINKED_TO_ANOTHER_ACCOUNT, document_mismatch
 * -> DOCUMENT_MISMATCH. The move is the one writer's guarded UPDATE, and the buyer's e-mail is
 * written in the same transaction, so a decision and its message commit together; a second
 * decision, or one on an enrolment that is not under review, finds no row to move (409).
 * The frame kept for the review goes with the decision; a face not approved leaves the store.
 */
export async function decideBiometryReview(options: {
  s: Pick<TBiometryServices, 'db' | 'config' | 'log' | 'provider' | 'outbox'>;
  uuid: string;
  input: TBiometryReviewRequest;
  locale: TLocale;
}): Promise<TBiometryReviewAnswer> {
  const { s, uuid, input, locale } = options;
  const enrolment = await enrolmentByUuid(s.db, uuid);
  if (!enrolment) throw biometryError('biometry_not_found', 'not_found', locale);
  if (enrolment.status !== BIOMETRY_STATUS.MANUAL_VERIFICATION)
    throw biometryError('biometry_closed', 'review_not_pending', locale);
  const to: TBiometryStatus = REVIEW_DECISIONS[input.decision];
  const moved = await s.db.transaction(async (tx) => {
    const row = await moveEnrolment(tx, uuid, to, { reviewDueAt: null });
    if (!row) return null;
    await tx.delete(biometryReviewImages).where(eq(biometryReviewImages.enrolmentUuid, uuid));
    const [buyer] = await tx
      .select({ email: users.email, name: users.name, nationality: users.nationality })
      .from(users)
      .where(eq(users.id, row.userId));
    if (buyer)
      await enqueueMessage(tx, {
        channel: 'mail',
        mail: biometryReviewMail({
          config: s.config,
          to: buyer.email,
          name: buyer.name,
          decision: input.decision,
          locale: nationalityLocale(buyer.nationality as TNationality),
        }),
        dedupeKey: `biometry-review:${uuid}`,
      });
    return row;
  });
  // Another decision on this uuid committed first: this one changes nothing.
  if (!moved) throw biometryError('biometry_closed', 'review_not_pending', locale);
  s.outbox.nudge();
  if (to !== BIOMETRY_STATUS.ACTIVE) {
    // Only an approved face stays (a look-alike search needs it); the enrolment's status remains.
    await s.provider.remove(moved.userId).catch((error: unknown) =>
      s.log.error('biometry face removal failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  // Who decided, and what: the audit line (no face, no document, no e-mail address).
  s.log.info('biometry review decided', {
    uuid,
    userId: moved.userId,
    decision: input.decision,
    reviewer: input.reviewer,
    note: input.note ?? null,
  });
  return {
    Message: biometryMessage('review_decided', locale),
    uuid,
    decision: input.decision,
    statusId: to,
    statusName: biometryStatusName(to) as TBiometryStatusName,
  };
}

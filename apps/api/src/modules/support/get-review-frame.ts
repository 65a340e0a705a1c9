import { API_MESSAGES } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import type { TSealedBox } from '../../adapters/biometry/sealed-box.ts';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { biometryReviewImages } from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import { recordStaffAction, type TStaffAction } from '../staff/audit.ts';

/**
 * GET /api/staff/biometry/reviews/:uuid/frames/:n: a kept frame of an enrolment under review,
 * opened from its seal (biometry_review_images keeps the best frame only: n = 0). A face is
 * sensitive personal data (LGPD art. 11): every view is a line of the audit log, written before
 * the bytes leave, and only the reviewer's roles reach this (the route checks them).
 */
export async function getReviewFrame(options: {
  db: TDb;
  box: TSealedBox;
  uuid: string;
  n: number;
  audit: Omit<TStaffAction, 'action' | 'targetType' | 'targetId'>;
  locale: TLocale;
}): Promise<Uint8Array> {
  const { db, uuid, n } = options;
  const [kept] =
    n === 0
      ? await db
          .select({ sealed: biometryReviewImages.sealed })
          .from(biometryReviewImages)
          .where(eq(biometryReviewImages.enrolmentUuid, uuid))
      : [];
  if (!kept)
    throw new AppError('staff_frame_not_found', API_MESSAGES[options.locale].staffSupport.frame_not_found);
  const image = await options.box.open(kept.sealed);
  await recordStaffAction(db, {
    ...options.audit,
    action: 'biometry.frames_view',
    targetType: 'biometry_enrolment',
    targetId: uuid,
    after: { frame: n },
  });
  return image;
}

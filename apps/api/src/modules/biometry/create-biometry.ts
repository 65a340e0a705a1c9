import type { TBiometryCaptureProblem, TCreateBiometryAnswer } from '@ingressos/contracts/biometry';
import type { TLocale } from '@ingressos/domain';
import { BIOMETRY_STATUS, LIVENESS_CHALLENGES, type TBiometryStatus } from '@ingressos/domain/biometry';
import { captureVerdict, isFinalBiometryStatus } from '@ingressos/domain/biometry-lifecycle';
import type { TCaptureCheck, TFaceProbe } from '../../adapters/biometry/face-provider.ts';
import { lt } from '../../db/orm.ts';
import { biometryReviewImages } from '../../db/schema/index.ts';
import { accessEnrolment, type TBiometryActor } from './biometry-access.ts';
import { countRefusedCapture, moveEnrolment, type TEnrolment, undoVerdict } from './biometry-state.ts';
import { consumeBiometryToken } from './biometry-tokens.ts';
import { biometryError, biometryMessage } from './messages.ts';
import type { TBiometryServices } from './services.ts';

const S = BIOMETRY_STATUS;

/**
 * create: checks a capture with the provider (one face in every frame, the challenge met, alive),
 * then searches the faces of other accounts, and moves the enrolment to its verdict. A refused
 * capture counts an attempt (BLOCKED at the limit) and says what to fix; the status stays open.
 * Frames are never kept, except the best one, sealed, for a manual review when
 * BIOMETRY_IMAGE_RETENTION_HOURS allows it.
 */
export async function createBiometry(options: {
  s: TBiometryServices;
  uuid: string;
  frames: Uint8Array[];
  actor: TBiometryActor;
  locale: TLocale;
}): Promise<TCreateBiometryAnswer> {
  const { s, locale } = options;
  const { enrolment, tokenId } = await accessEnrolment({
    s,
    uuid: options.uuid,
    actor: options.actor,
    locale,
  });
  // Per account, whether the capture comes with its session or from a phone with a token.
  await s.limits.consume('biometryCreateUser', enrolment.userId, locale);
  if (isFinalBiometryStatus(enrolment.status as TBiometryStatus))
    throw biometryError('biometry_closed', 'closed', locale);
  await purgeExpiredImages(s);

  let check: TCaptureCheck;
  let matches: { subjectId: string; similarity: number }[] = [];
  try {
    check = await s.provider.check({ frames: options.frames, challenge: LIVENESS_CHALLENGES[0] });
    if (check.kind === 'ok')
      matches = (await s.provider.search(check.probe)).filter((m) => m.subjectId !== enrolment.userId);
  } catch (error) {
    // The error only: a provider's message never carries the frames, and nothing else is logged.
    s.log.error('biometry provider failed', {
      error: error instanceof Error ? error.message : String(error),
    });
    throw biometryError('biometry_unavailable', 'provider_unavailable', locale);
  }

  if (check.kind !== 'ok') {
    const row = await countRefusedCapture(s.db, enrolment.uuid, s.config.BIOMETRY_MAX_ATTEMPTS);
    if (!row) throw biometryError('biometry_conflict', 'create_conflict', locale);
    if (row.status === S.BLOCKED && tokenId) await consumeBiometryToken(s.db, tokenId, s.now());
    return answer(s, row, check.kind, locale, await reviewHours(s));
  }

  const verdict = captureVerdict({
    borderlineCheck: check.borderline,
    bestOtherSimilarity: matches[0]?.similarity ?? null,
    thresholds: s.provider.thresholds,
  });
  const reviewDueAt =
    verdict === S.MANUAL_VERIFICATION
      ? new Date(s.now().getTime() + (await reviewHours(s)) * 3_600_000)
      : null;
  const row = await moveEnrolment(
    s.db,
    enrolment.uuid,
    verdict,
    { reviewDueAt },
    s.config.TEST_UNSAFE_BIOMETRY_MOVES,
  );
  // Another capture of this uuid reached its verdict first: this one changes nothing.
  if (!row) throw biometryError('biometry_conflict', 'create_conflict', locale);
  if (verdict === S.ACTIVE || verdict === S.MANUAL_VERIFICATION) {
    // The face under review is kept too: a second account trying it meanwhile is caught, and an
    // approval needs no new capture. Undo the verdict when it cannot be stored.
    try {
      await s.provider.enrol(enrolment.userId, check.probe);
      if (verdict === S.MANUAL_VERIFICATION) await keepForReview(s, row, check.probe, options.frames);
    } catch (error) {
      s.log.error('biometry enrolment failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      await undoVerdict(s.db, enrolment.uuid, verdict);
      throw biometryError('biometry_unavailable', 'save_failed', locale);
    }
  }
  if (tokenId) await consumeBiometryToken(s.db, tokenId, s.now());
  return answer(s, row, null, locale, await reviewHours(s));
}

/** The manual review's hours: a remote switch (issue 17), read at most SITE_FLAGS_REFRESH_MS old. */
const reviewHours = async (s: TBiometryServices) => (await s.flags.current()).flags.biometryManualReviewHours;

function answer(
  s: TBiometryServices,
  row: TEnrolment,
  problem: TBiometryCaptureProblem | null,
  locale: TLocale,
  hours: number,
): TCreateBiometryAnswer {
  const status = row.status as TBiometryStatus;
  const key =
    status === S.BLOCKED
      ? 'blocked'
      : problem
        ? problem
        : status === S.ACTIVE
          ? 'active'
          : status === S.LINKED_TO_ANOTHER_ACCOUNT
            ? 'linked'
            : status === S.MANUAL_VERIFICATION
              ? 'manual'
              : 'create_failed';
  return {
    success: status === S.ACTIVE,
    data: {
      biometryStatusId: status,
      problem,
      attemptsLeft: Math.max(0, s.config.BIOMETRY_MAX_ATTEMPTS - row.attempts),
      hasExceededAttempts: status === S.BLOCKED,
    },
    message: biometryMessage(key, locale, { hours: String(hours) }),
  };
}

async function keepForReview(s: TBiometryServices, row: TEnrolment, probe: TFaceProbe, frames: Uint8Array[]) {
  const hours = s.config.BIOMETRY_IMAGE_RETENTION_HOURS;
  if (hours === 0) return;
  const image = probe.image ?? frames[0];
  if (!image) return;
  const sealed = await s.box.seal(image);
  await s.db
    .insert(biometryReviewImages)
    .values({ enrolmentUuid: row.uuid, sealed, purgeAt: new Date(s.now().getTime() + hours * 3_600_000) })
    .onConflictDoUpdate({ target: biometryReviewImages.enrolmentUuid, set: { sealed } });
}

/** Frames kept for review go when their retention ends (checked at every capture). */
export async function purgeExpiredImages(s: TBiometryServices): Promise<void> {
  await s.db.delete(biometryReviewImages).where(lt(biometryReviewImages.purgeAt, s.now()));
}

import type { TStartBiometryAnswer } from '@ingressos/contracts/biometry';
import { BIOMETRY_STATUS, LIVENESS_CHALLENGES, type TBiometryStatus } from '@ingressos/domain/biometry';
import { newestEnrolment, openEnrolment, type TEnrolment } from './biometry-state.ts';
import type { TBiometryServices } from './services.ts';

/** Frames a capture sends: enough to see the face come closer, few enough to check quickly. */
export const CAPTURE_FRAMES = { min: 3, max: 8 } as const;

export function enrolmentAnswer(s: TBiometryServices, row: TEnrolment): TStartBiometryAnswer {
  const max = s.config.BIOMETRY_MAX_ATTEMPTS;
  return {
    uuid: row.uuid,
    statusId: row.status as TBiometryStatus,
    challenge: LIVENESS_CHALLENGES[0],
    frames: { ...CAPTURE_FRAMES },
    attemptsLeft: Math.max(0, max - row.attempts),
    hasExceededAttempts: row.status === BIOMETRY_STATUS.BLOCKED,
  };
}

/**
 * startBiometry: the account's newest enrolment when it has one (open, ACTIVE, or a final verdict
 * only support can lift), else a new STARTED one. Repeating the call never makes a second one.
 */
export async function startBiometry(options: {
  s: TBiometryServices;
  userId: string;
  eventId: number | null;
}): Promise<TStartBiometryAnswer> {
  const { s, userId } = options;
  const row = (await newestEnrolment(s.db, userId)) ?? (await openEnrolment(s.db, userId, options.eventId));
  return enrolmentAnswer(s, row);
}

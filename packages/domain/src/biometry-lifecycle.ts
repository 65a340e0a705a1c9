import { BIOMETRY_STATUS, type TBiometryStatus } from './biometry.ts';

const S = BIOMETRY_STATUS;

/**
 * Which biometry status may follow which (accounts §4). The one writer
 * (apps/api/src/modules/biometry/biometry-state.ts) moves an enrolment only along these edges,
 * each move a conditional UPDATE from the allowed previous statuses.
 *
 * - STARTED: made by startBiometry; the first capture received moves it to IN_PROGRESS.
 * - IN_PROGRESS: captures refused so far (each one an attempt); the limit ends it BLOCKED.
 * - ACTIVE, LINKED_TO_ANOTHER_ACCOUNT, BLOCKED: final for the buyer (support may start over).
 * - MANUAL_VERIFICATION: a person decides (REVIEW_DECISIONS): ACTIVE, BLOCKED (not a live person, a
 *   fraud: code LR0001 and support), LINKED_TO_ANOTHER_ACCOUNT or DOCUMENT_MISMATCH.
 * - DOCUMENT_MISMATCH: final; only a reviewer (or a provider that compares a document) sets it.
 * - NOT_EXISTENT is never stored: it is the answer for an account without an enrolment.
 */
export const BIOMETRY_MOVES: Readonly<Record<TBiometryStatus, readonly TBiometryStatus[]>> = {
  [S.NOT_EXISTENT]: [],
  [S.STARTED]: [
    S.IN_PROGRESS,
    S.ACTIVE,
    S.MANUAL_VERIFICATION,
    S.BLOCKED,
    S.LINKED_TO_ANOTHER_ACCOUNT,
    S.DOCUMENT_MISMATCH,
  ],
  [S.IN_PROGRESS]: [
    S.ACTIVE,
    S.MANUAL_VERIFICATION,
    S.BLOCKED,
    S.LINKED_TO_ANOTHER_ACCOUNT,
    S.DOCUMENT_MISMATCH,
  ],
  [S.MANUAL_VERIFICATION]: [S.ACTIVE, S.BLOCKED, S.LINKED_TO_ANOTHER_ACCOUNT, S.DOCUMENT_MISMATCH],
  [S.ACTIVE]: [],
  [S.BLOCKED]: [],
  [S.LINKED_TO_ANOTHER_ACCOUNT]: [],
  [S.DOCUMENT_MISMATCH]: [],
};

/** Statuses in which a capture may still be sent (the enrolment is open). */
export const OPEN_BIOMETRY_STATUSES: readonly TBiometryStatus[] = [S.STARTED, S.IN_PROGRESS];

export function canMoveBiometry(from: TBiometryStatus, to: TBiometryStatus): boolean {
  return BIOMETRY_MOVES[from].includes(to);
}

/** The statuses an enrolment may be in for a move to `to` (the guard of its conditional UPDATE). */
export function biometryMovesInto(to: TBiometryStatus): TBiometryStatus[] {
  return (Object.keys(BIOMETRY_MOVES).map(Number) as TBiometryStatus[]).filter((from) =>
    canMoveBiometry(from, to),
  );
}

/** A status in which the buyer can do nothing more by capturing again. */
export function isFinalBiometryStatus(status: TBiometryStatus): boolean {
  return !OPEN_BIOMETRY_STATUSES.includes(status);
}

/**
 * What a refused capture does: it counts an attempt; the `maxAttempts`-th refused capture blocks
 * the enrolment (accounts §4 BLOCKED, code LR0001), earlier ones leave it IN_PROGRESS.
 */
export function afterRefusedCapture(
  attemptsBefore: number,
  maxAttempts: number,
): { status: TBiometryStatus; attempts: number; attemptsLeft: number; hasExceededAttempts: boolean } {
  const attempts = attemptsBefore + 1;
  const blocked = attempts >= maxAttempts;
  return {
    status: blocked ? S.BLOCKED : S.IN_PROGRESS,
    attempts,
    attemptsLeft: Math.max(0, maxAttempts - attempts),
    hasExceededAttempts: blocked,
  };
}

/**
 * The verdict of a capture that passed its checks, from the provider's findings: a face already
 * enrolled by another account at or above `match` is a duplicate; a narrow liveness pass or a
 * look-alike between `borderline` and `match` goes to a person; anything else enrols.
 */
export function captureVerdict(input: {
  borderlineCheck: boolean;
  /** The best similarity to another account's face, or null when none reached `borderline`. */
  bestOtherSimilarity: number | null;
  thresholds: { match: number; borderline: number };
}): TBiometryStatus {
  const { bestOtherSimilarity: best, thresholds } = input;
  if (best !== null && best >= thresholds.match) return S.LINKED_TO_ANOTHER_ACCOUNT;
  if (input.borderlineCheck || (best !== null && best >= thresholds.borderline)) return S.MANUAL_VERIFICATION;
  return S.ACTIVE;
}

/**
 * What the person who reviews a MANUAL_VERIFICATION enrolment may decide (issue 31 item 16), and
 * the status each decision writes: approve (the face is the buyer's and alive), reject (not a live
 * person, or a fraud: BLOCKED, code LR0001), duplicate (the face is another account's) and
 * document_mismatch (the face does not match the buyer's document: DOCUMENT_MISMATCH, accounts §4).
 */
export const REVIEW_DECISIONS = {
  approve: S.ACTIVE,
  reject: S.BLOCKED,
  duplicate: S.LINKED_TO_ANOTHER_ACCOUNT,
  document_mismatch: S.DOCUMENT_MISMATCH,
} as const satisfies Record<string, TBiometryStatus>;
export type TReviewDecision = keyof typeof REVIEW_DECISIONS;
export const REVIEW_DECISION_NAMES = Object.keys(REVIEW_DECISIONS) as [TReviewDecision, ...TReviewDecision[]];

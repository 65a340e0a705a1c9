import { describe, expect, it } from 'vitest';
import { BIOMETRY_STATUS as S } from './biometry.ts';
import {
  afterRefusedCapture,
  biometryMovesInto,
  canMoveBiometry,
  captureVerdict,
  isFinalBiometryStatus,
  REVIEW_DECISIONS,
} from './biometry-lifecycle.ts';

const thresholds = { match: 0.9, borderline: 0.75 };

describe('the biometry lifecycle', () => {
  it('lets an open enrolment end in any verdict and a final one go nowhere', () => {
    expect(canMoveBiometry(S.STARTED, S.IN_PROGRESS)).toBe(true);
    expect(canMoveBiometry(S.IN_PROGRESS, S.ACTIVE)).toBe(true);
    expect(canMoveBiometry(S.IN_PROGRESS, S.STARTED)).toBe(false);
    expect(canMoveBiometry(S.ACTIVE, S.LINKED_TO_ANOTHER_ACCOUNT)).toBe(false);
    expect(canMoveBiometry(S.BLOCKED, S.ACTIVE)).toBe(false);
    expect(canMoveBiometry(S.MANUAL_VERIFICATION, S.ACTIVE)).toBe(true);
    expect(canMoveBiometry(S.MANUAL_VERIFICATION, S.IN_PROGRESS)).toBe(false);
    expect(canMoveBiometry(S.DOCUMENT_MISMATCH, S.ACTIVE)).toBe(false);
  });

  it('guards a move into ACTIVE by the statuses that may reach it', () => {
    expect(biometryMovesInto(S.ACTIVE).sort()).toEqual(
      [S.IN_PROGRESS, S.MANUAL_VERIFICATION, S.STARTED].sort(),
    );
    expect(biometryMovesInto(S.BLOCKED).sort()).toEqual(
      [S.IN_PROGRESS, S.MANUAL_VERIFICATION, S.STARTED].sort(),
    );
    expect(biometryMovesInto(S.STARTED)).toEqual([]);
  });

  it('lets every review decision leave MANUAL_VERIFICATION, and only it', () => {
    for (const [decision, to] of Object.entries(REVIEW_DECISIONS)) {
      expect(canMoveBiometry(S.MANUAL_VERIFICATION, to), decision).toBe(true);
      for (const from of [S.ACTIVE, S.BLOCKED, S.LINKED_TO_ANOTHER_ACCOUNT, S.DOCUMENT_MISMATCH])
        expect(canMoveBiometry(from, to), `${decision} from ${from}`).toBe(false);
    }
    expect(REVIEW_DECISIONS.approve).toBe(S.ACTIVE);
    expect(REVIEW_DECISIONS.document_mismatch).toBe(S.DOCUMENT_MISMATCH);
  });

  it('calls only STARTED and IN_PROGRESS open', () => {
    expect(isFinalBiometryStatus(S.STARTED)).toBe(false);
    expect(isFinalBiometryStatus(S.IN_PROGRESS)).toBe(false);
    for (const status of [S.ACTIVE, S.BLOCKED, S.MANUAL_VERIFICATION, S.LINKED_TO_ANOTHER_ACCOUNT])
      expect(isFinalBiometryStatus(status)).toBe(true);
  });

  it('blocks on the third refused capture of three, not before', () => {
    expect(afterRefusedCapture(0, 3)).toEqual({
      status: S.IN_PROGRESS,
      attempts: 1,
      attemptsLeft: 2,
      hasExceededAttempts: false,
    });
    expect(afterRefusedCapture(1, 3).status).toBe(S.IN_PROGRESS);
    expect(afterRefusedCapture(2, 3)).toEqual({
      status: S.BLOCKED,
      attempts: 3,
      attemptsLeft: 0,
      hasExceededAttempts: true,
    });
    expect(afterRefusedCapture(0, 1).status).toBe(S.BLOCKED);
  });

  it('judges a capture by its look-alikes and its liveness margin', () => {
    expect(captureVerdict({ borderlineCheck: false, bestOtherSimilarity: null, thresholds })).toBe(S.ACTIVE);
    expect(captureVerdict({ borderlineCheck: false, bestOtherSimilarity: 0.74, thresholds })).toBe(S.ACTIVE);
    expect(captureVerdict({ borderlineCheck: false, bestOtherSimilarity: 0.75, thresholds })).toBe(
      S.MANUAL_VERIFICATION,
    );
    expect(captureVerdict({ borderlineCheck: true, bestOtherSimilarity: null, thresholds })).toBe(
      S.MANUAL_VERIFICATION,
    );
    expect(captureVerdict({ borderlineCheck: false, bestOtherSimilarity: 0.9, thresholds })).toBe(
      S.LINKED_TO_ANOTHER_ACCOUNT,
    );
    // A duplicate wins over a narrow liveness pass: the face is someone else's either way.
    expect(captureVerdict({ borderlineCheck: true, bestOtherSimilarity: 0.97, thresholds })).toBe(
      S.LINKED_TO_ANOTHER_ACCOUNT,
    );
  });
});

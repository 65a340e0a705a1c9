import {
  BIOMETRY_STATUS,
  LIVENESS_CHALLENGES,
  type TBiometryStatus,
  type TBiometryStatusName,
  type TLivenessChallenge,
} from '@ingressos/domain/biometry';
import { REVIEW_DECISION_NAMES, type TReviewDecision } from '@ingressos/domain/biometry-lifecycle';
import { z } from 'zod';
import { sameShape, type TSame } from './type-equal.ts';

/**
 * Facial biometry calls (accounts §7): startBiometry, generateToken, create, the status of a user
 * and the status by uuid. Our capture sends its frames with `create` (the spec's call takes the
 * uuid; the frames are this storefront's own provider's input, never kept past the check unless
 * the result goes to manual verification).
 *
 * Who may act on a uuid: its owner's session, or a signed enrolment token made by generateToken
 * (header `X-Biometry-Token`, for the phone that scanned the QR code, which has no session).
 */

const ZUuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'uuid');

/** Header that carries an enrolment token instead of a session. */
export const BIOMETRY_TOKEN_HEADER = 'x-biometry-token';

/** POST /v1/biometry/startBiometry: body not shown by the spec; ours may name the event that asks. */
export const ZStartBiometryRequest = z.object({ eventId: z.number().int().positive().optional() }).strict();
export type TStartBiometryRequest = z.infer<typeof ZStartBiometryRequest>;
export type TStartBiometryAnswer = {
  uuid: string;
  statusId: TBiometryStatus;
  challenge: TLivenessChallenge;
  /** Frames the capture must send, and how many failed checks are left before BLOCKED. */
  frames: { min: number; max: number };
  attemptsLeft: number;
  hasExceededAttempts: boolean;
};

/** POST /v1/biometry/generateToken. */
export const ZGenerateBiometryTokenRequest = z
  .object({
    uuid: ZUuid,
    channel: z.enum(['qrcode', 'email', 'sms', 'web']),
    locale: z.string().trim().min(2).max(10),
  })
  .strict();
export type TGenerateBiometryTokenRequest = z.infer<typeof ZGenerateBiometryTokenRequest>;
export type TGenerateBiometryTokenAnswer = {
  token: string;
  /** The page that continues the enrolment with this token (what the QR code holds). */
  url: string;
  expiresAt: string;
};

/**
 * POST /v1/biometry/create: checks the capture and answers `data.biometryStatusId`.
 * Frames are JPEG images as base64 (no data: prefix), in capture order.
 */
export const BIOMETRY_FRAME_MAX_BYTES = 400_000;
export const ZCreateBiometryRequest = z
  .object({
    uuid: ZUuid,
    frames: z
      .array(
        z
          .string()
          .min(100)
          .max(Math.ceil((BIOMETRY_FRAME_MAX_BYTES * 4) / 3) + 4),
      )
      .min(1)
      .max(12),
  })
  .strict();
export type TCreateBiometryRequest = z.infer<typeof ZCreateBiometryRequest>;
/** Why a capture was refused without counting as a finished enrolment (shown with the spec's texts). */
export type TBiometryCaptureProblem =
  | 'no_face'
  | 'several_faces'
  | 'challenge_failed'
  | 'not_live'
  | 'bad_image';
export type TCreateBiometryAnswer = {
  success: boolean;
  data: {
    biometryStatusId: TBiometryStatus;
    /** Set when this capture was refused; the status then stays what it was (or BLOCKED past the limit). */
    problem: TBiometryCaptureProblem | null;
    attemptsLeft: number;
    hasExceededAttempts: boolean;
  };
  message?: string;
};

/** GET /v1/biometry/status/{uuid} (the spec's "status by uuid", path not shown). */
export type TBiometryStatusByUuidAnswer = {
  statusId: TBiometryStatus;
  uuid: string;
  hasExceededAttempts: boolean;
};

/** GET /v1/biometry/user/{userId}: `success` false and `data` null when the account has no biometry record. */
export type TBiometryUserStatus = {
  statusId: TBiometryStatus;
  statusName: TBiometryStatusName;
  uuid: string;
  groupId: number | null;
  groupName: string | null;
  hasExceededAttempts: boolean;
  /** MANUAL_VERIFICATION: when an answer is due (the configured hours after the capture). */
  reviewDueAt: string | null;
};
export type TBiometryUserStatusAnswer = { success: boolean; data: TBiometryUserStatus | null };

// Answer schemas (documented in /api/openapi.json; the types above are the promise).
const ZStatusId = z.number().int().min(0).max(7) as unknown as z.ZodType<TBiometryStatus>;

export const ZStartBiometryAnswer = z.object({
  uuid: z.string(),
  statusId: ZStatusId,
  challenge: z.enum(LIVENESS_CHALLENGES),
  frames: z.object({ min: z.number(), max: z.number() }),
  attemptsLeft: z.number(),
  hasExceededAttempts: z.boolean(),
});
sameShape<TSame<z.output<typeof ZStartBiometryAnswer>, TStartBiometryAnswer>>(true);

export const ZGenerateBiometryTokenAnswer = z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
sameShape<TSame<z.output<typeof ZGenerateBiometryTokenAnswer>, TGenerateBiometryTokenAnswer>>(true);

export const ZCreateBiometryAnswer = z.object({
  success: z.boolean(),
  data: z.object({
    biometryStatusId: ZStatusId,
    problem: z.enum(['no_face', 'several_faces', 'challenge_failed', 'not_live', 'bad_image']).nullable(),
    attemptsLeft: z.number(),
    hasExceededAttempts: z.boolean(),
  }),
  message: z.string().optional(),
});
sameShape<TSame<z.output<typeof ZCreateBiometryAnswer>, TCreateBiometryAnswer>>(true);

export const ZBiometryStatusByUuidAnswer = z.object({
  statusId: ZStatusId,
  uuid: z.string(),
  hasExceededAttempts: z.boolean(),
});
sameShape<TSame<z.output<typeof ZBiometryStatusByUuidAnswer>, TBiometryStatusByUuidAnswer>>(true);

const ZStatusName = z.enum(Object.keys(BIOMETRY_STATUS) as [TBiometryStatusName, ...TBiometryStatusName[]]);
export const ZBiometryUserStatusAnswer = z.object({
  success: z.boolean(),
  data: z
    .object({
      statusId: ZStatusId,
      statusName: ZStatusName,
      uuid: z.string(),
      groupId: z.number().nullable(),
      groupName: z.string().nullable(),
      hasExceededAttempts: z.boolean(),
      reviewDueAt: z.string().nullable(),
    })
    .nullable(),
});
sameShape<TSame<z.output<typeof ZBiometryUserStatusAnswer>, TBiometryUserStatusAnswer>>(true);

/** Path parameters of the status calls. */
export const ZBiometryUserParams = z.object({ userId: ZUuid });
export const ZBiometryUuidParams = z.object({ uuid: ZUuid });
export const ZBiometryTokenHeader = z.object({ [BIOMETRY_TOKEN_HEADER]: z.string().optional() });

/** DELETE /api/privacy/biometry: what the account had (LGPD art. 18 VI, art. 11). */
export type TDeleteBiometryAnswer = { Message: string; deleted: number };
export const ZDeleteBiometryAnswer = z.object({ Message: z.string(), deleted: z.number() });
sameShape<TSame<z.output<typeof ZDeleteBiometryAnswer>, TDeleteBiometryAnswer>>(true);

/** The data export's biometry part: statuses and dates, never a descriptor or an image. */
export type TBiometryExport = {
  status: 'not_collected' | 'collected';
  detail: string;
  enrolments: {
    uuid: string;
    statusId: TBiometryStatus;
    statusName: TBiometryStatusName | null;
    attempts: number;
    createdAt: string;
    updatedAt: string;
  }[];
};

/**
 * Staff calls (issue 31 item 16), header `X-Admin-Token` = ADMIN_TOKEN: the enrolments waiting for
 * a person (GET /api/admin/biometry/reviews) and a decision on one
 * (POST /api/admin/biometry/reviews/{uuid}). The operator's console will call the same.
 */
export const ZBiometryReviewRequest = z
  .object({
    decision: z.enum(REVIEW_DECISION_NAMES),
    /** Who decides (a name or an e-mail): it goes to the log with the decision. */
    reviewer: z.string().trim().min(2).max(120),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type TBiometryReviewRequest = z.infer<typeof ZBiometryReviewRequest>;
export type TBiometryReviewAnswer = {
  Message: string;
  uuid: string;
  decision: TReviewDecision;
  statusId: TBiometryStatus;
  statusName: TBiometryStatusName;
};
export const ZBiometryReviewAnswer = z.object({
  Message: z.string(),
  uuid: z.string(),
  decision: z.enum(REVIEW_DECISION_NAMES),
  statusId: ZStatusId,
  statusName: ZStatusName,
});
sameShape<TSame<z.output<typeof ZBiometryReviewAnswer>, TBiometryReviewAnswer>>(true);

/** One enrolment waiting for a person, oldest first: no face, no document, only what finds the account. */
export type TBiometryPendingReview = {
  uuid: string;
  userId: string;
  name: string;
  email: string;
  createdAt: string;
  reviewDueAt: string | null;
};
export type TBiometryPendingReviewsAnswer = { reviews: TBiometryPendingReview[] };
export const ZBiometryPendingReviewsAnswer = z.object({
  reviews: z.array(
    z.object({
      uuid: z.string(),
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      createdAt: z.string(),
      reviewDueAt: z.string().nullable(),
    }),
  ),
});
sameShape<TSame<z.output<typeof ZBiometryPendingReviewsAnswer>, TBiometryPendingReviewsAnswer>>(true);

import type { TLivenessChallenge } from '@ingressos/domain/biometry';

/**
 * The face provider behind facial biometry: the local one (the default, `@vladmandic/human` on
 * the server, descriptors in our database, encrypted) and AWS Rekognition (a collection of its
 * own) implement the same shape, so the biometry use-cases never know which runs.
 *
 * Never pass it a descriptor computed by a browser: it takes the captured images only.
 */

/** What a capture's check found. Problems are the buyer's to fix (retry), not errors. */
export type TCaptureCheck =
  | {
      kind: 'ok';
      /** What search and enrol need: our descriptor, or the image the provider indexes itself. */
      probe: TFaceProbe;
      /** 0..1, the liveness evidence (challenge met and anti-spoofing). */
      liveness: number;
      /** True when a check passed only narrowly: the enrolment goes to MANUAL_VERIFICATION. */
      borderline: boolean;
    }
  | {
      kind: 'no_face' | 'several_faces' | 'challenge_failed' | 'not_live' | 'bad_image';
      /** The frame (capture order) that showed the problem, when one did. */
      frameIndex: number | null;
    };

export type TFaceProbe = {
  /** A face descriptor computed on the server (local provider). */
  descriptor?: Float32Array;
  /** The best frame, JPEG, for providers that index images (Rekognition). */
  image?: Uint8Array;
};

/** An enrolled face of a subject (our user id) that looks like the probe. */
export type TFaceMatch = { subjectId: string; similarity: number };

export type TBiometryProvider = {
  name: 'local' | 'rekognition';
  /** One face in every frame, the challenge met across them, a probe for the rest. */
  check(input: { frames: Uint8Array[]; challenge: TLivenessChallenge }): Promise<TCaptureCheck>;
  /** Enrolled subjects whose face matches the probe at or above `thresholds.borderline`, best first. */
  search(probe: TFaceProbe): Promise<TFaceMatch[]>;
  /** Keeps the subject's face (replacing an earlier one). */
  enrol(subjectId: string, probe: TFaceProbe): Promise<void>;
  /** Forgets the subject's face (LGPD: delete my biometry, account deletion). */
  remove(subjectId: string): Promise<void>;
  /** Similarity at or above `match` is the same person; between `borderline` and `match` a human decides. */
  thresholds: { match: number; borderline: number };
};

/**
 * The local provider's engine (`local-face-engine.ts`): checks a capture on this server and
 * computes descriptors; it stores nothing. The local provider is this engine plus our encrypted
 * descriptor store (`local-face-store.ts`).
 */
export type TFaceEngine = {
  /** As TBiometryProvider.check; an 'ok' probe always carries `descriptor`. */
  check(input: { frames: Uint8Array[]; challenge: TLivenessChallenge }): Promise<TCaptureCheck>;
  /** 0..1, how alike two descriptors are (1: the same face). */
  similarity(a: Float32Array, b: Float32Array): number;
  thresholds: { match: number; borderline: number };
};
